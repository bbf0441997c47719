import { Account } from './accounts/account.ts';
import { Position } from './accounts/position.ts';
import type { PositionSide } from './accounts/position-side.ts';
import { User, usernameKey } from './accounts/user.ts';
import type { CreateConditionalOrder } from './commands.ts';
import { ConditionalOrder } from './conditional/conditional-order.ts';
import type { Direction, Offset, PriceType, TimeCondition, VolumeCondition } from './commands.ts';
import type { ConditionalRecord, ConditionalStatus, ExchangeStatus, OrderRecord, RiskLevel } from './events.ts';
import { Instrument, type InstrumentStatus } from './instruments/instrument.ts';
import type { InstrumentSpec } from './instruments/instrument-spec.ts';
import type { ScheduledRates } from './instruments/scheduled-rates.ts';
import { Order } from './matching/order.ts';
import type { PriceLadder } from './matching/price-ladder.ts';
import { indexAccount, markAccount } from './risk/risk-index.ts';
import { type CoreOptions, CoreState } from './state.ts';

/**
 * The state as plain, canonical data: the same state always serialises to the same JSON
 * text (fixed field order, maps in insertion order, books walked in priority order), so a
 * hash of it proves two replays identical, and a snapshot restores exactly what was saved.
 */
export interface SerializedState {
  /**
   * 3: resting orders as positional rows (RestingRow). 2 (still restored): resting orders
   * as objects with field names, about 440 bytes each against about 124, which made a
   * snapshot of 150,000 resting orders hold the event loop about three times as long.
   */
  readonly format: 2 | 3 | 4;
  readonly options: CoreOptions;
  readonly tradingDay: string;
  readonly lastSeq: number;
  readonly lastTs: number;
  readonly users: SerializedUser[];
  readonly accounts: SerializedAccount[];
  readonly instruments: SerializedInstrument[];
  readonly liquidationCount: number;
  readonly conditionals: SerializedConditional[];
  /** Present only while the market is closed, so an open market's text is as before. */
  readonly marketClosed?: string;
  /** Conditional orders a trade reached while closed, placed at the open (written only when there are any). */
  readonly reachedWhileClosed?: string[];
  /** Upcoming holidays by date (written only when there are any, so a state without is as before). */
  readonly holidays?: [date: string, name: string][];
}

interface SerializedConditional {
  readonly request: CreateConditionalOrder;
  readonly userId: string;
  readonly triggerTicks: number;
  readonly createdTs: number;
  readonly status: ConditionalStatus;
  readonly updatedTs: number;
  readonly orderId: string;
  readonly reason: string;
}

interface SerializedUser {
  readonly userId: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly role: User['role'];
  readonly createdTs: number;
  readonly accountIds: string[];
  /** These three are absent while the password was never changed: the states of earlier versions keep their hashes. */
  readonly passwordVersion?: number;
  readonly passwordChangedTs?: number;
  readonly passwordChangedBy?: string;
  /** Absent while the user never logged out everywhere. */
  readonly signOutVersion?: number;
}

interface SerializedAccount {
  readonly accountId: string;
  readonly userId: string;
  readonly currency: string;
  readonly createdTs: number;
  readonly ledger: number[];
  readonly frozen: boolean;
  readonly riskLevel: RiskLevel;
  readonly positions: SerializedPosition[];
}

interface SerializedPosition {
  readonly instrumentId: string;
  readonly long: number[];
  readonly short: number[];
  readonly floatProfitLong: number;
  readonly floatProfitShort: number;
  readonly markTicks: number;
}

interface SerializedInstrument {
  readonly spec: InstrumentSpec;
  readonly status: InstrumentStatus;
  readonly sequence: number;
  /** null when the instrument has no price limits. */
  readonly upperLimitTicks: number | null;
  readonly lowerLimitTicks: number | null;
  readonly marginRatio: number;
  readonly commissionRate: number;
  readonly limitUpRate: number;
  readonly limitDownRate: number;
  readonly preSettlementTicks: number;
  readonly settlementPriceTicks: number;
  readonly dayVolume: number;
  readonly dayTurnoverTicks: number;
  readonly lastPriceTicks: number;
  /** Rates announced for a coming settlement (written only when there are any). */
  readonly scheduledRates?: ScheduledRates;
  /** Account ids of the open positions, in the order the instrument tracks them. */
  readonly holders: string[];
  /** Resting orders, best price first and FIFO within a price (format 2: SerializedOrder objects). */
  readonly bids: RestingRow[] | SerializedOrder[];
  readonly asks: RestingRow[] | SerializedOrder[];
}

