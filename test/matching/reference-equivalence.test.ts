/**
 * The core against the naive reference (test/reference/naive-book.ts): the same random
 * command streams go to both, and after every command the result code, the exchange order
 * id handed out, the trades, the cancelled orders and both sides of both books must be
 * identical. Independently of the reference, the core's book must keep its invariants
 * after every command (never crossed, FIFO within a level, volume conserved per order,
 * depth totals equal to the orders behind them, book.level events equal to the depth).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  type ApplyResult,
  apply,
  bookDepth,
  type CoreEvent,
  type CoreState,
  createCoreState,
  type DepthLevel,
  type Direction,
  MAX_ORDER_VOLUME,
  type PlaceOrder,
  restingOrders,
  type StampedCommand,
  type TradeSide,
} from '../../src/core/index.ts';
import {
  type AbstractStream,
  describeCommands,
  hairPriceArb,
  INSTRUMENT_A,
  INSTRUMENT_B,
  INSTRUMENTS,
  materialize,
  priceChoiceArb,
  streamArb,
} from '../reference/command-streams.ts';
import {
  NaiveExchange,
  type RefCancelled,
  type RefResting,
  type RefResult,
  type RefTrade,
  TickGrid,
} from '../reference/naive-book.ts';

const SIDES: readonly Direction[] = ['BUY', 'SELL'];
const GRIDS = new Map(INSTRUMENTS.map((s) => [s.instrumentId, new TickGrid(s.priceTick)]));

/** BASIS_PROPERTY_RUNS_SCALE=10 runs every property ten times as often (for bug hunts). */
const runs = (n: number): number => Math.max(1, Math.round(n * Number(process.env['BASIS_PROPERTY_RUNS_SCALE'] ?? '1')));

/* ------------------------------------------------------------------------------------ */
/* The core's answer in the reference's terms                                            */
/* ------------------------------------------------------------------------------------ */

interface Comparable {
  readonly code: number;
  readonly exchangeOrderId: number;
  readonly trades: RefTrade[];
  readonly cancelled: RefCancelled[];
  readonly replaced: { previousExchangeOrderId: number; previousVolumeLeft: number } | undefined;
}

function byOrder(a: RefCancelled, b: RefCancelled): number {
  return a.instrumentId === b.instrumentId ? a.exchangeOrderId - b.exchangeOrderId : a.instrumentId < b.instrumentId ? -1 : 1;
}

function coreComparable(result: ApplyResult): Comparable {
  let exchangeOrderId = 0;
  let replaced: Comparable['replaced'];
  const trades: RefTrade[] = [];
  const cancelled: RefCancelled[] = [];
  for (const e of result.events) {
    switch (e.type) {
      case 'order.accepted':
        exchangeOrderId = e.order.exchangeOrderId;
        break;
      case 'order.replaced':
        exchangeOrderId = e.order.exchangeOrderId;
        replaced = { previousExchangeOrderId: e.previousExchangeOrderId, previousVolumeLeft: e.previousVolumeLeft };
        break;
      case 'order.rejected':
        exchangeOrderId = e.order.exchangeOrderId;
        break;
      case 'trade.executed':
        trades.push({
          instrumentId: e.instrumentId,
          tradeId: e.tradeId,
          priceTicks: e.priceTicks,
          volume: e.volume,
          makerAccount: e.maker.accountId,
          makerOrderId: e.maker.orderId,
          makerExchangeOrderId: e.maker.exchangeOrderId,
          makerVolumeLeft: e.maker.volumeLeft,
          takerAccount: e.taker.accountId,
          takerOrderId: e.taker.orderId,
          takerExchangeOrderId: e.taker.exchangeOrderId,
          takerVolumeLeft: e.taker.volumeLeft,
        });
        break;
      case 'order.cancelled':
        cancelled.push({
          instrumentId: e.instrumentId,
          accountId: e.accountId,
          orderId: e.orderId,
          exchangeOrderId: e.exchangeOrderId,
          volumeLeft: e.volumeLeft,
        });
        break;
      default:
        break;
    }
  }
  return { code: result.code, exchangeOrderId, trades, cancelled: cancelled.sort(byOrder), replaced };
}

