import { isIPv4, isIPv6 } from 'node:net';

/**
 * The unit a quota counts: an IPv4 address (also when written IPv4-mapped, as a dual-stack
 * socket reports it), or an IPv6 /64, the block one subscriber gets, which holds more
 * addresses than anyone could use up one by one. Anything else (a name) as it is.
 */
export function quotaKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null && isIPv4(mapped[1]!)) return mapped[1]!;
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * Connections held per client address (per quotaKey), at most `limit` each. Without it one client could
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
    return this.isFullKey(quotaKey(address), address);
  }

  private isFullKey(key: string, address: string): boolean {
    if ((this.held.get(key) ?? 0) < this.limit) return false;
    if (!this.told.has(key)) {
      this.told.add(key);
      this.onFull(address);
    }
    return true;
  }

  /** Takes a connection for `address`; false when it holds its limit already. */
  take(address: string): boolean {
    const key = quotaKey(address);
    if (this.isFullKey(key, address)) return false;
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
    return true;
  }

  release(address: string): void {
    const key = quotaKey(address);
    const count = (this.held.get(key) ?? 0) - 1;
    if (count <= 0) this.held.delete(key);
    else this.held.set(key, count);
    if (count < this.limit) this.told.delete(key);
  }
}