/**
 * A resting order in format 3, fields by position (its instrument is the one it rests
 * in): account, order id, exchange order id, direction, offset, price type, limit price,
 * price in ticks, volume, volume left, time condition, volume condition, min volume,
 * valid-until date, insert time, status, last message, funded (1 or 0), margin per lot,
 * commission per lot, reserved his, reserved today.
 */
type RestingRow = [
  string, string, number, Direction, Offset, PriceType, number, number, number, number,
  TimeCondition, VolumeCondition, number, string, number, ExchangeStatus, string, 0 | 1, number, number, number, number,
];

/** Format 2's resting order. */
interface SerializedOrder extends OrderRecord {
  readonly priceTicks: number;
  /** Whether an account's funds back the order (false for bare matching orders). */
  readonly funded: boolean;
  readonly marginPerLot: number;
  readonly commissionPerLot: number;
  readonly reservedHis: number;
  readonly reservedToday: number;
}

/**
 * The format serializeState writes (and the state hash is computed over). 4: only pending
 * conditional orders (finished ones live in the history).
 */
export const STATE_FORMAT = 4;

/**
 * Marks every account at the current last prices first (accounts are marked lazily; see
 * risk/risk-index.ts), so the text never depends on which accounts were read before.
 */
export function serializeState(state: CoreState): SerializedState {
  for (const account of state.accounts.values()) markAccount(account);
  return {
    format: STATE_FORMAT,
    options: { ...state.options },
    tradingDay: state.tradingDay,
    lastSeq: state.lastSeq,
    lastTs: state.lastTs,
    users: [...state.users.values()].map((user) => ({
      userId: user.userId,
      username: user.username,
      passwordHash: user.passwordHash,
      role: user.role,
      createdTs: user.createdTs,
      accountIds: [...user.accountIds],
      ...(user.passwordVersion > 0 && { passwordVersion: user.passwordVersion, passwordChangedTs: user.passwordChangedTs, passwordChangedBy: user.passwordChangedBy }),
      ...(user.signOutVersion > 0 && { signOutVersion: user.signOutVersion }),
    })),
    accounts: [...state.accounts.values()].map(serializeAccount),
    instruments: [...state.instruments.values()].map((instrument) => ({
      spec: instrument.spec,
      status: instrument.status,
      sequence: instrument.sequence,
      upperLimitTicks: instrument.hasLimits ? instrument.upperLimitTicks : null,
      lowerLimitTicks: instrument.hasLimits ? instrument.lowerLimitTicks : null,
      ...instrumentFields(instrument),
      ...(instrument.scheduledRates !== undefined && { scheduledRates: instrument.scheduledRates }),
      holders: [...instrument.holders].map((position) => position.account.accountId),
      bids: restingOrders(instrument.book.bids),
      asks: restingOrders(instrument.book.asks),
    })),
    liquidationCount: state.liquidationCount,
    conditionals: [...state.conditionals.pending.values()].map((c) => ({
      request: c.request,
      userId: c.userId,
      triggerTicks: c.triggerTicks,
      createdTs: c.createdTs,
      status: c.status,
      updatedTs: c.updatedTs,
      orderId: c.orderId,
      reason: c.reason,
    })),
    ...(state.marketClosed !== '' && { marketClosed: state.marketClosed }),
    ...(state.conditionals.reachedWhileClosed.size > 0 && { reachedWhileClosed: [...state.conditionals.reachedWhileClosed] }),
    ...(state.holidays.size > 0 && { holidays: state.holidays.list().map(({ date, name }): [string, string] => [date, name]) }),
  };
}