function refComparable(result: RefResult): Comparable {
  return {
    code: result.code,
    exchangeOrderId: result.exchangeOrderId,
    trades: result.trades,
    cancelled: [...result.cancelled].sort(byOrder),
    replaced: result.replaced,
  };
}

function coreResting(state: CoreState, instrumentId: string, side: Direction): RefResting[] {
  const grid = GRIDS.get(instrumentId)!;
  return restingOrders(state, instrumentId, side).map((o) => ({
    orderId: o.orderId,
    accountId: o.accountId,
    // The record's price must be exactly a grid price; otherwise this is NaN and the comparison fails.
    priceTicks: grid.ticksOf(o.limitPrice) ?? Number.NaN,
    volumeLeft: o.volumeLeft,
    exchangeOrderId: o.exchangeOrderId,
  }));
}

/* ------------------------------------------------------------------------------------ */
/* Invariants of the core's book, checked without the reference                          */
/* ------------------------------------------------------------------------------------ */

interface LedgerEntry {
  readonly volume: number;
  filled: number;
  cancelled: number;
}

/** Per exchange order: volume = filled + left + cancelled, followed through the events. */
class Ledger {
  private readonly entries = new Map<string, LedgerEntry>();

  private static key(instrumentId: string, exchangeOrderId: number): string {
    return `${instrumentId}#${exchangeOrderId}`;
  }

  private entry(instrumentId: string, exchangeOrderId: number, what: string): LedgerEntry {
    const entry = this.entries.get(Ledger.key(instrumentId, exchangeOrderId));
    assert.ok(entry !== undefined, `${what}: order ${instrumentId}#${exchangeOrderId} is not a live order`);
    return entry;
  }

  private open(instrumentId: string, exchangeOrderId: number, volume: number): void {
    const key = Ledger.key(instrumentId, exchangeOrderId);
    assert.ok(exchangeOrderId > 0, `accepted order ${key} without an exchange order id`);
    assert.ok(!this.entries.has(key), `exchange order id ${key} handed out twice`);
    this.entries.set(key, { volume, filled: 0, cancelled: 0 });
  }

  private traded(instrumentId: string, side: TradeSide, volume: number): void {
    const entry = this.entry(instrumentId, side.exchangeOrderId, 'trade');
    entry.filled += volume;
    assert.ok(entry.filled <= entry.volume, `order ${instrumentId}#${side.exchangeOrderId} traded ${entry.filled} > its volume ${entry.volume}`);
    assert.equal(side.volumeLeft, entry.volume - entry.filled - entry.cancelled, `trade reports a wrong volumeLeft for ${instrumentId}#${side.exchangeOrderId}`);
  }

  private cancel(instrumentId: string, exchangeOrderId: number, volumeLeft: number): void {
    const entry = this.entry(instrumentId, exchangeOrderId, 'cancel');
    entry.cancelled += volumeLeft;
    assert.ok(volumeLeft > 0, `order ${instrumentId}#${exchangeOrderId} cancelled with volumeLeft ${volumeLeft}`);
  }

  record(events: readonly CoreEvent[]): void {
    for (const e of events) {
      switch (e.type) {
        case 'order.accepted':
          this.open(e.order.instrumentId, e.order.exchangeOrderId, e.order.volume);
          break;
        case 'order.replaced':
          this.cancel(e.order.instrumentId, e.previousExchangeOrderId, e.previousVolumeLeft);
          this.open(e.order.instrumentId, e.order.exchangeOrderId, e.order.volume);
          break;
        case 'order.rejected':
          assert.equal(e.order.exchangeOrderId, 0, 'a rejected order got an exchange order id');
          break;
        case 'trade.executed':
          assert.ok(Number.isInteger(e.volume) && e.volume > 0, `trade ${e.tradeId} with volume ${e.volume}`);
          assert.equal(e.price, GRIDS.get(e.instrumentId)!.priceOf(e.priceTicks), `trade ${e.tradeId}: price is not the grid price of its ticks`);
          this.traded(e.instrumentId, e.maker, e.volume);
          this.traded(e.instrumentId, e.taker, e.volume);
          break;
        case 'order.cancelled':
          this.cancel(e.instrumentId, e.exchangeOrderId, e.volumeLeft);
          break;
        default:
          break;
      }
    }
  }

