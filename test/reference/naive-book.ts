/**
 * A deliberately naive reference exchange, written from the product rules (DECISIONS.md
 * "Orders", spec "Exchange rules" / "Order") and NOT from the core's code. It keeps every
 * resting order of every instrument in one plain array and, whenever it needs an order of
 * priority, filters and sorts that array from scratch. Nothing is incremental, nothing is
 * indexed: slow, but each rule below is a few lines that can be checked by reading them.
 *
 * Prices are compared in integer ticks. Numbers in the commands are interpreted exactly
 * (see `TickGrid`): a price is on the grid only when it is the double of some k x tick.
 *
 * Only types are imported from the core; no behaviour is shared with it.
 */
import type {
  CancelOrder,
  Command,
  Direction,
  InstrumentSpec,
  ModifyOrder,
  Offset,
  PlaceOrder,
  TimeCondition,
  VolumeCondition,
} from '../../src/core/index.ts';
import { NaiveCalendar } from './naive-calendar.ts';

export const OK = 1000;
export const PARAMETER_ERROR = 1001;
export const ORDER_NOT_FOUND = 3001;
export const INSTRUMENT_NOT_FOUND = 3003;
export const PRICE_OUT_OF_LIMITS = 3006;
export const INVALID_VOLUME = 3007;

export interface RefTrade {
  readonly instrumentId: string;
  readonly tradeId: number;
  readonly priceTicks: number;
  readonly volume: number;
  readonly makerAccount: string;
  readonly makerOrderId: string;
  readonly makerExchangeOrderId: number;
  /** The maker's open volume after this trade. */
  readonly makerVolumeLeft: number;
  readonly takerAccount: string;
  readonly takerOrderId: string;
  readonly takerExchangeOrderId: number;
  readonly takerVolumeLeft: number;
}

export interface RefResting {
  readonly orderId: string;
  readonly accountId: string;
  readonly priceTicks: number;
  readonly volumeLeft: number;
  readonly exchangeOrderId: number;
}

/** An order that finished without (fully) trading: user cancel, IOC/market remainder, FOK/MIN kill, self-trade, expiry. */
export interface RefCancelled {
  readonly instrumentId: string;
  readonly accountId: string;
  readonly orderId: string;
  readonly exchangeOrderId: number;
  /** Volume that was still open and is now cancelled. */
  readonly volumeLeft: number;
}

export interface RefBook {
  readonly bids: RefResting[];
  readonly asks: RefResting[];
}

export interface RefResult {
  readonly code: number;
  /** exchange_order_id of the order this command created (place, or the new order of a modify); 0 if none. */
  readonly exchangeOrderId: number;
  readonly trades: RefTrade[];
  readonly cancelled: RefCancelled[];
  /** For a successful modify: the order that was taken out of the book. */
  readonly replaced?: { readonly previousExchangeOrderId: number; readonly previousVolumeLeft: number };
  /** Every instrument's book after the command, each side in priority order. */
  readonly books: Record<string, RefBook>;
  /** The book of the instrument the command was about (empty for day commands / unknown ones). */
  readonly restingBids: RefResting[];
  readonly restingAsks: RefResting[];
}

export interface NaiveOptions {
  readonly selfTradePrevention: boolean;
  /** Largest acceptable order volume (the spec leaves the bound behind 3007 open). */
  readonly maxVolume: number;
}

interface RefOrder {
  readonly instrumentId: string;
  readonly accountId: string;
  readonly orderId: string;
  readonly exchangeOrderId: number;
  /** Global arrival counter of the reference itself (not the exchange order id). */
  readonly arrival: number;
  readonly direction: Direction;
  readonly offset: Offset;
  readonly isLimit: boolean;
  /** Limit in ticks; for MARKET/ANY the band edge (limit-up for a buy, limit-down for a sell). */
  readonly priceTicks: number;
  readonly volume: number;
  volumeLeft: number;
  readonly timeCondition: TimeCondition;
  readonly volumeCondition: VolumeCondition;
  readonly minVolume: number;
  readonly validUntilDate: string;
}

/* ------------------------------------------------------------------------------------ */
/* Exact decimal arithmetic for prices, ticks and rates                                  */
/* ------------------------------------------------------------------------------------ */