export function restoreState(data: SerializedState): CoreState {
  if (data.format !== 2 && data.format !== 3 && data.format !== 4) throw new Error(`unsupported state format ${String(data.format)}`);
  const state = new CoreState({ ...data.options });
  state.tradingDay = data.tradingDay;
  state.lastSeq = data.lastSeq;
  state.lastTs = data.lastTs;
  for (const saved of data.users) {
    const user = new User(saved.userId, saved.username, saved.passwordHash, saved.role, saved.createdTs);
    user.accountIds.push(...saved.accountIds);
    user.passwordVersion = saved.passwordVersion ?? 0;
    user.passwordChangedTs = saved.passwordChangedTs ?? 0;
    user.passwordChangedBy = saved.passwordChangedBy ?? '';
    user.signOutVersion = saved.signOutVersion ?? 0;
    state.users.set(user.userId, user);
    state.usersByName.set(usernameKey(user.username), user);
  }
  for (const saved of data.instruments) {
    const instrument = new Instrument(saved.spec);
    instrument.status = saved.status;
    instrument.sequence = saved.sequence;
    instrument.upperLimitTicks = saved.upperLimitTicks ?? Number.NaN;
    instrument.lowerLimitTicks = saved.lowerLimitTicks ?? Number.NaN;
    for (const field of INSTRUMENT_FIELDS) instrument[field] = saved[field];
    instrument.scheduledRates = saved.scheduledRates;
    state.instruments.set(instrument.id, instrument);
  }
  for (const saved of data.accounts) state.accounts.set(saved.accountId, reviveAccount(state, saved));
  for (const saved of data.instruments) {
    const instrument = state.instruments.get(saved.spec.instrumentId)!;
    for (const accountId of saved.holders) {
      instrument.holders.add(state.accounts.get(accountId)!.positions.get(instrument.id)!);
    }
    for (const side of [saved.bids, saved.asks]) {
      for (const saved of side) {
        const order = Array.isArray(saved) ? reviveRow(instrument.id, saved) : reviveOrder(saved);
        const funded = Array.isArray(saved) ? saved[17] === 1 : saved.funded;
        if (funded) order.account = state.accounts.get(order.accountId)!;
        instrument.book.rest(order);
        state.liveOrders.add(order);
      }
    }
  }
  state.liquidationCount = data.liquidationCount;
  state.marketClosed = data.marketClosed ?? '';
  for (const [date, name] of data.holidays ?? []) state.holidays.set(date, name);
  for (const id of data.reachedWhileClosed ?? []) state.conditionals.reachedWhileClosed.add(id);
  for (const account of state.accounts.values()) indexAccount(account, state.options);
  for (const saved of data.conditionals) {
    // Formats before 4 kept finished conditional orders too: they now live in the history
    // only (finishedConditionalsIn hands them to it).
    if (saved.status !== 'Pending') continue;
    state.conditionals.add(reviveConditional(saved));
  }
  return state;
}

/**
 * The finished conditional orders a state of a format before 4 kept (restoreState leaves
 * them out), as records: what the history adopts when the exchange starts on such a state,
 * so that a user's list keeps them.
 */
export function finishedConditionalsIn(data: SerializedState): ConditionalRecord[] {
  return data.conditionals.filter((saved) => saved.status !== 'Pending').map((saved) => reviveConditional(saved).toRecord());
}

function reviveConditional(saved: SerializedConditional): ConditionalOrder {
  const conditional = new ConditionalOrder(saved.request, saved.userId, saved.triggerTicks, saved.createdTs);
  conditional.status = saved.status;
  conditional.updatedTs = saved.updatedTs;
  conditional.orderId = saved.orderId;
  conditional.reason = saved.reason;
  return conditional;
}

/** The numbers of an instrument that change while it trades, in their serialised order. */
const INSTRUMENT_FIELDS = [
  'marginRatio',
  'commissionRate',
  'limitUpRate',
  'limitDownRate',
  'preSettlementTicks',
  'settlementPriceTicks',
  'dayVolume',
  'dayTurnoverTicks',
  'lastPriceTicks',
] as const;

function instrumentFields(instrument: Instrument): Record<(typeof INSTRUMENT_FIELDS)[number], number> {
  return Object.fromEntries(INSTRUMENT_FIELDS.map((field) => [field, instrument[field]])) as Record<
    (typeof INSTRUMENT_FIELDS)[number],
    number
  >;
}

/** The stored ledger fields of an account, in their serialised order. */
const LEDGER_FIELDS = [
  'preBalance',
  'deposit',
  'withdraw',
  'closeProfit',
  'commission',
  'floatProfit',
  'margin',
  'frozenMargin',
  'frozenCommission',
] as const;