  /** After a command: live orders have volume = filled + left; finished ones volume = filled + cancelled. */
  settle(state: CoreState): void {
    const live = new Map<string, number>();
    for (const spec of INSTRUMENTS) {
      for (const side of SIDES) {
        for (const o of restingOrders(state, spec.instrumentId, side)) {
          const key = Ledger.key(o.instrumentId, o.exchangeOrderId);
          const entry = this.entries.get(key);
          assert.ok(entry !== undefined, `resting order ${key} was never accepted, or already finished`);
          assert.equal(o.volume, entry.volume, `resting order ${key}: volume changed`);
          assert.equal(entry.cancelled, 0, `resting order ${key} has cancelled volume`);
          assert.equal(o.volumeLeft, entry.volume - entry.filled, `resting order ${key}: volume ${entry.volume} != filled ${entry.filled} + left ${o.volumeLeft}`);
          live.set(key, o.volumeLeft);
        }
      }
    }
    for (const [key, entry] of this.entries) {
      if (live.has(key)) continue;
      assert.equal(entry.filled + entry.cancelled, entry.volume, `finished order ${key}: volume ${entry.volume} != filled ${entry.filled} + cancelled ${entry.cancelled}`);
      this.entries.delete(key);
    }
  }
}

function checkBookInvariants(state: CoreState, events: readonly CoreEvent[]): void {
  const liveIds = new Set<string>();
  for (const spec of INSTRUMENTS) {
    const id = spec.instrumentId;
    const depth = bookDepth(state, id, 1_000_000);
    if (depth === undefined) {
      for (const side of SIDES) assert.deepEqual(restingOrders(state, id, side), [], `${id} not added yet but has orders`);
      continue;
    }
    for (const side of SIDES) {
      const orders = coreResting(state, id, side);
      const levels: DepthLevel[] = side === 'BUY' ? depth.bids : depth.asks;
      // Group the queue into runs of one price and compare with the depth.
      const groups: { priceTicks: number; volume: number; orderCount: number }[] = [];
      let previous: RefResting | undefined;
      for (const o of orders) {
        assert.ok(Number.isInteger(o.volumeLeft) && o.volumeLeft > 0, `${id} ${side}: order ${o.accountId}/${o.orderId} rests with volumeLeft ${o.volumeLeft}`);
        assert.ok(Number.isInteger(o.priceTicks), `${id} ${side}: order ${o.accountId}/${o.orderId} rests at a price off the grid`);
        const key = `${o.accountId}/${o.orderId}`;
        assert.ok(!liveIds.has(key), `two live orders ${key}`);
        liveIds.add(key);
        if (previous !== undefined) {
          if (previous.priceTicks === o.priceTicks) {
            assert.ok(previous.exchangeOrderId < o.exchangeOrderId, `${id} ${side} @${o.priceTicks}: FIFO broken (${previous.exchangeOrderId} before ${o.exchangeOrderId})`);
          } else {
            const better = side === 'BUY' ? previous.priceTicks > o.priceTicks : previous.priceTicks < o.priceTicks;
            assert.ok(better, `${id} ${side}: level ${previous.priceTicks} before ${o.priceTicks}`);
          }
        }
        const group = groups.at(-1);
        if (group !== undefined && group.priceTicks === o.priceTicks) {
          group.volume += o.volumeLeft;
          group.orderCount++;
        } else {
          groups.push({ priceTicks: o.priceTicks, volume: o.volumeLeft, orderCount: 1 });
        }
        previous = o;
      }
      assert.deepEqual(
        levels.map((l) => ({ priceTicks: l.priceTicks, volume: l.volume, orderCount: l.orderCount })),
        groups,
        `${id} ${side}: bookDepth differs from the orders in the book`,
      );
      for (const l of levels) assert.equal(l.price, GRIDS.get(id)!.priceOf(l.priceTicks), `${id} ${side}: depth price of ${l.priceTicks}`);
    }
    const bestBid = depth.bids[0];
    const bestAsk = depth.asks[0];
    if (bestBid !== undefined && bestAsk !== undefined) {
      assert.ok(bestBid.priceTicks < bestAsk.priceTicks, `${id}: book crossed, bid ${bestBid.priceTicks} >= ask ${bestAsk.priceTicks}`);
    }
  }
  // The last book.level event of each level the command touched equals the depth now.
  const lastLevel = new Map<string, { instrumentId: string; side: Direction; priceTicks: number; volume: number; orderCount: number }>();
  for (const e of events) {
    if (e.type !== 'book.level') continue;
    assert.equal(e.volume === 0, e.orderCount === 0, `book.level ${e.instrumentId} ${e.side} @${e.priceTicks}: volume ${e.volume} with ${e.orderCount} orders`);
    assert.equal(e.price, GRIDS.get(e.instrumentId)!.priceOf(e.priceTicks), 'book.level price is not the grid price of its ticks');
    lastLevel.set(`${e.instrumentId}|${e.side}|${e.priceTicks}`, e);
  }
  for (const l of lastLevel.values()) {
    const depth = bookDepth(state, l.instrumentId, 1_000_000)!;
    const level = (l.side === 'BUY' ? depth.bids : depth.asks).find((d) => d.priceTicks === l.priceTicks);
    assert.deepEqual(
      { volume: l.volume, orderCount: l.orderCount },
      { volume: level?.volume ?? 0, orderCount: level?.orderCount ?? 0 },
      `last book.level event for ${l.instrumentId} ${l.side} @${l.priceTicks} differs from the book`,
    );
  }
}

