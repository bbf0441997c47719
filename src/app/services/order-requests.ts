import { randomBytes } from 'node:crypto';
import {
  type CoreState,
  type Direction,
  isCalendarDay,
  MAX_ORDER_VOLUME,
  reservedNameProblem,
  type Offset,
  type PlaceOrder,
  type PriceType,
  ResultCode,
  type TimeCondition,
  type VolumeCondition,
} from '../../core/index.ts';
import { ApiError } from '../../protocol/index.ts';

/**
 * An order as clients send it, over HTTP or DIFF, with every alias DECISIONS.md accepts:
 * `limit_price` for `price`, `order_type` for `price_type`, CLOSE_TODAY / CLOSE_YESTERDAY,
 * instrument ids with or without the exchange prefix.
 */
export interface OrderRequest {
  readonly order_id?: string | undefined;
  readonly exchange_id?: string | undefined;
  readonly instrument_id: string;
  readonly direction: string;
  readonly offset: string;
  readonly volume: number;
  readonly price_type?: string | undefined;
  readonly order_type?: string | undefined;
  readonly price?: number | null | undefined;
  readonly limit_price?: number | null | undefined;
  readonly time_condition?: string | undefined;
  readonly volume_condition?: string | undefined;
  readonly min_volume?: number | undefined;
  readonly valid_until_date?: string | undefined;
}

/** The instrument key (`SHFE.cu2701`) a request names, or 3003 when there is none. */
export function resolveInstrumentId(state: CoreState, instrumentId: string, exchangeId?: string): string {
  const key = instrumentKey(state, instrumentId, exchangeId);
  if (state.instruments.has(key)) return key;
  throw new ApiError(ResultCode.InstrumentNotFound, `instrument not found: ${key}`);
}

/**
 * The key a request names: the registered instrument it means, else the id it spelled
 * (with the exchange prefix when one was given). Orders go to the core even for an unknown
 * instrument, so the refusal (3003) is recorded like any other and clients see the order.
 */
export function instrumentKey(state: CoreState, instrumentId: string, exchangeId?: string): string {
  const dot = instrumentId.indexOf('.');
  if (dot > 0 && exchangeId !== undefined && exchangeId !== '' && instrumentId.slice(0, dot) !== exchangeId) {
    throw new ApiError(
      ResultCode.ParameterError,
      `instrument_id ${instrumentId} has the exchange prefix ${instrumentId.slice(0, dot)}, but exchange_id is ${exchangeId}`,
    );
  }
  if (state.instruments.has(instrumentId)) return instrumentId;
  if (exchangeId !== undefined && exchangeId !== '') {
    const full = `${exchangeId}.${instrumentId}`;
    if (state.instruments.has(full)) return full;
  } else if (!instrumentId.includes('.')) {
    // No exchange given: the bare id must name exactly one instrument.
    const matches = [...state.instruments.keys()].filter((key) => key.slice(key.indexOf('.') + 1) === instrumentId);
    if (matches.length === 1 && matches[0] !== undefined) return matches[0];
    if (matches.length > 1) {
      throw new ApiError(
        ResultCode.ParameterError,
        `instrument ${instrumentId} is listed on ${matches.map((key) => key.slice(0, key.indexOf('.'))).join(' and ')}: name the exchange, as ${matches.join(' or ')}`,
      );
    }
  }
  return exchangeId !== undefined && exchangeId !== '' && !instrumentId.includes('.') ? `${exchangeId}.${instrumentId}` : instrumentId;
}

/** A random prefix per process, so generated ids never repeat across restarts. */
const ID_PREFIX = `B${randomBytes(4).toString('hex')}`;
let idCounter = 0;

/**
 * Order ids the exchange picks when the client leaves them out: unique (a per-process
 * random prefix and a counter) and cheap; 8 random bytes per order cost 5 µs here.
 */
export function generatedOrderId(): string {
  return `${ID_PREFIX}${(++idCounter).toString(36)}`;
}

const OFFSET_ALIASES: Readonly<Record<string, Offset>> = {
  OPEN: 'OPEN',
  CLOSE: 'CLOSE',
  CLOSETODAY: 'CLOSETODAY',
  CLOSEYESTERDAY: 'CLOSEYESTERDAY',
  CLOSE_TODAY: 'CLOSETODAY',
  CLOSE_YESTERDAY: 'CLOSEYESTERDAY',
};

/** A field given under its name, its alias, or both alike; two different values are refused rather than one picked silently. */
function aliased<T>(name: string, value: T | null | undefined, alias: string, other: T | null | undefined): T | null | undefined {
  if (value !== undefined && value !== null && other !== undefined && other !== null && value !== other) {
    throw new ApiError(ResultCode.ParameterError, `${name} ${JSON.stringify(value)} and ${alias} ${JSON.stringify(other)} differ: give one of them`);
  }
  return value ?? other;
}

function oneOf<T extends string>(field: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ApiError(ResultCode.ParameterError, `${field} must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`);
}

/**
 * Turns a client's order into the core's command. Shape errors (an unknown direction, a
 * LIMIT order without a price) are 1001 here; everything the core can judge (instrument,
 * volume 3007, price limits, funds) is left to it, so that refusal is recorded as a
 * FINISHED order with its reason, visible over HTTP and DIFF alike.
 */
