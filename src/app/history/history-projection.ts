import {
  type ApplyResult,
  type CoreEvent,
  isLiveStatus,
  type StampedCommand,
  type TradeExecuted,
  type TradeSide,
} from '../../core/index.ts';
import { archivedRecordTest, ORDER_CODEC, TRADE_CODEC } from './archive-codecs.ts';
import { ArchivedLists } from './archived-lists.ts';
import { ArrayWriter, decodeCheckpoint, encodeCheckpoint } from './checkpoint-codec.ts';
import { ConditionalHistory } from './conditional-history.ts';
import {
  type EquityPoint,
  type FundsMovement,
  type LiquidationHistory,
  type OrderHistory,
  orderEntry,
  type SettledAccount,
  type SettlementRecord,
  type TradeHistory,
  type TransferHistory,
} from './history-records.ts';
import { OrderIdIndex } from './order-id-index.ts';
import { RecordArchive } from './record-archive.ts';
import { CHECKPOINT_VERSION, type CheckpointDocument, type HistoryOptions, type SavedHistory } from './saved-history.ts';
import { SettlementHistory } from './settlement-history.ts';

export type { HistoryOptions, SavedHistory } from './saved-history.ts';

/**
 * Settled orders, and trades, kept as objects before the oldest go to the archive. A DIFF
 * session marks each order that finished in its rtn_data by its place in the history,
 * confirmed against the record: with 4,096, orders in 100-order frames were often
 * archived before their session's rtn_data, and each confirm read the archive (5% less
 * DIFF order entry). 16,384 objects are about 10 MB of heap, whatever the history's size.
 */
const KEEP_IN_HEAP = 16_384;
/** Finished conditional orders kept as objects before the oldest are archived (nothing reads them soon after). */
const CONDITIONALS_KEPT_IN_HEAP = 1_024;
/** Accounts' settlement lines kept as objects before the oldest are archived: the latest day's of a large class. */
const SETTLEMENT_LINES_KEPT_IN_HEAP = 4_096;

/** The event types the history is built from (see `observe`). */
const HISTORY_EVENTS = new Set<CoreEvent['type']>([
  'order.accepted',
  'order.rejected',
  'order.replaced',
  'order.cancelled',
  'trade.executed',
  'account.opened',
  'account.funds-moved',
  'transfer.recorded',
  'settlement.completed',
  'account.liquidated',
  'conditional.changed',
]);

/** The events that place or change an order, each naming one. */
export type OrderEvent = Extract<CoreEvent, { type: 'order.accepted' | 'order.rejected' | 'order.replaced' | 'order.cancelled' }>;

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer E)[] ? E[] : T[K] };


/**
 * The history users query (orders, trades, transfers, settlements, liquidations, equity
 * curves), built from the core's events. Being a projection of the journal, a replay
 * rebuilds it identically.
 *
 * Orders and trades, which grow with every command, leave the heap once settled (a
 * finished order, any trade): see ArchivedLists and RecordArchive. The rest is small and
 * stays as objects.
 */
const NONE_TRADED: ReadonlySet<string> = new Set();

export class HistoryProjection {
  private readonly archive: RecordArchive;
  /** Orders by account, in the order they were placed (an id used again after its order finished appears twice). */
  private readonly orders: ArchivedLists<OrderHistory>;
  /** Account → order id → index in `orders` of the latest order under that id. */
  private latest = new Map<string, OrderIdIndex>();
  private readonly trades: ArchivedLists<TradeHistory>;
  /** Conditional orders: the core keeps only the pending ones. */
  readonly conditionals: ConditionalHistory;
  /** Account → the instruments it has traded: every position it can ever have been shown. */
  private readonly tradedInstruments = new Map<string, Set<string>>();
  private transfers = new Map<string, TransferHistory[]>();
  private funds = new Map<string, FundsMovement[]>();
  private readonly settled: SettlementHistory;
  private liquidations: LiquidationHistory[] = [];
  private tradeCount = 0;
  private orderCount = 0;
  /**
   * The list position of the order each order event named, while the event lives. An
   * HTTP reply is built once its command's journal batch is durable, after every command
   * of the batch: it finds its order by its own event, whatever later commands did with
   * the id (used it again once the order finished, or modified the order, which gives it
   * another exchange order id). Weak: the entries go with the events.
   */
  private readonly eventOrders = new WeakMap<OrderEvent, number>();