/** The book.level events name every level whose totals changed (checked against a before/after diff). */
function checkLevelEventsComplete(before: Map<string, string>, state: CoreState, events: readonly CoreEvent[]): Map<string, string> {
  const after = depthSnapshot(state);
  const named = new Set(events.filter((e) => e.type === 'book.level').map((e) => `${e.instrumentId}|${e.side}|${e.priceTicks}`));
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(key) !== after.get(key)) assert.ok(named.has(key), `level ${key} changed (${before.get(key) ?? 'empty'} -> ${after.get(key) ?? 'empty'}) without a book.level event`);
  }
  return after;
}

function depthSnapshot(state: CoreState): Map<string, string> {
  const out = new Map<string, string>();
  for (const spec of INSTRUMENTS) {
    const depth = bookDepth(state, spec.instrumentId, 1_000_000);
    if (depth === undefined) continue;
    for (const [side, levels] of [['BUY', depth.bids], ['SELL', depth.asks]] as const) {
      for (const l of levels) out.set(`${spec.instrumentId}|${side}|${l.priceTicks}`, `${l.volume}/${l.orderCount}`);
    }
  }
  return out;
}

/* ------------------------------------------------------------------------------------ */
/* Running a stream through both                                                         */
/* ------------------------------------------------------------------------------------ */

function runBoth(stamped: readonly StampedCommand[], selfTradePrevention: boolean): void {
  const state = createCoreState({ selfTradePrevention });
  const reference = new NaiveExchange({ selfTradePrevention, maxVolume: MAX_ORDER_VOLUME });
  const ledger = new Ledger();
  let levels = new Map<string, string>();
  for (let i = 0; i < stamped.length; i++) {
    const command = stamped[i]!;
    const result = apply(state, command);
    const modelled = NaiveExchange.models(command.command);
    const expected = modelled ? reference.apply(command.command) : undefined;
    try {
      if (expected === undefined) assert.equal(result.code, 1000, `setup command refused: ${result.message}`);
      else assert.deepStrictEqual(coreComparable(result), refComparable(expected), 'core and reference disagree on the result');
      for (const spec of INSTRUMENTS) {
        for (const side of SIDES) {
          assert.deepStrictEqual(
            coreResting(state, spec.instrumentId, side),
            reference.restingSide(spec.instrumentId, side),
            `core and reference disagree on the ${spec.instrumentId} ${side} book`,
          );
        }
      }
      ledger.record(result.events);
      ledger.settle(state);
      checkBookInvariants(state, result.events);
      levels = checkLevelEventsComplete(levels, state, result.events);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        `at #${command.seq} (${command.command.type}; core said ${result.code} ${result.message})\n` +
          `commands:\n${describeCommands(stamped.slice(0, i + 1))}\n${message}`,
        { cause: error },
      );
    }
  }
}

const runsOf = (stream: AbstractStream, stp: boolean, beginFirstDay = true): void =>
  runBoth(materialize(stream, { selfTradePrevention: stp, beginFirstDay }), stp);