export function toPlaceOrder(
  state: CoreState,
  accountId: string,
  request: OrderRequest,
  /** The id and price already settled by the caller (DIFF: its own id, and limit_price over price). */
  settled?: { readonly orderId: string; readonly price: number | null | undefined },
): PlaceOrder {
  const instrumentId = instrumentKey(state, request.instrument_id, request.exchange_id);
  const volume = request.volume;
  if (typeof volume !== 'number' || !Number.isFinite(volume)) {
    throw new ApiError(ResultCode.InvalidVolume, `volume must be a whole number of lots from 1 to ${MAX_ORDER_VOLUME}; got ${String(volume)}`);
  }
  const price = (settled === undefined ? aliased('price', request.price, 'limit_price', request.limit_price) : settled.price) ?? undefined;
  const priceTypeText = aliased('price_type', request.price_type, 'order_type', request.order_type) ?? (price !== undefined ? 'LIMIT' : undefined);
  if (priceTypeText === undefined) throw new ApiError(ResultCode.ParameterError, 'price_type is required (LIMIT, MARKET or ANY)');
  const priceType = oneOf<PriceType>('price_type', priceTypeText, ['LIMIT', 'MARKET', 'ANY']);
  if (priceType === 'LIMIT' && (price === undefined || !Number.isFinite(price) || price <= 0)) {
    throw new ApiError(ResultCode.ParameterError, 'price (or limit_price) is required for LIMIT orders and must be > 0');
  }
  // A price on a market order reads like a protection the exchange would not give: the
  // order trades anywhere within the price limits. Refused over HTTP rather than dropped.
  // DIFF clients are let be: tqsdk-js sends limit_price with every order, ANY ones too.
  if (priceType !== 'LIMIT' && settled === undefined && price !== undefined && price !== 0) {
    throw new ApiError(
      ResultCode.ParameterError,
      `price ${String(price)} is not used by ${priceType} orders, which trade at any price within the limits: leave price out, or send a LIMIT order`,
    );
  }
  // Own keys only: "toString" or "constructor" must not find the object's prototype.
  const offset = Object.hasOwn(OFFSET_ALIASES, request.offset) ? OFFSET_ALIASES[request.offset] : undefined;
  if (offset === undefined) {
    throw new ApiError(ResultCode.ParameterError, `offset must be one of ${Object.keys(OFFSET_ALIASES).join(', ')}; got ${JSON.stringify(request.offset)}`);
  }
  const timeCondition = oneOf<TimeCondition>('time_condition', request.time_condition ?? 'GFD', ['IOC', 'GFS', 'GFD', 'GTD', 'GTC', 'GFA']);
  const volumeCondition = oneOf<VolumeCondition>('volume_condition', request.volume_condition ?? 'ANY', ['ANY', 'MIN', 'ALL']);
  checkConditionFields(request, timeCondition, volumeCondition);
  const orderId = settled?.orderId ?? (request.order_id === undefined || request.order_id === '' ? generatedOrderId() : request.order_id);
  if (LONE_SURROGATE.test(orderId)) {
    // Any text is an id, but it must be text: half a UTF-16 pair cannot be encoded in a
    // URL (the web client's order links) nor written as UTF-8.
    throw new ApiError(ResultCode.ParameterError, 'order_id must be well-formed text (it holds half of a UTF-16 surrogate pair)');
  }
  const reserved = reservedNameProblem('order_id', orderId);
  if (reserved !== '') throw new ApiError(ResultCode.ParameterError, reserved);
  const command: Mutable<PlaceOrder> = {
    type: 'order.place',
    accountId,
    orderId,
    instrumentId,
    direction: oneOf<Direction>('direction', request.direction, ['BUY', 'SELL']),
    offset,
    priceType,
    price: priceType === 'LIMIT' ? (price ?? 0) : 0,
    volume,
    timeCondition,
    volumeCondition,
  };
  // Set only when given (not as undefined): the journal stores and replays the command as is.
  if (request.min_volume !== undefined) command.minVolume = request.min_volume;
  if (request.valid_until_date !== undefined) command.validUntilDate = request.valid_until_date;
  return command;
}

/**
 * A field that only one condition reads, sent with another, is a mistake the order would
 * otherwise hide: a GFD order with a valid_until_date dies at the day's settlement, not on
 * that date. Its date, when it is the right condition's, must exist on the calendar.
 */
function checkConditionFields(request: OrderRequest, timeCondition: TimeCondition, volumeCondition: VolumeCondition): void {
  const validUntil = request.valid_until_date;
  if (validUntil !== undefined && timeCondition !== 'GTD') {
    throw new ApiError(ResultCode.ParameterError, `valid_until_date is read only with time_condition GTD, and this order is ${timeCondition}: send time_condition GTD, or leave the date out`);
  }
  if (validUntil !== undefined && !isCalendarDay(validUntil)) {
    throw new ApiError(ResultCode.ParameterError, `valid_until_date ${JSON.stringify(validUntil)} is not a date of the calendar (YYYY-MM-DD)`);
  }
  if (request.min_volume !== undefined && volumeCondition !== 'MIN') {
    throw new ApiError(ResultCode.ParameterError, `min_volume is read only with volume_condition MIN, and this order is ${volumeCondition}: send volume_condition MIN, or leave min_volume out`);
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