  constructor(options: HistoryOptions = {}, archive?: RecordArchive) {
    const keep = options.keepInHeap ?? KEEP_IN_HEAP;
    this.archive = archive ?? new RecordArchive({ store: options.archiveStore, chunkBytes: options.archiveChunkBytes });
    this.orders = new ArchivedLists(this.archive, ORDER_CODEC, keep, entryTime);
    this.trades = new ArchivedLists(this.archive, TRADE_CODEC, keep, tradeTime);
    this.conditionals = new ConditionalHistory(this.archive, Math.min(keep, CONDITIONALS_KEPT_IN_HEAP));
    this.settled = new SettlementHistory(this.archive, Math.min(keep, SETTLEMENT_LINES_KEPT_IN_HEAP));
  }

  /**
   * Everything the history holds, as plain data: what snapshots held before the history was
   * rebuilt from the journal's sidecar (fromJSON still reads such snapshots), and what tests
   * compare.
   */
  toJSON(): SavedHistory {
    return {
      orders: [...this.orders.accounts()].map((account) => [account, this.orders.all(account)]),
      trades: [...this.trades.accounts()].map((account) => [account, this.trades.all(account)]),
      conditionals: this.conditionals.all(),
      settlements: this.settled.details(),
      equity: [...this.settled.accounts()].map((account) => [account, [...this.equityCurve(account)]]),
      ...this.otherRecords(),
    };
  }

  /** What the history holds beside its orders and trades, as plain data (toJSON and checkpoints alike). */
  private otherRecords(): Omit<SavedHistory, 'orders' | 'trades' | 'conditionals' | 'settlements' | 'equity'> & { readonly orderCount: number } {
    return {
      transfers: [...this.transfers],
      funds: [...this.funds],
      liquidations: this.liquidations,
      tradeCount: this.tradeCount,
      orderCount: this.orderCount,
    };
  }

  static fromJSON(saved: SavedHistory, options: HistoryOptions = {}): HistoryProjection {
    const history = new HistoryProjection(options);
    for (const [, list] of saved.orders) for (const order of list) history.addEntry({ ...order, tradeIds: [...order.tradeIds] });
    for (const [account, list] of saved.trades) for (const trade of list) history.addTrade(account, trade);
    for (const record of saved.conditionals ?? []) history.conditionals.adopt(record);
    history.transfers = new Map(saved.transfers);
    history.funds = new Map(saved.funds);
    // The equity curves are the settlements' balances (`equity` is derived, as toJSON writes it).
    for (const settlement of saved.settlements) history.settled.adopt(settlement);
    history.liquidations = [...saved.liquidations];
    history.tradeCount = saved.tradeCount;
    history.orderCount = saved.orderCount ?? 0;
    return history;
  }