function serializeAccount(account: Account): SerializedAccount {
  return {
    accountId: account.accountId,
    userId: account.userId,
    currency: account.currency,
    createdTs: account.createdTs,
    ledger: LEDGER_FIELDS.map((field) => account[field]),
    frozen: account.frozen,
    riskLevel: account.riskLevel,
    positions: [...account.positions.values()].map((position) => ({
      instrumentId: position.instrument.id,
      long: sideFields(position.long),
      short: sideFields(position.short),
      floatProfitLong: position.floatProfitLong,
      floatProfitShort: position.floatProfitShort,
      markTicks: position.markTicks,
    })),
  };
}

function reviveAccount(state: CoreState, saved: SerializedAccount): Account {
  const account = new Account(saved.accountId, saved.userId, saved.currency, saved.createdTs);
  LEDGER_FIELDS.forEach((field, i) => {
    account[field] = saved.ledger[i]!;
  });
  account.frozen = saved.frozen;
  account.riskLevel = saved.riskLevel;
  if (account.riskLevel === 'force-close') state.ledger.atForceClose.add(account);
  for (const savedPosition of saved.positions) {
    const position = new Position(account, state.instruments.get(savedPosition.instrumentId)!);
    restoreSide(position.long, savedPosition.long);
    restoreSide(position.short, savedPosition.short);
    position.floatProfitLong = savedPosition.floatProfitLong;
    position.floatProfitShort = savedPosition.floatProfitShort;
    position.markTicks = savedPosition.markTicks;
    account.positions.set(savedPosition.instrumentId, position);
  }
  return account;
}

/** The stored fields of a position side, in their serialised order. */
const SIDE_FIELDS = ['todayVolume', 'hisVolume', 'frozenToday', 'frozenHis', 'todayCost', 'hisCost', 'openCost', 'margin'] as const;

function sideFields(side: PositionSide): number[] {
  return SIDE_FIELDS.map((field) => side[field]);
}

function restoreSide(side: PositionSide, fields: number[]): void {
  SIDE_FIELDS.forEach((field, i) => {
    side[field] = fields[i]!;
  });
}

function restingOrders(ladder: PriceLadder): RestingRow[] {
  const out: RestingRow[] = [];
  for (let level = ladder.best(); level !== undefined; level = ladder.nextAfter(level)) {
    for (let order = level.head; order !== null; order = order.next) {
      out.push([
        order.accountId,
        order.orderId,
        order.exchangeOrderId,
        order.direction,
        order.offset,
        order.priceType,
        order.limitPrice,
        order.priceTicks,
        order.volume,
        order.volumeLeft,
        order.timeCondition,
        order.volumeCondition,
        order.minVolume,
        order.validUntilDate,
        order.insertTs,
        order.status,
        order.lastMsg,
        order.account !== null ? 1 : 0,
        order.marginPerLot,
        order.commissionPerLot,
        order.reservedHis,
        order.reservedToday,
      ]);
    }
  }
  return out;
}

function reviveRow(instrumentId: string, r: RestingRow): Order {
  const order = new Order().reset(r[0], r[1], instrumentId, r[3], r[4], r[5], r[7], r[6], r[8], r[10], r[11], r[12], r[13], r[14]);
  order.exchangeOrderId = r[2];
  order.volumeLeft = r[9];
  order.status = r[15];
  order.lastMsg = r[16];
  order.marginPerLot = r[18];
  order.commissionPerLot = r[19];
  order.reservedHis = r[20];
  order.reservedToday = r[21];
  return order;
}

function reviveOrder(record: SerializedOrder): Order {
  const order = new Order().reset(
    record.accountId,
    record.orderId,
    record.instrumentId,
    record.direction,
    record.offset,
    record.priceType,
    record.priceTicks,
    record.limitPrice,
    record.volume,
    record.timeCondition,
    record.volumeCondition,
    record.minVolume,
    record.validUntilDate,
    record.insertTs,
  );
  order.exchangeOrderId = record.exchangeOrderId;
  order.volumeLeft = record.volumeLeft;
  order.status = record.status;
  order.lastMsg = record.lastMsg;
  order.marginPerLot = record.marginPerLot;
  order.commissionPerLot = record.commissionPerLot;
  order.reservedHis = record.reservedHis;
  order.reservedToday = record.reservedToday;
  return order;
}
