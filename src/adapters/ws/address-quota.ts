/**
 * Connections held per client address, at most `limit` each. Without it one client could
 * open every connection the DIFF port takes (MAX_DIFF_CONNECTIONS) and keep them with the
 * pings its WebSocket library answers by itself: no one else could connect.
 */
export class AddressQuota {
  private readonly held = new Map<string, number>();
  /** Addresses at the limit whose refusal was logged (once until they fall below it). */
  private readonly told = new Set<string>();

  constructor(
    readonly limit: number,
    /** Told once when an address is first refused at the limit. */
    private readonly onFull: (address: string) => void = () => undefined,
  ) {}

  /** True when `address` holds its limit: a new connection is refused (the first refusal is told). */
  isFull(address: string): boolean {
    if ((this.held.get(address) ?? 0) < this.limit) return false;
    if (!this.told.has(address)) {
      this.told.add(address);
      this.onFull(address);
    }
    return true;
  }

  /** Takes a connection for `address`; false when it holds its limit already. */
  take(address: string): boolean {
    if (this.isFull(address)) return false;
    this.held.set(address, (this.held.get(address) ?? 0) + 1);
    return true;
  }

  release(address: string): void {
    const count = (this.held.get(address) ?? 0) - 1;
    if (count <= 0) this.held.delete(address);
    else this.held.set(address, count);
    if (count < this.limit) this.told.delete(address);
  }
}