  /**
   * The whole history as bytes, for a fast start: the next start loads it instead of
   * rebuilding the history from every sidecar the journal holds, and applies only the
   * sidecars after it. Undefined while the archive has a chunk its store does not (a
   * failed write): call after `flush`. Indexes go as typed arrays, records still in the
   * heap and the small lists as JSON (checkpoint-codec.ts).
   */
  checkpoint(): Buffer | undefined {
    const archive = this.archive.save();
    if (archive === undefined) return undefined;
    const arrays = new ArrayWriter();
    const document: CheckpointDocument = {
      version: CHECKPOINT_VERSION,
      archive: {
        count: archive.count,
        nextChunk: archive.nextChunk,
        chunkOf: arrays.ref(archive.chunkOf),
        offsetOf: arrays.ref(archive.offsetOf),
        open: archive.open.map(([group, chunk, bytes]) => [group, chunk, arrays.ref(bytes)] as const),
      },
      orders: this.orders.save(arrays),
      trades: this.trades.save(arrays),
      conditionals: this.conditionals.save(arrays),
      settlements: this.settled.save(arrays),
      latest: [...this.latest].map(([account, index]) => {
        const saved = index.save();
        return [account, { seed: saved.seed, entries: saved.entries, indexes: arrays.ref(saved.indexes), hashes: arrays.ref(saved.hashes) }] as const;
      }),
      tradedInstruments: [...this.tradedInstruments].map(([account, instruments]) => [account, [...instruments]] as const),
      ...this.otherRecords(),
    };
    return encodeCheckpoint(document, arrays);
  }

  /** The history a checkpoint holds (see `checkpoint`); throws when the bytes are not one this version wrote. */
  static fromCheckpoint(bytes: Uint8Array, options: HistoryOptions = {}): HistoryProjection {
    const { document, arrays } = decodeCheckpoint(bytes);
    // The checkpoint is this exchange's own earlier output: its version is checked, and its
    // shape where a mistake would go unnoticed (array kinds and lengths), the rest by use.
    const version = (document as { version?: unknown } | null)?.version;
    if (version !== CHECKPOINT_VERSION) throw new Error(`history checkpoint version ${String(version)}, not ${CHECKPOINT_VERSION}`);
    const d = document as CheckpointDocument;
    const archive = RecordArchive.restore(
      {
        count: d.archive.count,
        nextChunk: d.archive.nextChunk,
        chunkOf: arrays.u32(d.archive.chunkOf),
        offsetOf: arrays.u16(d.archive.offsetOf),
        open: d.archive.open.map(([group, chunk, ref]) => [group, chunk, arrays.u8(ref)] as const),
      },
      { store: options.archiveStore, chunkBytes: options.archiveChunkBytes },
    );
    const history = new HistoryProjection(options, archive);
    history.orders.restore(d.orders, arrays);
    history.trades.restore(d.trades, arrays);
    history.conditionals.restore(d.conditionals, arrays);
    history.settled.restore(d.settlements, arrays);
    for (const [account, saved] of d.latest) {
      const table = { seed: saved.seed, entries: saved.entries, indexes: arrays.u32(saved.indexes), hashes: arrays.u32(saved.hashes) };
      history.latest.set(account, OrderIdIndex.restore(table, history.hasOrderId(account)));
    }
    for (const [account, instruments] of d.tradedInstruments) history.tradedInstruments.set(account, new Set(instruments));
    history.transfers = new Map(d.transfers);
    history.funds = new Map(d.funds);
    history.liquidations = [...d.liquidations];
    history.tradeCount = d.tradeCount;
    history.orderCount = d.orderCount;
    history.checkArchive();
    return history;
  }

  /**
   * Each account's newest archived order and trade must read back as that account's:
   * a store whose chunks another version rewrote (the checkpoint trusts them) fails here,
   * and the start rebuilds the history instead of serving foreign bytes.
   */
  private checkArchive(): void {
    const mismatch = (why: string): Error => new Error(`the archive's chunks do not match the checkpoint (${why})`);
    let newest: { readonly account: string; readonly record: { readonly accountId: string } }[];
    try {
      newest = [...this.orders.newestArchived(), ...this.trades.newestArchived(), ...this.conditionals.newestArchived(), ...this.settled.newestArchived()];
    } catch (error) {
      throw mismatch((error as Error).message);
    }
    for (const { account, record } of newest) {
      if (record.accountId !== account) throw mismatch(`a record of ${account} reads as ${String(record.accountId)}'s`);
    }
  }

  /** What the archive holds: records, and the bytes it keeps in memory (outside the heap). */
  get archived(): { readonly records: number; readonly bytes: number } {
    return { records: this.archive.size, bytes: this.archive.bytes };
  }