/** The exact decimal value of the shortest representation of a finite double, as num/den. */
export function decimalFraction(x: number): { num: bigint; den: bigint } {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (m === null) throw new Error(`not a finite number: ${String(x)}`);
  const fraction = m[3] ?? '';
  const exponent = Number(m[4] ?? '0') - fraction.length;
  let num = BigInt(`${m[1] ?? ''}${m[2] ?? '0'}${fraction}`);
  let den = 1n;
  if (exponent >= 0) num *= 10n ** BigInt(exponent);
  else den = 10n ** BigInt(-exponent);
  return { num, den };
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/**
 * The tick grid of one instrument. Grid point k is the exact decimal k x tick; a price
 * (a double) is on the grid iff it IS the double nearest to some grid point, i.e. what
 * the decimal text of that grid point parses to. Anything else (even 1e-6 of a tick
 * away) is off the grid.
 */
export class TickGrid {
  private readonly tickNum: bigint;
  private readonly tickDen: bigint;

  constructor(readonly tick: number) {
    const { num, den } = decimalFraction(tick);
    if (num <= 0n) throw new Error('tick must be positive');
    this.tickNum = num;
    this.tickDen = den;
  }

  /** The double of grid point k (one correctly rounded division of two exact integers). */
  priceOf(ticks: number): number {
    return Number(BigInt(ticks) * this.tickNum) / Number(this.tickDen);
  }

  /** Ticks of an on-grid price, or undefined when the price is not on the grid. */
  ticksOf(price: number): number | undefined {
    if (typeof price !== 'number' || !Number.isFinite(price)) return undefined;
    const guess = Math.round(price / this.tick);
    for (const k of [guess - 1, guess, guess + 1]) {
      if (this.priceOf(k) === price) return k;
    }
    return undefined;
  }

  /** floor / ceil of (a decimal value) / tick, exactly. */
  floorTicks(value: { num: bigint; den: bigint }): number {
    return Number(floorDiv(value.num * this.tickDen, value.den * this.tickNum));
  }

  ceilTicks(value: { num: bigint; den: bigint }): number {
    return Number(ceilDiv(value.num * this.tickDen, value.den * this.tickNum));
  }
}

interface RefInstrument {
  readonly spec: InstrumentSpec;
  readonly grid: TickGrid;
  /** Inclusive price band in ticks. Without a reference price: 1..Infinity. */
  readonly lowerTicks: number;
  readonly upperTicks: number;
  /** The one per-instrument counter for exchange order ids and trade ids. */
  counter: number;
}

/** limit = pre_settlement x (1 +/- rate), rounded inward to the tick (exact arithmetic). */
function referenceInstrument(spec: InstrumentSpec): RefInstrument {
  const grid = new TickGrid(spec.priceTick);
  if (!(spec.preSettlement > 0)) return { spec, grid, lowerTicks: 1, upperTicks: Number.POSITIVE_INFINITY, counter: 0 };
  const pre = decimalFraction(spec.preSettlement);
  const up = decimalFraction(spec.limitUpRate);
  const down = decimalFraction(spec.limitDownRate);
  const upper = { num: pre.num * (up.den + up.num), den: pre.den * up.den };
  const lower = { num: pre.num * (down.den - down.num), den: pre.den * down.den };
  return {
    spec,
    grid,
    upperTicks: grid.floorTicks(upper),
    lowerTicks: Math.max(1, grid.ceilTicks(lower)),
    counter: 0,
  };
}

const MODELLED: ReadonlySet<string> = new Set([
  'instrument.add',
  'order.place',
  'order.cancel',
  'order.modify',
  'trading-day.begin',
  'trading-day.end',
  'calendar.add-holidays',
  'calendar.remove-holidays',
]);

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/* ------------------------------------------------------------------------------------ */
/* The reference exchange                                                                */
/* ------------------------------------------------------------------------------------ */

export class NaiveExchange {
  private readonly instruments = new Map<string, RefInstrument>();
  /** Every resting order of every instrument, in no particular order. */
  private resting: RefOrder[] = [];
  private arrivals = 0;
  tradingDay = '';
  private readonly calendar = new NaiveCalendar();

  constructor(readonly options: NaiveOptions) {}

  /* ---- queries ---- */

  /** One side of one book in priority order: better price first, then earlier arrival. */
  restingSide(instrumentId: string, side: Direction): RefResting[] {
    return this.sorted(instrumentId, side).map((o) => ({
      orderId: o.orderId,
      accountId: o.accountId,
      priceTicks: o.priceTicks,
      volumeLeft: o.volumeLeft,
      exchangeOrderId: o.exchangeOrderId,
    }));
  }

  books(): Record<string, RefBook> {
    const out: Record<string, RefBook> = {};
    for (const id of this.instruments.keys()) {
      out[id] = { bids: this.restingSide(id, 'BUY'), asks: this.restingSide(id, 'SELL') };
    }
    return out;
  }

  /** Instrument and side of the live order (account, orderId), if there is one. */
  liveOrderInfo(accountId: string, orderId: string): { instrumentId: string; direction: Direction } | undefined {
    const order = this.findLive(accountId, orderId);
    return order === undefined ? undefined : { instrumentId: order.instrumentId, direction: order.direction };
  }

  instrumentIds(): string[] {
    return [...this.instruments.keys()];
  }

  grid(instrumentId: string): TickGrid | undefined {
    return this.instruments.get(instrumentId)?.grid;
  }

  limits(instrumentId: string): { lowerTicks: number; upperTicks: number } | undefined {
    const i = this.instruments.get(instrumentId);
    return i === undefined ? undefined : { lowerTicks: i.lowerTicks, upperTicks: i.upperTicks };
  }

  /* ---- commands ---- */

  /** True for the commands the reference models; the others (accounts, funds, ...) are not its business. */
  static models(command: Command): boolean {
    return MODELLED.has(command.type);
  }

  apply(command: Command): RefResult {
    switch (command.type) {
      case 'instrument.add':
        return this.addInstrument(command.spec);
      case 'order.place':
        return this.place(command);
      case 'order.cancel':
        return this.cancel(command);
      case 'order.modify':
        return this.modify(command);
      case 'trading-day.begin':
        return this.beginDay(command.tradingDay);
      case 'trading-day.end':
        return this.endDay();
      case 'calendar.add-holidays':
        return this.result(this.calendar.add(command, this.tradingDay), undefined);
      case 'calendar.remove-holidays':
        return this.result(this.calendar.remove(command, this.tradingDay), undefined);
      default:
        throw new Error(`the reference does not model ${command.type}`);
    }
  }

  addInstrument(spec: InstrumentSpec): RefResult {
    if (this.instruments.has(spec.instrumentId)) return this.result(PARAMETER_ERROR, undefined);
    this.instruments.set(spec.instrumentId, referenceInstrument(spec));
    return this.result(OK, spec.instrumentId);
  }

  beginDay(day: string): RefResult {
    if (typeof day !== 'string' || !ISO_DAY.test(day)) return this.result(PARAMETER_ERROR, undefined);
    if (this.tradingDay !== '' && day <= this.tradingDay) return this.result(PARAMETER_ERROR, undefined);
    if (this.calendar.holidays.has(day)) return this.result(PARAMETER_ERROR, undefined);
    if (this.tradingDay !== '') this.calendar.passTo(this.tradingDay);
    this.tradingDay = day;
    return this.result(OK, undefined);
  }

  /**
   * Day end: GFD and GFS orders expire, and GTD orders whose date comes before the next
   * trading day (dated today or earlier, or on the weekend or holidays that follow); GTC stays.
   */
  endDay(): RefResult {
    const next = this.tradingDay === '' ? '' : this.calendar.tradingDayAfter(this.tradingDay);
    const expired = this.resting.filter(
      (o) =>
        o.timeCondition === 'GFD' ||
        o.timeCondition === 'GFS' ||
        (o.timeCondition === 'GTD' && o.validUntilDate < next),
    );
    this.resting = this.resting.filter((o) => !expired.includes(o));
    return this.result(OK, undefined, { cancelled: expired.map(cancelledRecord) });
  }

  cancel(command: CancelOrder): RefResult {
    const order = this.findLive(command.accountId, command.orderId);
    if (order === undefined) return this.result(ORDER_NOT_FOUND, undefined);
    this.resting = this.resting.filter((o) => o !== order);
    return this.result(OK, order.instrumentId, { cancelled: [cancelledRecord(order)] });
  }

  place(command: PlaceOrder): RefResult {
    // Checks about existing state first, then the fields (volume, conditions, price).
    if (this.findLive(command.accountId, command.orderId) !== undefined) return this.result(PARAMETER_ERROR, undefined);
    const instrument = this.instruments.get(command.instrumentId);
    if (instrument === undefined) return this.result(INSTRUMENT_NOT_FOUND, undefined);
    const id = instrument.spec.instrumentId;
    if (!this.volumeIsValid(command.volume)) return this.result(INVALID_VOLUME, id);
    if (command.timeCondition === 'GFA') return this.result(PARAMETER_ERROR, id);
    if (command.timeCondition === 'GTD') {
      const until = command.validUntilDate;
      if (until === undefined || !ISO_DAY.test(until)) return this.result(PARAMETER_ERROR, id);
      // A GTD order whose last day is already over is refused (it could never be valid).
      if (this.tradingDay !== '' && until < this.tradingDay) return this.result(PARAMETER_ERROR, id);
    }
    if (command.volumeCondition === 'MIN') {
      const min = command.minVolume;
      if (min === undefined || !Number.isInteger(min) || min < 1 || min > command.volume) {
        return this.result(PARAMETER_ERROR, id);
      }
    }
    const isLimit = command.priceType === 'LIMIT';
    let priceTicks: number;
    if (isLimit) {
      const ticks = instrument.grid.ticksOf(command.price);
      if (ticks === undefined) return this.result(PARAMETER_ERROR, id);
      if (ticks < instrument.lowerTicks || ticks > instrument.upperTicks) return this.result(PRICE_OUT_OF_LIMITS, id);
      priceTicks = ticks;
    } else {
      // MARKET / ANY: trade at any price inside the band.
      priceTicks = command.direction === 'BUY' ? instrument.upperTicks : instrument.lowerTicks;
    }
    const order: RefOrder = {
      instrumentId: id,
      accountId: command.accountId,
      orderId: command.orderId,
      exchangeOrderId: ++instrument.counter,
      arrival: ++this.arrivals,
      direction: command.direction,
      offset: command.offset,
      isLimit,
      priceTicks,
      volume: command.volume,
      volumeLeft: command.volume,
      timeCondition: command.timeCondition,
      volumeCondition: command.volumeCondition,
      minVolume: command.volumeCondition === 'MIN' ? (command.minVolume ?? 0) : 0,
      validUntilDate: command.timeCondition === 'GTD' ? (command.validUntilDate ?? '') : '',
    };
    const outcome = this.match(instrument, order);
    return this.result(OK, id, { exchangeOrderId: order.exchangeOrderId, ...outcome });
  }

  /** Modify = atomic cancel + new order (same id and conditions, new price and volume, back of the queue). */
  modify(command: ModifyOrder): RefResult {
    const old = this.findLive(command.accountId, command.orderId);
    if (old === undefined) return this.result(ORDER_NOT_FOUND, undefined);
    const instrument = this.instruments.get(old.instrumentId)!;
    const id = old.instrumentId;
    // Everything that could refuse the new order is checked while the old one is untouched.
    // What the command leaves out stays as it is: the price, or the volume still to fill.
    if (command.price === undefined && command.volume === undefined) return this.result(PARAMETER_ERROR, id);
    const volume = command.volume ?? old.volumeLeft;
    if (!this.volumeIsValid(volume)) return this.result(INVALID_VOLUME, id);
    const ticks = command.price === undefined ? old.priceTicks : instrument.grid.ticksOf(command.price);
    if (ticks === undefined) return this.result(PARAMETER_ERROR, id);
    if (ticks < instrument.lowerTicks || ticks > instrument.upperTicks) return this.result(PRICE_OUT_OF_LIMITS, id);
    // The new order keeps MIN min_volume: a volume below it is not a valid volume for this order.
    if (old.volumeCondition === 'MIN' && volume < old.minVolume) return this.result(INVALID_VOLUME, id);

    this.resting = this.resting.filter((o) => o !== old);
    const replacement: RefOrder = {
      ...old,
      exchangeOrderId: ++instrument.counter,
      arrival: ++this.arrivals,
      priceTicks: ticks,
      volume,
      volumeLeft: volume,
    };
    // The replacement's volume condition is not judged again: it was met at entry.
    const outcome = this.match(instrument, replacement, false);
    return this.result(OK, id, {
      exchangeOrderId: replacement.exchangeOrderId,
      replaced: { previousExchangeOrderId: old.exchangeOrderId, previousVolumeLeft: old.volumeLeft },
      ...outcome,
    });
  }

  /* ---- matching ---- */

  /**
   * The incoming order against the opposite side.
   *   1. The candidates: opposite orders of this instrument whose price crosses, in priority order.
   *   2. Self-trade prevention: the candidates end just before the first order of the same account.
   *   3. ALL / MIN, for an order entering (not a modify's replacement): if the candidates
   *      hold less than the volume / min_volume, nothing happens.
   *   4. Trade down the candidates at each maker's price until the incoming volume is used up.
   *   5. The remainder: cancelled when matching stopped at an own order, rests when it is a
   *      LIMIT order with a lasting time condition, otherwise cancelled.
   */
  private match(instrument: RefInstrument, taker: RefOrder, entering = true): { trades: RefTrade[]; cancelled: RefCancelled[] } {
    const opposite: Direction = taker.direction === 'BUY' ? 'SELL' : 'BUY';
    let candidates = this.sorted(instrument.spec.instrumentId, opposite).filter((maker) =>
      taker.direction === 'BUY' ? maker.priceTicks <= taker.priceTicks : maker.priceTicks >= taker.priceTicks,
    );
    let stoppedAtOwnOrder = false;
    if (this.options.selfTradePrevention) {
      const own = candidates.findIndex((maker) => maker.accountId === taker.accountId);
      if (own >= 0) {
        candidates = candidates.slice(0, own);
        stoppedAtOwnOrder = true;
      }
    }
    const available = candidates.reduce((sum, maker) => sum + maker.volumeLeft, 0);
    const needed = !entering ? 0 : taker.volumeCondition === 'ALL' ? taker.volume : taker.volumeCondition === 'MIN' ? taker.minVolume : 0;
    if (available < needed) return { trades: [], cancelled: [cancelledRecord(taker)] };

    const trades: RefTrade[] = [];
    for (const maker of candidates) {
      if (taker.volumeLeft === 0) break;
      const volume = Math.min(maker.volumeLeft, taker.volumeLeft);
      maker.volumeLeft -= volume;
      taker.volumeLeft -= volume;
      trades.push({
        instrumentId: instrument.spec.instrumentId,
        tradeId: ++instrument.counter,
        priceTicks: maker.priceTicks,
        volume,
        makerAccount: maker.accountId,
        makerOrderId: maker.orderId,
        makerExchangeOrderId: maker.exchangeOrderId,
        makerVolumeLeft: maker.volumeLeft,
        takerAccount: taker.accountId,
        takerOrderId: taker.orderId,
        takerExchangeOrderId: taker.exchangeOrderId,
        takerVolumeLeft: taker.volumeLeft,
      });
    }
    this.resting = this.resting.filter((o) => o.volumeLeft > 0);

    const cancelled: RefCancelled[] = [];
    if (taker.volumeLeft > 0) {
      const lasting = taker.timeCondition === 'GFD' || taker.timeCondition === 'GTC' ||
        taker.timeCondition === 'GTD' || taker.timeCondition === 'GFS';
      if (!stoppedAtOwnOrder && taker.isLimit && lasting) this.resting.push(taker);
      else cancelled.push(cancelledRecord(taker));
    }
    return { trades, cancelled };
  }

  /* ---- helpers ---- */

  private volumeIsValid(volume: number): boolean {
    return typeof volume === 'number' && Number.isInteger(volume) && volume > 0 && volume <= this.options.maxVolume;
  }

  private findLive(accountId: string, orderId: string): RefOrder | undefined {
    const found = this.resting.filter((o) => o.accountId === accountId && o.orderId === orderId);
    if (found.length > 1) throw new Error(`reference broken: two live orders ${accountId}/${orderId}`);
    return found[0];
  }

  private sorted(instrumentId: string, side: Direction): RefOrder[] {
    return this.resting
      .filter((o) => o.instrumentId === instrumentId && o.direction === side)
      .sort((a, b) => {
        if (a.priceTicks !== b.priceTicks) return side === 'BUY' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks;
        return a.arrival - b.arrival;
      });
  }

  private result(
    code: number,
    instrumentId: string | undefined,
    extra: Partial<Pick<RefResult, 'exchangeOrderId' | 'trades' | 'cancelled' | 'replaced'>> = {},
  ): RefResult {
    const books = this.books();
    const own = instrumentId === undefined ? undefined : books[instrumentId];
    return {
      code,
      exchangeOrderId: extra.exchangeOrderId ?? 0,
      trades: extra.trades ?? [],
      cancelled: extra.cancelled ?? [],
      ...(extra.replaced === undefined ? {} : { replaced: extra.replaced }),
      books,
      restingBids: own?.bids ?? [],
      restingAsks: own?.asks ?? [],
    };
  }
}

function cancelledRecord(order: RefOrder): RefCancelled {
  return {
    instrumentId: order.instrumentId,
    accountId: order.accountId,
    orderId: order.orderId,
    exchangeOrderId: order.exchangeOrderId,
    volumeLeft: order.volumeLeft,
  };
}
