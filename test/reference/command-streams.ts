/**
 * Random command streams for the property tests. A stream is generated in abstract form
 * (prices as "n ticks from the reference price", "one tick beyond limit-up", ...) and then
 * materialised into the concrete stamped commands both the core and the reference receive.
 * Materialising needs to know, for a modify, on which instrument the order lives (to pick
 * a price on that instrument's scale) and which trading day it is (for GTD dates); it asks
 * a private NaiveExchange for that. The concrete commands are the same for every consumer.
 *
 * The shapes are chosen to make the interesting cases frequent: 3-5 accounts (self-trade
 * prevention triggers often); 8 order ids per account, with cancels and modifies mostly
 * naming a recent order (duplicates, and cancels / modifies of live, finished and unknown
 * orders all happen); prices a few ticks around the reference price, mostly on the order's
 * own side so that books build up, often crossing; some prices on the limits, beyond them,
 * or off the grid; every price type, time condition and volume condition; day ends.
 * Accounts are opened with funds that never limit anything: margin is not under test here.
 */
import fc from 'fast-check';
import {
  type Command,
  type Direction,
  type InstrumentSpec,
  MAX_ORDER_VOLUME,
  type PriceType,
  type StampedCommand,
  type TimeCondition,
  type VolumeCondition,
} from '../../src/core/index.ts';
import { COPPER, INDEX } from '../support/core-harness.ts';
import { NaiveExchange } from './naive-book.ts';

/** Copper-like (tick 10, limits 64,400..75,600) and index-future-like (tick 0.2, limits 3,600..4,400). */
export const INSTRUMENT_A: InstrumentSpec = COPPER;
export const INSTRUMENT_B: InstrumentSpec = INDEX;

export const INSTRUMENTS: readonly InstrumentSpec[] = [INSTRUMENT_A, INSTRUMENT_B];
/** Never added: orders for it must be refused with 3003. */
export const UNKNOWN_INSTRUMENT = 'SHFE.zz9999';

/**
 * Currency units per account movement (the core's maximum single amount); each account gets
 * three of them: more than the margin of 8 live orders of 1,000,000 lots at limit-up.
 */
export const ACCOUNT_FUNDS = 1_000_000_000_000;

export const FIRST_TRADING_DAY = '2025-03-03';
export const FIRST_TS = 1_700_000_000_000;

/* ---- abstract commands ---- */

export type PriceChoice =
  /**
   * `away` ticks from the reference price on the order's own side: a buy at centre - away,
   * a sell at centre + away. Positive is passive (builds the book), negative crosses.
   */
  | { readonly kind: 'near'; readonly away: number }
  /** on a limit, or a few ticks inside it */
  | { readonly kind: 'edge'; readonly which: 'lower' | 'upper'; readonly inside: number }
  /** `by` ticks beyond a limit */
  | { readonly kind: 'beyond'; readonly which: 'lower' | 'upper'; readonly by: number }
  /** reference price + offset ticks + a clear fraction of a tick (off the grid) */
  | { readonly kind: 'offgrid'; readonly offset: number; readonly fraction: 0.5 | 0.1 | 0.25 }
  /** reference price + offset ticks + a hair (millionths of a tick): still off the grid */
  | { readonly kind: 'hair'; readonly offset: number; readonly millionths: number };

export interface AbstractPlace {
  readonly kind: 'place';
  readonly account: number;
  readonly orderId: number;
  /** index into INSTRUMENTS; INSTRUMENTS.length means an unknown instrument */
  readonly instrument: number;
  readonly direction: Direction;
  readonly priceType: PriceType;
  readonly price: PriceChoice;
  readonly volume: number;
  readonly timeCondition: TimeCondition;
  readonly volumeCondition: VolumeCondition;
  readonly minVolume: number;
  /** GTD: valid_until_date = current trading day + this many days (may be in the past). */
  readonly gtdDays: number;
}

/**
 * Which order a cancel or modify names: either any (account, order id) of the pools, or
 * the one named by the n-th most recent place command (live, finished or refused alike),
 * so that cancels and modifies of live orders are frequent.
 */
export type OrderTarget =
  | { readonly kind: 'pool'; readonly account: number; readonly orderId: number }
  | { readonly kind: 'recent'; readonly back: number };

export interface AbstractCancel {
  readonly kind: 'cancel';
  readonly target: OrderTarget;
}

export interface AbstractModify {
  readonly kind: 'modify';
  readonly target: OrderTarget;
  readonly price: PriceChoice;
  readonly volume: number;
  /** What the modify leaves out, unchanged (absent: nothing). */
  readonly keep?: 'price' | 'volume' | 'both';
}

export interface AbstractDayEnd {
  readonly kind: 'day-end';
  /** Start the next trading day right after (almost always). */
  readonly beginNext: boolean;
}