  /** Resolves once the archive's full chunks are written (before the store closes). */
  flush(): Promise<void> {
    return this.archive.flush();
  }

  apply(stamped: StampedCommand, result: ApplyResult): void {
    this.applyEvents(stamped.ts, result.events);
  }

  applyEvents(ts: number, events: readonly CoreEvent[]): void {
    for (const event of events) this.observe(event, ts);
  }

  /**
   * The events of a command that change the history, or undefined when none do: what is
   * stored beside the command in the journal, so the history is rebuilt from storage
   * without the core and never has to be in a snapshot.
   */
  static relevant(events: readonly CoreEvent[]): CoreEvent[] | undefined {
    let out: CoreEvent[] | undefined;
    for (const event of events) if (HISTORY_EVENTS.has(event.type)) (out ??= []).push(event);
    return out;
  }

  /** Every order of the account, oldest first. */
  ordersOf(accountId: string): readonly OrderHistory[] {
    return this.orders.all(accountId);
  }

  /** Records `offset` on (at most `limit`) of the accounts' orders, oldest first (by entry time), decoded alone. */
  orderPage(accountIds: readonly string[], offset: number, limit: number): OrderHistory[] {
    return this.orders.page(accountIds, offset, limit);
  }

  /** As orderPage, for trades (by trade time). */
  tradePage(accountIds: readonly string[], offset: number, limit: number): TradeHistory[] {
    return this.trades.page(accountIds, offset, limit);
  }

  /** The account's order records from the `start`-th on, oldest first, decoded one at a time. */
  ordersFrom(accountId: string, start: number): Iterable<OrderHistory> {
    return this.orders.from(accountId, start);
  }

  /** How many order records the account has (an order modified is a record more). */
  orderRecordsOf(accountId: string): number {
    return this.orders.count(accountId);
  }

  tradeRecordsOf(accountId: string): number {
    return this.trades.count(accountId);
  }

  /** The latest order placed under this id. */
  order(accountId: string, orderId: string): OrderHistory | undefined {
    const index = this.latest.get(accountId)?.get(orderId);
    return index === undefined ? undefined : this.orders.get(accountId, index);
  }

  /**
   * The order an order event of a command named (placed, refused, replaced or cancelled),
   * as it is now; undefined for an event the history did not record.
   */
  orderOfEvent(accountId: string, event: OrderEvent): OrderHistory | undefined {
    const index = this.eventOrders.get(event);
    return index === undefined ? undefined : this.orders.get(accountId, index);
  }



  /**
   * Which order an id names now: the position of the latest order under it in the
   * account's list. Unique for the account's whole history, so an id used again names
   * another position.
   */
  orderIndex(accountId: string, orderId: string): number | undefined {
    return this.latest.get(accountId)?.get(orderId);
  }

  /** Every trade of the account, oldest first. */
  tradesOf(accountId: string): readonly TradeHistory[] {
    return this.trades.all(accountId);
  }

  /** The account's `index`-th trade (oldest first). */
  tradeAt(accountId: string, index: number): TradeHistory | undefined {
    return this.trades.get(accountId, index);
  }

  /** The account's trades from the `start`-th on, oldest first, read one at a time (a client catching up reads only the new ones). */
  tradesFrom(accountId: string, start: number): Iterable<TradeHistory> {
    return this.trades.from(accountId, start);
  }

  transfersOf(accountId: string): readonly TransferHistory[] {
    return this.transfers.get(accountId) ?? [];
  }

  fundsOf(accountId: string): readonly FundsMovement[] {
    return this.funds.get(accountId) ?? [];
  }

  /** The account's equity at each settlement it was in, oldest first. */
  equityCurve(accountId: string): readonly EquityPoint[] {
    return this.settled.linesOf(accountId).map(({ settlement, line }) => ({ timestamp: settlement.ts, equity: line.balance }));
  }

