import type { ConditionalRecord, ConditionalStatus } from '../../core/index.ts';
import { archivedRecordTest, CONDITIONAL_CODEC } from './archive-codecs.ts';
import { ArchivedLists, type SavedLists } from './archived-lists.ts';
import type { ArrayReader, ArrayRef, ArrayWriter } from './checkpoint-codec.ts';
import { OrderIdIndex } from './order-id-index.ts';
import type { RecordArchive } from './record-archive.ts';

export type ConditionalCounts = Record<ConditionalStatus, number>;

const noCounts = (): ConditionalCounts => ({ Pending: 0, Triggered: 0, Cancelled: 0, Expired: 0, Failed: 0 });

/** What a checkpoint keeps of the conditional orders (typed arrays as refs into its arrays). */
export interface SavedConditionals {
  readonly lists: SavedLists<ConditionalRecord>;
  readonly ids: readonly (readonly [account: string, table: { readonly seed: number; readonly entries: number; readonly indexes: ArrayRef; readonly hashes: ArrayRef }])[];
  readonly counts: readonly (readonly [account: string, counts: ConditionalCounts])[];
}

/**
 * Every conditional order ever created, per account in the order created: the record the
 * list and statistics routes read. The core keeps only pending ones (what a trade may
 * fire); each `conditional.changed` event brings the record here, where a pending one is
 * an object that its finishing event updates, and a finished one never changes again and
 * leaves the heap for the archive, as finished orders do. A user who creates and cancels
 * conditional orders all day thus costs the store, not the exchange's memory.
 */
export class ConditionalHistory {
  private readonly lists: ArchivedLists<ConditionalRecord>;
  /** Account → conditional id → index of its record in the account's list. */
  private readonly ids = new Map<string, OrderIdIndex>();
  /** Account → its records counted by status (the statistics route, without reading them). */
  private readonly counts = new Map<string, ConditionalCounts>();

  constructor(archive: RecordArchive, keepInHeap: number) {
    this.lists = new ArchivedLists(archive, CONDITIONAL_CODEC, keepInHeap, (record) => record.createdTs);
  }

  /** A `conditional.changed` event: a new order, or the end of a pending one. */
  observe(record: ConditionalRecord): void {
    const index = this.ids.get(record.accountId)?.get(record.conditionalId);
    const known = index === undefined ? undefined : this.lists.inHeap(record.accountId, index);
    if (known === undefined || known.status !== 'Pending') {
      this.add(record);
      return;
    }
    const counts = this.countsOf(record.accountId);
    counts.Pending--;
    counts[record.status]++;
    Object.assign(known, record);
    if (record.status !== 'Pending') this.lists.settle(record.accountId, index!);
  }

  /**
   * A record the history has no event for (an order created before the history kept
   * conditional orders): added unless its id is known. Returns whether it was added.
   */
  adopt(record: ConditionalRecord): boolean {
    if (this.get(record.accountId, record.conditionalId) !== undefined) return false;
    this.add(record);
    return true;
  }

  /** The account's conditional order of this id. */
  get(accountId: string, conditionalId: string): ConditionalRecord | undefined {
    const index = this.ids.get(accountId)?.get(conditionalId);
    return index === undefined ? undefined : this.lists.get(accountId, index);
  }

  /** Records `offset` on (at most `limit`) of the accounts' conditional orders, oldest first. */
  page(accountIds: readonly string[], offset: number, limit: number): ConditionalRecord[] {
    return this.lists.page(accountIds, offset, limit);
  }

  /** How many conditional orders the accounts have. */
  total(accountIds: readonly string[]): number {
    let total = 0;
    for (const account of accountIds) total += this.lists.count(account);
    return total;
  }

  /** The accounts' conditional orders counted by status. */
  countByStatus(accountIds: readonly string[]): ConditionalCounts {
    const sum = noCounts();
    for (const account of accountIds) {
      const counts = this.counts.get(account);
      if (counts === undefined) continue;
      for (const status of Object.keys(sum) as ConditionalStatus[]) sum[status] += counts[status];
    }
    return sum;
  }

  /** Every record, account by account, oldest first (toJSON). */
  all(): ConditionalRecord[] {
    const out: ConditionalRecord[] = [];
    for (const account of this.lists.accounts()) out.push(...this.lists.all(account));
    return out;
  }

  save(arrays: ArrayWriter): SavedConditionals {
    return {
      lists: this.lists.save(arrays),
      ids: [...this.ids].map(([account, index]) => {
        const saved = index.save();
        return [account, { seed: saved.seed, entries: saved.entries, indexes: arrays.ref(saved.indexes), hashes: arrays.ref(saved.hashes) }] as const;
      }),
      counts: [...this.counts],
    };
  }

  restore(saved: SavedConditionals, arrays: ArrayReader): void {
    this.lists.restore(saved.lists, arrays);
    for (const [account, table] of saved.ids) {
      const restored = { seed: table.seed, entries: table.entries, indexes: arrays.u32(table.indexes), hashes: arrays.u32(table.hashes) };
      this.ids.set(account, OrderIdIndex.restore(restored, this.hasId(account)));
    }
    for (const [account, counts] of saved.counts) this.counts.set(account, { ...counts });
  }

  /** The newest archived record of each account (see ArchivedLists.newestArchived). */
  newestArchived(): { readonly account: string; readonly record: { readonly accountId: string } }[] {
    return this.lists.newestArchived();
  }

  private add(record: ConditionalRecord): void {
    const accountId = record.accountId;
    let ids = this.ids.get(accountId);
    if (ids === undefined) this.ids.set(accountId, (ids = new OrderIdIndex(this.hasId(accountId))));
    // A copy: the history changes a pending record in place when it finishes.
    const index = this.lists.push(accountId, { ...record });
    ids.set(record.conditionalId, index);
    this.countsOf(accountId)[record.status]++;
    if (record.status !== 'Pending') this.lists.settle(accountId, index);
  }

  private countsOf(accountId: string): ConditionalCounts {
    let counts = this.counts.get(accountId);
    if (counts === undefined) this.counts.set(accountId, (counts = noCounts()));
    return counts;
  }

  /** Whether the account's record at an index is of an id (archived records are not decoded for it). */
  private hasId(accountId: string): (index: number, id: string) => boolean {
    const archivedIs = archivedRecordTest(accountId);
    return (index, id) => this.lists.test(accountId, index, (record) => record.conditionalId === id, (text) => archivedIs(text, id));
  }
}