/** Declares (or withdraws) the day `daysAhead` calendar days after the current one a holiday. */
export interface AbstractHoliday {
  readonly kind: 'holiday';
  readonly daysAhead: number;
  readonly withdraw: boolean;
}

export type AbstractCommand = AbstractPlace | AbstractCancel | AbstractModify | AbstractDayEnd | AbstractHoliday;

export interface AbstractStream {
  readonly accounts: number;
  readonly commands: AbstractCommand[];
}

/* ---- arbitraries ---- */

const ORDER_ID_POOL = 8;

export const priceChoiceArb: fc.Arbitrary<PriceChoice> = fc.oneof(
  { weight: 40, arbitrary: fc.record({ kind: fc.constant('near' as const), away: fc.integer({ min: -3, max: 5 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edge' as const),
      which: fc.constantFrom('lower' as const, 'upper' as const),
      inside: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('beyond' as const),
      which: fc.constantFrom('lower' as const, 'upper' as const),
      by: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('offgrid' as const),
      offset: fc.integer({ min: -4, max: 4 }),
      fraction: fc.constantFrom(0.5 as const, 0.1 as const, 0.25 as const),
    }),
  },
);

/** Prices a hair off the grid: used by a dedicated property, not mixed into the main streams. */
export const hairPriceArb: fc.Arbitrary<PriceChoice> = fc.record({
  kind: fc.constant('hair' as const),
  offset: fc.integer({ min: -4, max: 4 }),
  millionths: fc.oneof(fc.integer({ min: -9, max: -1 }), fc.integer({ min: 1, max: 9 })),
});

export const volumeArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 60, arbitrary: fc.integer({ min: 1, max: 5 }) },
  { weight: 10, arbitrary: fc.integer({ min: 6, max: 20 }) },
  { weight: 1, arbitrary: fc.constant(1_000_000) },
  { weight: 4, arbitrary: fc.constantFrom(0, -1, 1.5, Number.NaN, 1_000_001) },
);

const timeConditionArb: fc.Arbitrary<TimeCondition> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GFD' as const) },
  { weight: 6, arbitrary: fc.constant('GTC' as const) },
  { weight: 3, arbitrary: fc.constant('IOC' as const) },
  { weight: 3, arbitrary: fc.constant('GTD' as const) },
  { weight: 2, arbitrary: fc.constant('GFS' as const) },
  { weight: 1, arbitrary: fc.constant('GFA' as const) },
);

const volumeConditionArb: fc.Arbitrary<VolumeCondition> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('ANY' as const) },
  { weight: 2, arbitrary: fc.constant('MIN' as const) },
  { weight: 2, arbitrary: fc.constant('ALL' as const) },
);

const priceTypeArb: fc.Arbitrary<PriceType> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('LIMIT' as const) },
  { weight: 1, arbitrary: fc.constant('MARKET' as const) },
  { weight: 1, arbitrary: fc.constant('ANY' as const) },
);

function commandArb(accounts: number, priceArb: fc.Arbitrary<PriceChoice>): fc.Arbitrary<AbstractCommand> {
  const account = fc.integer({ min: 0, max: accounts - 1 });
  const orderId = fc.integer({ min: 0, max: ORDER_ID_POOL - 1 });
  const place: fc.Arbitrary<AbstractPlace> = fc.record({
    kind: fc.constant('place' as const),
    account,
    orderId,
    instrument: fc.oneof(
      { weight: 30, arbitrary: fc.integer({ min: 0, max: INSTRUMENTS.length - 1 }) },
      { weight: 1, arbitrary: fc.constant(INSTRUMENTS.length) },
    ),
    direction: fc.constantFrom('BUY' as const, 'SELL' as const),
    priceType: priceTypeArb,
    price: priceArb,
    volume: volumeArb,
    timeCondition: timeConditionArb,
    volumeCondition: volumeConditionArb,
    minVolume: fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 2 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 6 }) },
    ),
    gtdDays: fc.integer({ min: -1, max: 2 }),
  });
  const target: fc.Arbitrary<OrderTarget> = fc.oneof(
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pool' as const), account, orderId }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('recent' as const), back: fc.integer({ min: 0, max: 5 }) }) },
  );
  const cancel: fc.Arbitrary<AbstractCancel> = fc.record({ kind: fc.constant('cancel' as const), target });
  const modify: fc.Arbitrary<AbstractModify> = fc.record({
    kind: fc.constant('modify' as const),
    target,
    price: priceArb,
    volume: volumeArb,
    keep: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.constant('price' as const) },
      { weight: 2, arbitrary: fc.constant('volume' as const) },
      { weight: 1, arbitrary: fc.constant('both' as const) },
    ),
  });
  const dayEnd: fc.Arbitrary<AbstractDayEnd> = fc.record({
    kind: fc.constant('day-end' as const),
    beginNext: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  });
  // Often a weekend day or one already past (refused), sometimes one a GTD order is dated on.
  const holiday: fc.Arbitrary<AbstractHoliday> = fc.record({
    kind: fc.constant('holiday' as const),
    daysAhead: fc.integer({ min: 0, max: 4 }),
    withdraw: fc.boolean(),
  });
  return fc.oneof(
    { weight: 60, arbitrary: place },
    { weight: 12, arbitrary: cancel },
    { weight: 18, arbitrary: modify },
    { weight: 1, arbitrary: dayEnd },
    { weight: 2, arbitrary: holiday },
  );
}