  /** Every settlement, oldest first (the accounts' lines apart: settlementLine). */
  settlementHistory(): readonly SettlementRecord[] {
    return this.settled.all();
  }

  settlementOn(date: string): SettlementRecord | undefined {
    return this.settled.on(date);
  }

  /** The account's line of a settlement, if it was settled then. */
  settlementLine(settlement: SettlementRecord, accountId: string): SettledAccount | undefined {
    return this.settled.line(settlement.index, accountId);
  }

  /** The account's lines of every settlement it was in, oldest first. */
  settlementLinesOf(accountId: string): { readonly settlement: SettlementRecord; readonly line: SettledAccount }[] {
    return this.settled.linesOf(accountId);
  }

  liquidationHistory(): readonly LiquidationHistory[] {
    return this.liquidations;
  }

  get totalTrades(): number {
    return this.tradeCount;
  }

  /** The instruments an account has traded, in the order of its first trade in each. */
  instrumentsTradedBy(accountId: string): ReadonlySet<string> {
    return this.tradedInstruments.get(accountId) ?? NONE_TRADED;
  }

  /** Orders placed so far, rejected ones included (a modify is not a new order). */
  get totalOrders(): number {
    return this.orderCount;
  }

  private observe(event: CoreEvent, ts: number): void {
    switch (event.type) {
      case 'order.accepted':
      case 'order.rejected':
        this.orderCount++;
        this.eventOrders.set(event, this.addEntry(orderEntry(event.order, ts)));
        break;
      case 'order.replaced': {
        // A modify keeps the order's history: its fills so far stay with it, and its
        // original volume is what was filled plus the new open volume.
        const o = this.liveEntry(event.order.accountId, event.order.orderId, event.previousExchangeOrderId, event);
        if (o === undefined) break;
        const filled = o.filledVolume;
        const tradeIds = o.tradeIds;
        // It was placed when it was first placed: lists sorted by insert time keep it where
        // it was (a client paging through them would otherwise meet it twice).
        const insertTs = o.insertTs;
        Object.assign(o, event.order);
        o.insertTs = insertTs;
        o.volume = filled + event.order.volume;
        o.filledVolume = filled;
        // The new order is ACCEPTED in the book; the order the user sees has fills.
        if (filled > 0 && o.status === 'ACCEPTED') o.status = 'PARTIAL_FILLED';
        o.tradeIds = tradeIds;
        o.updateTs = ts;
        break;
      }
      case 'order.cancelled': {
        const o = this.liveEntry(event.accountId, event.orderId, event.exchangeOrderId, event);
        if (o === undefined) break;
        o.status = 'CANCELLED';
        o.volumeLeft = event.volumeLeft;
        o.lastMsg = event.message;
        o.updateTs = ts;
        this.settleIfFinal(o);
        break;
      }
      case 'trade.executed':
        this.tradeCount++;
        this.fill(event, event.maker, true, ts);
        this.fill(event, event.taker, false, ts);
        break;
      case 'account.opened':
        this.push(this.funds, event.accountId, { accountId: event.accountId, kind: 'open', amount: event.initialBalance, ts });
        break;
      case 'account.funds-moved':
        this.push(this.funds, event.accountId, { accountId: event.accountId, kind: event.kind, amount: event.amount, ts });
        break;
      case 'transfer.recorded':
        this.push(this.transfers, event.accountId, {
          id: event.transferId,
          accountId: event.accountId,
          datetime: ts,
          currency: event.currency,
          amount: event.amount,
          errorId: event.errorId,
          errorMsg: event.errorMsg,
          bankId: event.bankId,
          bankName: event.bankName,
        });
        if (event.errorId === 0) {
          const kind = event.amount > 0 ? 'transfer-in' : 'transfer-out';
          this.push(this.funds, event.accountId, { accountId: event.accountId, kind, amount: Math.abs(event.amount), ts });
        }
        break;
      case 'settlement.completed': {
        const { type: _type, ...detail } = event;
        this.settled.observe(detail, ts, (accountId) => this.trades.count(accountId));
        break;
      }
      case 'account.liquidated': {
        const { type: _type, ...record } = event;
        this.liquidations.push({ ...record, ts });
        break;
      }
      case 'conditional.changed':
        this.conditionals.observe(event.conditional);
        break;
      default:
        break;
    }
  }

