import type { Account } from '../accounts/account.ts';

/**
 * A binary heap of (trigger price, account, version) entries. `rising` heaps pop the
 * lowest trigger first (accounts at risk when the price rises to it), falling heaps the
 * highest. Entries are never removed in place: an account re-indexed since the entry was
 * pushed has a newer version, and the stale entry is skipped when it surfaces.
 */
export class TriggerHeap {
  private readonly ticks: number[] = [];
  private readonly accounts: Account[] = [];
  private readonly versions: number[] = [];

  constructor(private readonly rising: boolean) {}

  get size(): number {
    return this.ticks.length;
  }

  push(ticks: number, account: Account, version: number): void {
    this.ticks.push(ticks);
    this.accounts.push(account);
    this.versions.push(version);
    this.siftUp(this.ticks.length - 1);
  }

  /** Pops every entry whose trigger the price reached; collects the still-current accounts. */
  popReached(priceTicks: number, out: Set<Account>): void {
    while (this.ticks.length > 0 && (this.rising ? priceTicks >= this.ticks[0]! : priceTicks <= this.ticks[0]!)) {
      const account = this.accounts[0]!;
      if (account.riskVersion === this.versions[0]) out.add(account);
      this.removeTop();
    }
  }

  /** Drops the entries of accounts re-indexed since (their version moved on) and re-heaps. */
  compact(): void {
    let kept = 0;
    for (let i = 0; i < this.ticks.length; i++) {
      if (this.accounts[i]!.riskVersion !== this.versions[i]) continue;
      this.ticks[kept] = this.ticks[i]!;
      this.accounts[kept] = this.accounts[i]!;
      this.versions[kept] = this.versions[i]!;
      kept++;
    }
    this.ticks.length = kept;
    this.accounts.length = kept;
    this.versions.length = kept;
    for (let i = (kept >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private before(i: number, j: number): boolean {
    return this.rising ? this.ticks[i]! < this.ticks[j]! : this.ticks[i]! > this.ticks[j]!;
  }

  private removeTop(): void {
    const last = this.ticks.length - 1;
    this.swap(0, last);
    this.ticks.pop();
    this.accounts.pop();
    this.versions.pop();
    this.siftDown(0);
  }

  private siftUp(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const n = this.ticks.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < n && this.before(left, best)) best = left;
      if (right < n && this.before(right, best)) best = right;
      if (best === i) return;
      this.swap(i, best);
      i = best;
    }
  }

  private swap(i: number, j: number): void {
    [this.ticks[i], this.ticks[j]] = [this.ticks[j]!, this.ticks[i]!];
    [this.accounts[i], this.accounts[j]] = [this.accounts[j]!, this.accounts[i]!];
    [this.versions[i], this.versions[j]] = [this.versions[j]!, this.versions[i]!];
  }
}