export function streamArb(
  options: { maxLength?: number; priceArb?: fc.Arbitrary<PriceChoice> } = {},
): fc.Arbitrary<AbstractStream> {
  const maxLength = options.maxLength ?? 100;
  const priceArb = options.priceArb ?? priceChoiceArb;
  return fc.integer({ min: 3, max: 5 }).chain((accounts) =>
    fc.record({
      accounts: fc.constant(accounts),
      commands: fc.array(commandArb(accounts, priceArb), { minLength: 1, maxLength, size: 'max' }),
    }),
  );
}

/* ---- materialisation ---- */

export function accountName(index: number): string {
  return `acc${index + 1}`;
}

export function orderIdName(index: number): string {
  return `o${index + 1}`;
}

/** YYYY-MM-DD, `days` after FIRST_TRADING_DAY. */
export function dayAfterFirst(days: number): string {
  const d = new Date(`${FIRST_TRADING_DAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A concrete price for an abstract choice on one instrument's grid and band. */
export function resolvePrice(reference: NaiveExchange, instrumentId: string, direction: Direction, choice: PriceChoice): number {
  const grid = reference.grid(instrumentId)!;
  const limits = reference.limits(instrumentId)!;
  const spec = INSTRUMENTS.find((s) => s.instrumentId === instrumentId)!;
  const centre = grid.ticksOf(spec.preSettlement)!;
  switch (choice.kind) {
    case 'near':
      return grid.priceOf(direction === 'BUY' ? centre - choice.away : centre + choice.away);
    case 'edge':
      return grid.priceOf(choice.which === 'upper' ? limits.upperTicks - choice.inside : limits.lowerTicks + choice.inside);
    case 'beyond':
      return grid.priceOf(choice.which === 'upper' ? limits.upperTicks + choice.by : limits.lowerTicks - choice.by);
    case 'offgrid':
      // In tenths/hundredths of a tick, as decimal text, so the value is exactly what a client would send.
      return Number(decimalText(grid, centre + choice.offset, choice.fraction));
    case 'hair':
      return Number(decimalText(grid, centre + choice.offset, choice.millionths / 1_000_000));
  }
}

/** The decimal text of (ticks + fraction) x tick, computed in exact integer arithmetic. */
function decimalText(grid: { tick: number }, ticks: number, fraction: number): string {
  // Work in units of 10^-12 of a tick's decimal scale: exact for the fractions used here.
  const tickScaled = BigInt(Math.round(grid.tick * 1e6)); // tick in micro-units
  const fractionScaled = BigInt(Math.round(fraction * 1e6)); // fraction in millionths
  const total = BigInt(ticks) * tickScaled * 1_000_000n + fractionScaled * tickScaled; // value x 1e12
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const whole = abs / 1_000_000_000_000n;
  const frac = (abs % 1_000_000_000_000n).toString().padStart(12, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac === '' ? '' : `.${frac}`}`;
}

/**
 * Turns an abstract stream into stamped commands: users and funded accounts first, then
 * the instruments and the first trading day, then the stream (a day end expands to
 * end + begin of the next day).
 */
export function materialize(
  stream: AbstractStream,
  options: { selfTradePrevention?: boolean; maxVolume?: number; beginFirstDay?: boolean } = {},
): StampedCommand[] {
  const tracker = new NaiveExchange({
    selfTradePrevention: options.selfTradePrevention ?? true,
    maxVolume: options.maxVolume ?? MAX_ORDER_VOLUME,
  });
  const out: StampedCommand[] = [];
  let dayIndex = 0;
  /** (account, order id) of every place command so far, most recent last. */
  const placed: { accountId: string; orderId: string }[] = [];
  const resolveTarget = (target: OrderTarget): { accountId: string; orderId: string } => {
    if (target.kind === 'recent') {
      const named = placed[placed.length - 1 - target.back];
      if (named !== undefined) return named;
      return { accountId: accountName(0), orderId: orderIdName(0) };
    }
    return { accountId: accountName(target.account), orderId: orderIdName(target.orderId) };
  };
  const emit = (command: Command): void => {
    if (NaiveExchange.models(command)) tracker.apply(command);
    const seq = out.length + 1;
    out.push({ seq, ts: FIRST_TS + seq, command });
  };
  // Every account of the stream exists with funds that never limit what it does: the
  // properties are about matching, not margin.
  for (let i = 0; i < stream.accounts; i++) {
    const accountId = accountName(i);
    const userId = `u-${accountId}`;
    emit({ type: 'user.register', userId, username: `user_${accountId}`, passwordHash: 'x', role: 'user' });
    emit({ type: 'account.open', userId, accountId, initialBalance: ACCOUNT_FUNDS });
    emit({ type: 'account.deposit', accountId, amount: ACCOUNT_FUNDS });
    emit({ type: 'account.deposit', accountId, amount: ACCOUNT_FUNDS });
  }
  for (const spec of INSTRUMENTS) emit({ type: 'instrument.add', spec });
  // Normally the first trading day begins before any order; without it, no trading day is
  // current until the first day end + begin (GTD dates are then judged against no day).
  if (options.beginFirstDay ?? true) emit({ type: 'trading-day.begin', tradingDay: dayAfterFirst(dayIndex) });
  else dayIndex = -1;
  for (const c of stream.commands) {
    switch (c.kind) {
      case 'place': {
        const instrumentId = INSTRUMENTS[c.instrument]?.instrumentId ?? UNKNOWN_INSTRUMENT;
        const known = instrumentId !== UNKNOWN_INSTRUMENT;
        const price = resolvePrice(tracker, known ? instrumentId : INSTRUMENT_A.instrumentId, c.direction, c.price);
        placed.push({ accountId: accountName(c.account), orderId: orderIdName(c.orderId) });
        emit({
          type: 'order.place',
          accountId: accountName(c.account),
          orderId: orderIdName(c.orderId),
          instrumentId,
          direction: c.direction,
          offset: 'OPEN',
          priceType: c.priceType,
          price,
          volume: c.volume,
          timeCondition: c.timeCondition,
          volumeCondition: c.volumeCondition,
          ...(c.volumeCondition === 'MIN' ? { minVolume: c.minVolume } : {}),
          ...(c.timeCondition === 'GTD' ? { validUntilDate: dayAfterFirst(Math.max(0, dayIndex) + c.gtdDays) } : {}),
        });
        break;
      }
      case 'cancel':
        emit({ type: 'order.cancel', ...resolveTarget(c.target) });
        break;
      case 'modify': {
        const { accountId, orderId } = resolveTarget(c.target);
        const live = tracker.liveOrderInfo(accountId, orderId) ?? { instrumentId: INSTRUMENT_A.instrumentId, direction: 'BUY' as const };
        const price = resolvePrice(tracker, live.instrumentId, live.direction, c.price);
        emit({
          type: 'order.modify',
          accountId,
          orderId,
          ...(c.keep !== 'price' && c.keep !== 'both' && { price }),
          ...(c.keep !== 'volume' && c.keep !== 'both' && { volume: c.volume }),
        });
        break;
      }
      case 'day-end':
        emit({ type: 'trading-day.end' });
        if (c.beginNext) emit({ type: 'trading-day.begin', tradingDay: dayAfterFirst(++dayIndex) });
        break;
      case 'holiday': {
        const date = dayAfterFirst(Math.max(0, dayIndex) + c.daysAhead);
        emit(c.withdraw ? { type: 'calendar.remove-holidays', dates: [date] } : { type: 'calendar.add-holidays', holidays: [{ date, name: 'holiday' }] });
        break;
      }
    }
  }
  return out;
}

/** The commands as compact JSON lines, for failure messages (setup commands folded into one line). */
export function describeCommands(commands: readonly StampedCommand[]): string {
  const lines: string[] = [];
  let setup: StampedCommand[] = [];
  const flush = (): void => {
    if (setup.length === 0) return;
    const accounts = setup.filter((s) => s.command.type === 'account.open').length;
    lines.push(`  #${setup[0]!.seq}-#${setup.at(-1)!.seq} setup: ${accounts} accounts (${accountName(0)}...) registered, opened and funded`);
    setup = [];
  };
  for (const s of commands) {
    if (!NaiveExchange.models(s.command)) {
      setup.push(s);
      continue;
    }
    flush();
    const { type, ...rest } = s.command as Command & Record<string, unknown>;
    const body =
      s.command.type === 'instrument.add'
        ? `{"instrumentId":"${s.command.spec.instrumentId}"}`
        : JSON.stringify(rest, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? 'NaN' : v));
    lines.push(`  #${s.seq} ${type} ${body}`);
  }
  flush();
  return lines.join('\n');
}