  /** Whether the account's order record at an index is of an id (archived records are not decoded for it). */
  private hasOrderId(accountId: string): (index: number, id: string) => boolean {
    const archivedIs = archivedRecordTest(accountId);
    return (index, id) => this.orders.test(accountId, index, (order) => order.orderId === id, (text) => archivedIs(text, id));
  }

  /** Adds an order to its account's list; returns its position there. */
  private addEntry(entry: OrderHistory): number {
    const accountId = entry.accountId;
    let latest = this.latest.get(accountId);
    if (latest === undefined) {
      latest = new OrderIdIndex(this.hasOrderId(accountId));
      this.latest.set(accountId, latest);
    }
    const index = this.orders.push(accountId, entry);
    latest.set(entry.orderId, index);
    this.settleIfFinal(entry);
    return index;
  }

  /** A finished order never changes again: it may leave the heap. */
  private settleIfFinal(order: OrderHistory): void {
    if (isLiveStatus(order.status)) return;
    const index = this.latest.get(order.accountId)?.get(order.orderId);
    if (index !== undefined) this.orders.settle(order.accountId, index);
  }

  /** One side of a trade: the trade in its account's list, the fill on its order. */
  private addTrade(accountId: string, trade: TradeHistory): void {
    this.trades.settle(accountId, this.trades.push(accountId, trade));
    let instruments = this.tradedInstruments.get(accountId);
    if (instruments === undefined) this.tradedInstruments.set(accountId, (instruments = new Set()));
    instruments.add(trade.instrumentId);
  }

  private fill(event: TradeExecuted, side: TradeSide, maker: boolean, ts: number): void {
    this.addTrade(side.accountId, {
      tradeId: event.tradeId,
      instrumentId: event.instrumentId,
      accountId: side.accountId,
      orderId: side.orderId,
      exchangeOrderId: side.exchangeOrderId,
      direction: side.direction,
      offset: side.offset,
      price: event.price,
      volume: event.volume,
      commission: event.commission,
      ts,
      maker,
    });
    const o = this.liveEntry(side.accountId, side.orderId, side.exchangeOrderId);
    if (o === undefined) return;
    o.status = side.status;
    o.volumeLeft = side.volumeLeft;
    o.filledVolume += event.volume;
    o.tradeIds.push(event.tradeId);
    o.updateTs = ts;
    this.settleIfFinal(o);
  }

  /**
   * The latest order under the id, to change in place, if it is still the same exchange
   * order (a modify replaced it otherwise). Records change in place: readers copy what they
   * show, and snapshots encode the history in the same synchronous step that captures it.
   * The order `event` changes is remembered as that event's order (orderOfEvent).
   */
  private liveEntry(accountId: string, orderId: string, exchangeOrderId: number, event?: OrderEvent): Mutable<OrderHistory> | undefined {
    const index = this.latest.get(accountId)?.get(orderId);
    // A live order is always in the heap: only finished ones are archived.
    const order = index === undefined ? undefined : this.orders.inHeap(accountId, index);
    if (order === undefined || order.exchangeOrderId !== exchangeOrderId) return undefined;
    if (event !== undefined) this.eventOrders.set(event, index!);
    return order as Mutable<OrderHistory>;
  }

  private push<T>(map: Map<string, T[]>, key: string, value: T): void {
    const list = map.get(key);
    if (list === undefined) map.set(key, [value]);
    else list.push(value);
  }
}

/** The times the list routes order records by (module functions: one per kind, shared by every projection). */
function entryTime(order: OrderHistory): number {
  return order.insertTs;
}

function tradeTime(trade: TradeHistory): number {
  return trade.ts;
}
