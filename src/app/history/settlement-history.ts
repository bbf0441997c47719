import type { SettlementCompleted } from '../../core/index.ts';
import { ArchivedLists, type SavedLists } from './archived-lists.ts';
import type { ArrayReader, ArrayWriter } from './checkpoint-codec.ts';
import type { SettledAccount, SettlementDetail, SettlementRecord } from './history-records.ts';
import type { RecordArchive } from './record-archive.ts';

/** An account's line as the archive keeps it: with the index of its settlement. */
type StoredLine = SettledAccount & { readonly settlement: number };

const LINE_CODEC = { encode: (line: StoredLine) => JSON.stringify(line), decode: (text: string) => JSON.parse(text) as StoredLine };

/** What a checkpoint keeps of the settlements: the records as data, the lines as archived lists. */
export interface SavedSettlements {
  readonly records: readonly SettlementRecord[];
  readonly lines: SavedLists<StoredLine>;
}

/**
 * Every day-end settlement: its summary and prices, and each account's line (money,
 * positions, liquidation). The lines are most of it, one per account per day, every
 * account every day: as objects they kept about 1,180 bytes per account-day in the heap
 * for good (3,000 students over a 120-day semester: 420 MB, found by review). They go to
 * the history's archive as finished orders do, per account, and are read back by
 * account (statements) or by day (the operators' detail, a page at a time).
 */
export class SettlementHistory {
  private readonly records: SettlementRecord[] = [];
  private readonly lines: ArchivedLists<StoredLine>;

  constructor(archive: RecordArchive, keepInHeap: number) {
    this.lines = new ArchivedLists(archive, LINE_CODEC, keepInHeap, (line) => line.settlement);
  }

  /** A settlement: `tradesThrough` tells how many trades an account has so far. */
  observe(event: Omit<SettlementCompleted, 'type'>, ts: number, tradesThrough: (accountId: string) => number): void {
    const { accounts, ...summary } = event;
    this.add({ ...summary, ts }, accounts.map((account) => ({ ...account, tradesThrough: tradesThrough(account.accountId) })));
  }

  /** A settlement saved with its lines (toJSON's form, or a snapshot's from before the lines were kept apart). */
  adopt(detail: SettlementDetail): void {
    const { accounts, ...summary } = detail;
    this.add(summary, accounts);
  }

  private add(summary: Omit<SettlementDetail, 'accounts'>, accounts: readonly SettledAccount[]): void {
    const index = this.records.length;
    this.records.push({
      ...summary,
      index,
      accountIds: accounts.map((a) => a.accountId),
      failedAccountIds: accounts.filter((a) => a.forceCloseFailed === true).map((a) => a.accountId),
    });
    for (const account of accounts) {
      // A line never changes: it may leave the heap at once.
      this.lines.settle(account.accountId, this.lines.push(account.accountId, { ...account, settlement: index }));
    }
  }

  /** Every settlement, oldest first. */
  all(): readonly SettlementRecord[] {
    return this.records;
  }

  on(date: string): SettlementRecord | undefined {
    return this.records.find((s) => s.settlementDate === date);
  }

  /** The account's line of the settlement of that index, if it was settled then. */
  line(settlement: number, accountId: string): SettledAccount | undefined {
    const at = this.lines.indexOfKey(accountId, settlement);
    return at === undefined ? undefined : withoutIndex(this.lines.get(accountId, at)!);
  }

  /** The account's lines, oldest first, with their settlements. */
  linesOf(accountId: string): { readonly settlement: SettlementRecord; readonly line: SettledAccount }[] {
    return this.lines.all(accountId).map((stored) => ({ settlement: this.records[stored.settlement]!, line: withoutIndex(stored) }));
  }

  /** Every settlement with its lines (toJSON). */
  details(): SettlementDetail[] {
    return this.records.map(({ index, accountIds, failedAccountIds: _failed, ...summary }) => ({
      ...summary,
      accounts: accountIds.map((accountId) => this.line(index, accountId)!),
    }));
  }

  /** The accounts with a line. */
  accounts(): IterableIterator<string> {
    return this.lines.accounts();
  }

  save(arrays: ArrayWriter): SavedSettlements {
    return { records: this.records, lines: this.lines.save(arrays) };
  }

  restore(saved: SavedSettlements, arrays: ArrayReader): void {
    this.records.push(...saved.records);
    this.lines.restore(saved.lines, arrays);
  }

  /** The newest archived line of each account (see ArchivedLists.newestArchived). */
  newestArchived(): { readonly account: string; readonly record: { readonly accountId: string } }[] {
    return this.lines.newestArchived();
  }
}

function withoutIndex({ settlement: _settlement, ...line }: StoredLine): SettledAccount {
  return line;
}
