import type { Candle, KlineSeries } from '../../marketdata/index.ts';
import { diff, type JsonObject } from '../../protocol/merge-patch.ts';
import { candleView } from '../../protocol/index.ts';

/**
 * Candles a client may hold in a state that is not final, remembered whole to send only
 * their changes. Usually one or two (the newest, and the one before it until the window
 * shows its last state); beyond this the oldest is forgotten, and sent whole if it is
 * ever in view again.
 */
const MAX_UNSETTLED = 64;

const showCandle = (candle: Candle): JsonObject => candleView(candle) as unknown as JsonObject;

/**
 * How many more candles (or ticks) one message may carry, shared by the charts it
 * updates; `withheld` tells that some were left for a later message.
 */
export class EntryBudget {
  withheld = false;
  constructor(public remaining: number) {}
}

/**
 * What one client holds of one candle series (klines.<ins>.<dur>), kept small: only the
 * newest candle changes (a trade always lands in the newest period), so every older one
 * the client was sent in its final state is remembered as a range of ids, not as a copy.
 * Candles sent while they were the newest are kept whole ("unsettled") until the client
 * has their final state.
 *
 * So a chart costs the server a few numbers per series however long it stays open, and a
 * trade costs it the candles past what the client holds, not its whole window.
 */
export class HeldCandles<E extends Candle = Candle> {
  /** last_id as the client holds it. */
  lastId: number | undefined;
  /** trading_day_start_id / trading_day_end_id as the client holds them (trading-day charts). */
  dayStartId: number | undefined;
  dayEndId: number | undefined;
  /** The trading-day chart whose days those ids tell: the last one set on this series. */
  dayIdsOwner: string | undefined;
  /** Ids held in their final state: disjoint, sorted [first, last] ranges. */
  private final: [number, number][] = [];
  /** Candles held in a state that may have changed since, by id (in the order sent). */
  private readonly unsettled = new Map<number, JsonObject>();

  /** `view` is how the client is shown an entry: a candle, or a tick (DIFF's ticks.<ins>). */
  constructor(private readonly view: (entry: E) => JsonObject = showCandle) {}

  /**
   * The `data` patch that brings the client's candles of [left, right] up to date (undefined
   * when it holds them all), recorded as sent. With a budget, at most its remaining count
   * from the left; the rest waits for the next call.
   */
  update(series: KlineSeries<E>, left: number, right: number, budget?: EntryBudget): JsonObject | undefined {
    const newest = series.lastId;
    const data: JsonObject = {};
    let changed = false;
    const send = (candle: E) => {
      const view = this.view(candle);
      const held = this.unsettled.get(candle.id);
      const change = held === undefined ? view : diff(held, view);
      if (change !== undefined) {
        data[String(candle.id)] = change;
        changed = true;
      }
      this.unsettled.delete(candle.id);
      if (candle.id < newest) this.markFinal(candle.id);
      else this.unsettled.set(candle.id, view);
    };
    for (const [from, to] of this.gaps(left, right)) {
      let upTo = to;
      if (budget !== undefined) {
        upTo = Math.min(to, from + budget.remaining - 1);
        if (upTo < to) budget.withheld = true;
        if (upTo < from) break;
        budget.remaining -= upTo - from + 1;
      }
      for (const candle of series.byIds(from, upTo)) send(candle);
    }
    while (this.unsettled.size > MAX_UNSETTLED) this.unsettled.delete(this.unsettled.keys().next().value!);
    this.forgetBelow(series.firstId);
    return changed ? data : undefined;
  }
  /** The parts of [left, right] not held in their final state. */
  private gaps(left: number, right: number): [number, number][] {
    const out: [number, number][] = [];
    let from = left;
    for (const [first, last] of this.final) {
      if (last < from) continue;
      if (first > right) break;
      if (first > from) out.push([from, first - 1]);
      from = last + 1;
    }
    if (from <= right) out.push([from, right]);
    return out;
  }

  private markFinal(id: number): void {
    const ranges = this.final;
    let i = 0;
    while (i < ranges.length && ranges[i]![1] < id - 1) i++;
    const range = ranges[i];
    if (range === undefined || range[0] > id + 1) {
      ranges.splice(i, 0, [id, id]);
      return;
    }
    if (id >= range[0] && id <= range[1]) return;
    if (id === range[0] - 1) range[0] = id;
    else range[1] = id;
    // Joins the next range when the gap between them closed.
    const next = ranges[i + 1];
    if (next !== undefined && next[0] === range[1] + 1) {
      range[1] = next[1];
      ranges.splice(i + 1, 1);
    }
  }

  /** Candles the series no longer keeps can never be sent again: no need to remember them. */
  private forgetBelow(firstId: number): void {
    while (this.final.length > 0 && this.final[0]![1] < firstId) this.final.shift();
    for (const id of this.unsettled.keys()) if (id < firstId) this.unsettled.delete(id);
  }
}
