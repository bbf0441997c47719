import { type ApplyResult, type CoreEvent, type CoreState, instrumentState, type StampedCommand } from '../core/index.ts';
import { zonedMidnight } from './exchange-time.ts';
import { InstrumentTape, type SavedTape } from './instrument-tape.ts';

export interface SavedMarketData {
  readonly tradingDay: string;
  readonly delisted: string[];
  readonly tapes: [string, number, SavedTape][];
}

/**
 * Public market data built from the core's events: per instrument, the day's statistics,
 * open interest, recent trades and candles. A projection of the journal, so a replay
 * rebuilds it identically; it is saved with each snapshot like the history.
 * Live figures that the core owns (best prices, limits, reference price) are read from the
 * state when a quote is built, not copied here.
 */
export class MarketDataProjection {
  private readonly tapes = new Map<string, InstrumentTape>();
  private readonly delisted = new Set<string>();
  private tradingDay = '';
  private dayOpenMs = 0;
  /** Set by a settlement, read by the trading day it begins (both in one command). */
  private settledDelisted = false;
  /** Instruments whose new ticks wait for the book's top at the end of the command. */
  private readonly ticked: string[] = [];

  constructor(private readonly timeZone: string) {}

  static fromJSON(timeZone: string, saved: SavedMarketData): MarketDataProjection {
    const projection = new MarketDataProjection(timeZone);
    projection.setTradingDay(saved.tradingDay);
    for (const id of saved.delisted) projection.delisted.add(id);
    for (const [id, multiple, tape] of saved.tapes) projection.tapes.set(id, InstrumentTape.fromJSON(multiple, tape));
    return projection;
  }

  toJSON(): SavedMarketData {
    return {
      tradingDay: this.tradingDay,
      delisted: [...this.delisted],
      tapes: [...this.tapes].map(([id, tape]) => [id, tape.volumeMultiple, tape.toJSON()]),
    };
  }

  /** Follows one applied command; `state` is the core's state once it is applied. */
  apply(stamped: StampedCommand, result: ApplyResult, state: CoreState): void {
    for (const event of result.events) this.observe(event, stamped.ts);
    for (const id of this.ticked) {
      const live = instrumentState(state, id);
      const tape = this.tapes.get(id);
      if (live !== undefined && tape !== undefined) tape.showTop(live);
    }
    this.ticked.length = 0;
  }

  tape(instrumentId: string): InstrumentTape | undefined {
    return this.tapes.get(instrumentId);
  }

  private observe(event: CoreEvent, ts: number): void {
    switch (event.type) {
      case 'instrument.added': {
        const tape = new InstrumentTape(event.spec.volumeMultiple);
        tape.listing = { listedTs: ts, changedTs: ts };
        tape.stats.updatedTs = ts;
        this.tapes.set(event.spec.instrumentId, tape);
        break;
      }
      case 'trade.executed': {
        const tape = this.tapes.get(event.instrumentId);
        if (tape === undefined) break;
        if (!tape.ticksAwaitTop) this.ticked.push(event.instrumentId);
        tape.trade(event, ts, this.dayOpenMs);
        break;
      }
      case 'instrument.changed': {
        if (event.status === 'DELISTED') this.delisted.add(event.instrumentId);
        const tape = this.tapes.get(event.instrumentId);
        // updated_at says when an administrator last changed it, not each settlement.
        if (tape !== undefined && event.cause === 'admin') tape.listing.changedTs = ts;
        break;
      }
      case 'book.level': {
        // The quote's time is that of its newest figure: a new best bid or ask is news too
        // (a change deeper in the book is not in the quote).
        const tape = this.tapes.get(event.instrumentId);
        if (tape !== undefined && event.top) tape.stats.updatedTs = ts;
        break;
      }
      case 'settlement.completed':
        this.settledDelisted = true;
        break;
      case 'trading-day.began':
        this.setTradingDay(event.tradingDay);
        for (const tape of this.tapes.values()) tape.beginDay(ts);
        // Settlement closed every position of a delisted contract; the day that began
        // keeps the open interest it had as pre_open_interest.
        if (this.settledDelisted) for (const id of this.delisted) this.tapes.get(id)?.expire();
        this.settledDelisted = false;
        break;
      default:
        break;
    }
  }

  private setTradingDay(day: string): void {
    this.tradingDay = day;
    this.dayOpenMs = day === '' ? 0 : zonedMidnight(day, this.timeZone);
  }
}