/* ------------------------------------------------------------------------------------ */
/* The reference itself, on hand-computed cases (so that agreement means something)     */
/* ------------------------------------------------------------------------------------ */

describe('naive reference: hand-computed cases', () => {
  const A = INSTRUMENT_A.instrumentId;
  const fresh = (stp = true): NaiveExchange => {
    const x = new NaiveExchange({ selfTradePrevention: stp, maxVolume: MAX_ORDER_VOLUME });
    x.addInstrument(INSTRUMENT_A);
    x.addInstrument(INSTRUMENT_B);
    x.beginDay('2025-03-03');
    return x;
  };
  const order = (accountId: string, orderId: string, direction: Direction, price: number, volume: number, extra: Partial<PlaceOrder> = {}): PlaceOrder => ({
    type: 'order.place', accountId, orderId, instrumentId: A, direction, offset: 'OPEN', priceType: 'LIMIT', price, volume, timeCondition: 'GFD', volumeCondition: 'ANY', ...extra,
  });
  const summary = (r: RefResult): string[] => r.trades.map((t) => `${t.tradeId}:${t.priceTicks}x${t.volume} ${t.makerAccount}/${t.makerOrderId}->${t.takerAccount}/${t.takerOrderId}`);

  it('limits are 64400..75600 and 3600..4400, in ticks', () => {
    const x = fresh();
    assert.deepEqual(x.limits(A), { lowerTicks: 6440, upperTicks: 7560 });
    assert.deepEqual(x.limits(INSTRUMENT_B.instrumentId), { lowerTicks: 18000, upperTicks: 22000 });
  });

  it('price-time priority at the maker price, one id counter for orders and trades', () => {
    const x = fresh();
    assert.equal(x.place(order('s1', 'a', 'SELL', 70020, 2)).exchangeOrderId, 1);
    x.place(order('s2', 'b', 'SELL', 70010, 1));
    x.place(order('s3', 'c', 'SELL', 70020, 2));
    const r = x.place(order('b1', 'x', 'BUY', 70030, 4));
    assert.equal(r.exchangeOrderId, 4);
    assert.deepEqual(summary(r), ['5:7001x1 s2/b->b1/x', '6:7002x2 s1/a->b1/x', '7:7002x1 s3/c->b1/x']);
    assert.deepEqual(r.restingAsks.map((o) => [o.accountId, o.volumeLeft]), [['s3', 1]]);
    assert.deepEqual(r.restingBids, []);
  });

  it('self-trade prevention stops at the first own order and cancels the incoming rest', () => {
    const x = fresh();
    x.place(order('s1', 'a', 'SELL', 70000, 1));
    x.place(order('me', 'b', 'SELL', 70000, 1));
    x.place(order('s2', 'c', 'SELL', 70000, 1));
    const r = x.place(order('me', 'x', 'BUY', 70010, 3));
    assert.deepEqual(summary(r), ['5:7000x1 s1/a->me/x']);
    assert.deepEqual(r.cancelled.map((c) => [c.orderId, c.volumeLeft]), [['x', 2]]);
    assert.deepEqual(r.restingAsks.map((o) => o.orderId), ['b', 'c']);
    // FOK counts only up to the own order: 1 available < 2 needed.
    const fok = x.place(order('me', 'y', 'BUY', 70010, 2, { volumeCondition: 'ALL' }));
    assert.deepEqual(summary(fok), []);
    assert.deepEqual(fok.cancelled.map((c) => [c.orderId, c.volumeLeft]), [['y', 2]]);
  });

  it('MIN trades nothing below min_volume and otherwise behaves like ANY', () => {
    const x = fresh();
    x.place(order('s1', 'a', 'SELL', 70000, 2));
    const no = x.place(order('b1', 'x', 'BUY', 70000, 5, { volumeCondition: 'MIN', minVolume: 3 }));
    assert.deepEqual(summary(no), []);
    const yes = x.place(order('b1', 'y', 'BUY', 70000, 5, { volumeCondition: 'MIN', minVolume: 2 }));
    assert.deepEqual(summary(yes), ['4:7000x2 s1/a->b1/y']);
    assert.deepEqual(yes.restingBids.map((o) => [o.orderId, o.volumeLeft]), [['y', 3]]);
  });

  it('a market buy sweeps up to limit-up and never rests', () => {
    const x = fresh();
    x.place(order('s1', 'a', 'SELL', 75600, 1));
    x.place(order('s1', 'b', 'SELL', 70000, 1));
    const r = x.place(order('b1', 'x', 'BUY', 0, 3, { priceType: 'MARKET', timeCondition: 'GTC' }));
    assert.deepEqual(summary(r), ['4:7000x1 s1/b->b1/x', '5:7560x1 s1/a->b1/x']);
    assert.deepEqual(r.cancelled.map((c) => [c.orderId, c.volumeLeft]), [['x', 1]]);
    assert.deepEqual(r.restingBids, []);
  });

  it('rejections: tick, limits, volume, instrument, duplicate, GFA', () => {
    const x = fresh();
    assert.equal(x.place(order('b', 'x', 'BUY', 70015, 1)).code, 1001);
    assert.equal(x.place(order('b', 'x', 'BUY', 70000.00003, 1)).code, 1001);
    assert.equal(x.place(order('b', 'x', 'BUY', 75610, 1)).code, 3006);
    assert.equal(x.place(order('b', 'x', 'BUY', 70000, 1.5)).code, 3007);
    assert.equal(x.place(order('b', 'x', 'BUY', 70000, 1, { instrumentId: 'SHFE.zz9999' })).code, 3003);
    assert.equal(x.place(order('b', 'x', 'BUY', 70000, 1, { timeCondition: 'GFA' })).code, 1001);
    assert.equal(x.place(order('b', 'x', 'BUY', 70000, 1)).code, 1000);
    const dup = x.place(order('b', 'x', 'BUY', 70000, 1));
    assert.deepEqual([dup.code, dup.exchangeOrderId], [1001, 0]);
  });

  it('modify moves the order to the back; a refused modify leaves it alone; day end keeps GTC', () => {
    const x = fresh();
    x.place(order('b1', 'a', 'BUY', 70000, 1));
    x.place(order('b2', 'b', 'BUY', 70000, 1, { timeCondition: 'GTC' }));
    assert.equal(x.modify({ type: 'order.modify', accountId: 'b1', orderId: 'a', price: 70005, volume: 1 }).code, 1001);
    const m = x.modify({ type: 'order.modify', accountId: 'b1', orderId: 'a', price: 70000, volume: 2 });
    assert.deepEqual([m.code, m.exchangeOrderId, m.replaced], [1000, 3, { previousExchangeOrderId: 1, previousVolumeLeft: 1 }]);
    assert.deepEqual(m.restingBids.map((o) => o.orderId), ['b', 'a']);
    assert.equal(x.cancel({ type: 'order.cancel', accountId: 'b1', orderId: 'zz' }).code, 3001);
    const end = x.endDay();
    assert.deepEqual(end.cancelled.map((c) => c.orderId), ['a']);
    assert.deepEqual(x.restingSide(A, 'BUY').map((o) => o.orderId), ['b']);
  });
});

