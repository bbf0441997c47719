/**
 * Connections held per client address, at most `limit` each. Without it one client could
 * open every connection the DIFF port takes (MAX_DIFF_CONNECTIONS) and keep them with the
 * pings its WebSocket library answers by itself: no one else could connect.
 */
export class AddressQuota {
  private readonly held = new Map<string, number>();
  /** Addresses at the limit whose refusal was logged (once until they fall below it). */
  private readonly told = new Set<string>();

  constructor(readonly limit: number) {}

  /**
   * Takes a connection for `address`: 'taken', or 'refused' ('refused-first' for the first
   * refusal since the address reached the limit, the one worth a log line).
   */
  take(address: string): 'taken' | 'refused' | 'refused-first' {
    const count = this.held.get(address) ?? 0;
    if (count >= this.limit) {
      if (this.told.has(address)) return 'refused';
      this.told.add(address);
      return 'refused-first';
    }
    this.held.set(address, count + 1);
    return 'taken';
  }

  release(address: string): void {
    const count = (this.held.get(address) ?? 0) - 1;
    if (count <= 0) this.held.delete(address);
    else this.held.set(address, count);
    if (count < this.limit) this.told.delete(address);
  }

  heldBy(address: string): number {
    return this.held.get(address) ?? 0;
  }
}