/* ------------------------------------------------------------------------------------ */
/* The properties                                                                        */
/* ------------------------------------------------------------------------------------ */

describe('core matches the naive reference on random command streams', () => {
  it('with self-trade prevention on (the default)', () => {
    fc.assert(
      fc.property(streamArb(), (stream) => runsOf(stream, true)),
      { numRuns: runs(1000), includeErrorInReport: true },
    );
  });

  it('with self-trade prevention off', () => {
    fc.assert(
      fc.property(streamArb({ maxLength: 60 }), (stream) => runsOf(stream, false)),
      { numRuns: runs(300), includeErrorInReport: true },
    );
  });

  it('prices a hair (millionths of a tick) off the grid are refused with 1001 like any other off-grid price', () => {
    fc.assert(
      fc.property(
        streamArb({ maxLength: 20, priceArb: fc.oneof(priceChoiceArb, hairPriceArb) }),
        (stream) => runsOf(stream, true),
      ),
      { numRuns: runs(100), includeErrorInReport: true },
    );
  });

  it('before the first trading day has begun, a day end expires only GTD orders whose date is due (none are)', () => {
    fc.assert(
      fc.property(streamArb({ maxLength: 30 }), (stream) => runsOf(stream, true, false)),
      { numRuns: runs(100), includeErrorInReport: true },
    );
  });
});

