import type { Account } from '../accounts/account.ts';
import type { Position } from '../accounts/position.ts';
import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import { nextTradingDay } from '../calendar/trading-days.ts';
import type { ExecuteSettlement, SetSettlementPrice } from '../commands.ts';
import type { AccountSettlement, CoreEvent, DelistingClose, InstrumentSettlement, LiquidationResult, SettledPosition } from '../events.ts';
import { expiresWith } from '../instruments/contract-dates.ts';
import { cancelCrossingTheLimits, expireInstrument, instrumentChanged } from '../instruments/instrument-admin.ts';
import type { Instrument } from '../instruments/instrument.ts';
import { priceGridProblem } from '../instruments/price-grid.ts';
import { applyCommission, applyMarginAndLimits, takeDueRates } from '../instruments/scheduled-rates.ts';
import { type Cents, fromCents, lotValueProblem } from '../money.ts';
import { expireDayOrders } from '../orders/trading-day.ts';
import { ResultCode } from '../result-codes.ts';
import { liquidate } from '../risk/liquidation.ts';
import { reportRiskLevel } from '../risk/risk-sweep.ts';
import { riskLevelOf } from '../risk/risk-level.ts';
import type { CoreState } from '../state.ts';

export function setSettlementPrice(state: CoreState, command: SetSettlementPrice): ApplyResult {
  const instrument = state.instruments.get(command.instrumentId);
  if (instrument === undefined) return rejected(ResultCode.InstrumentNotFound, `instrument not found: ${command.instrumentId}`);
  // A delisted contract's price closes the positions it still has; without any, it would do nothing.
  if (instrument.status === 'DELISTED' && instrument.holders.size === 0) {
    return rejected(ResultCode.InstrumentNotFound, `${instrument.id} is delisted and no position is left in it: there is nothing to settle`);
  }
  const ticks = instrument.grid.toTicks(command.price);
  const offGrid = priceGridProblem('settlement_price', command.price, ticks, instrument);
  if (offGrid !== '') return rejected(ResultCode.ParameterError, offGrid);
  const tooHigh = lotValueProblem('settlement_price', command.price, ticks, instrument.tickValueCents);
  if (tooHigh !== '') return rejected(ResultCode.ParameterError, tooHigh);
  // The day traded within its limits, so its settlement price lies within them too; one
  // beyond them is a typing slip, which would move the next day's limits with it.
  if (instrument.hasLimits && (ticks > instrument.upperLimitTicks || ticks < instrument.lowerLimitTicks)) {
    return rejected(
      ResultCode.PriceOutOfLimits,
      `settlement_price ${command.price} is beyond the day's price limits of ${instrument.id}: ${instrument.lowerLimit} to ${instrument.upperLimit}`,
    );
  }
  instrument.settlementPriceTicks = ticks;
  return succeeded([{ type: 'settlement.price-set', instrumentId: instrument.id, price: instrument.grid.toPrice(ticks) }]);
}

/**
 * Day-end settlement (spec rule 6, 7): day orders expire; every instrument gets its
 * settlement price (as set, else the day's volume-weighted average, else the last price,
 * else the reference); positions are marked at it (position profit); positions in
 * delisted instruments are closed at it; accounts at or above the force-close threshold
 * are liquidated; each account's day is recorded; equity carries to pre_balance, today's
 * lots become earlier lots at the settlement price, and the next trading day begins.
 */
export function executeSettlement(state: CoreState, command: ExecuteSettlement, ts: number): ApplyResult {
  const day = state.tradingDay;
  if (day === '') return rejected(ResultCode.ParameterError, 'no trading day has begun: nothing to settle');
  if (command.tradingDay !== undefined && command.tradingDay !== day) {
    const which = command.tradingDay < day ? 'is already settled' : 'has not begun';
    return rejected(ResultCode.ParameterError, `trading day ${command.tradingDay} ${which}: the exchange is trading ${day}`);
  }
  if (command.whileClosed === true && state.marketClosed === '') {
    return rejected(ResultCode.ParameterError, `the market is open: trading day ${day} is settled once its session has closed`);
  }
  const events: CoreEvent[] = [];
  expireDayOrders(state, events);
  const instruments = [...state.instruments.values()].sort((a, b) => compare(a.id, b.id));
  // Contracts whose last trading day this is end with it, and are closed below like any delisted one.
  for (const instrument of instruments) {
    if (instrument.status !== 'DELISTED' && expiresWith(instrument.spec, day, state.holidays)) expireInstrument(state, instrument, ts, events);
  }
  // Rates announced for this settlement: margin and limits before the positions are
  // marked (they are margined at the new rate, and checked for risk below), the
  // commission after the liquidation trades.
  const nextDay = nextTradingDay(day, state.holidays);
  const dueRates = instruments.map((instrument) => (instrument.status === 'DELISTED' ? undefined : takeDueRates(instrument, nextDay)));
  instruments.forEach((instrument, i) => dueRates[i] !== undefined && applyMarginAndLimits(instrument, dueRates[i]));
  const prices = instruments.map(settlementPriceOf);
  instruments.forEach((instrument, i) => markAt(state, instrument, prices[i]!.ticks));
  const delistingCloses = new Map<Account, DelistingClose[]>();
  for (const instrument of instruments) if (instrument.status === 'DELISTED') closeDelistedPositions(state, instrument, delistingCloses);

  const accounts = [...state.accounts.values()].sort((a, b) => compare(a.accountId, b.accountId));
  // What forced liquidation did to each account it had to close: `partial` or `none` when
  // the book (or a suspended instrument) left lots open. Such an account is carried into the next
  // day still at risk and counts as failed in the summary.
  const liquidations = new Map<Account, LiquidationResult>();
  for (const account of accounts) {
    if (riskLevelOf(account.riskRatio, state.options) !== 'force-close' || state.ledger.liquidated.has(account)) continue;
    // Told before the liquidation it causes, as during trading (the sweep after the
    // command reports where the liquidation left it).
    reportRiskLevel(account, 'force-close', account.riskRatio, events);
    state.ledger.liquidated.add(account);
    liquidations.set(account, liquidate(state, account, ts, 'settlement', events));
  }
  // Liquidation trades moved last prices: the day is settled at the settlement prices.
  instruments.forEach((instrument, i) => markAt(state, instrument, prices[i]!.ticks));
  instruments.forEach((instrument, i) => dueRates[i] !== undefined && applyCommission(instrument, dueRates[i]));

  const records = accounts.map((account) => accountRecord(account, liquidations.get(account), delistingCloses.get(account) ?? []));
  const failed = records.filter((record) => record.forceCloseFailed === true).length;
  // Summed in cents, before the day's flows reset: sums of currency amounts drift.
  let totalCommission = 0;
  let totalProfit = 0;
  for (const account of accounts) {
    totalCommission += account.commission;
    totalProfit += account.closeProfit + account.floatProfit;
  }
  for (const account of accounts) rollAccount(account);
  const settledInstruments: InstrumentSettlement[] = instruments.map((instrument, i) => {
    const record = {
      instrumentId: instrument.id,
      settlementPrice: instrument.grid.toPrice(prices[i]!.ticks),
      source: prices[i]!.source,
      preSettlement: instrument.grid.toPrice(instrument.preSettlementTicks),
    };
    rollInstrument(instrument, prices[i]!.ticks);
    // The new day's limits: orders resting beyond them on the crossing side go.
    cancelCrossingTheLimits(state, instrument, events);
    events.push(instrumentChanged(instrument, 'settlement'));
    return record;
  });
  state.tradingDay = nextDay;
  // Only the settled day is past: the holidays between it and the new trading day are
  // still ahead on the clock (a scheduled exchange holds no session on them).
  state.holidays.forgetThrough(day);
  events.push({
    type: 'settlement.completed',
    settlementDate: day,
    nextTradingDay: state.tradingDay,
    totalAccounts: accounts.length,
    settledAccounts: accounts.length - failed,
    failedAccounts: failed,
    forceClosedAccounts: records.filter((record) => record.forceClosed).map((record) => record.accountId),
    totalCommission: fromCents(totalCommission),
    totalProfit: fromCents(totalProfit),
    instruments: settledInstruments,
    accounts: records,
  });
  events.push({ type: 'trading-day.began', tradingDay: state.tradingDay });
  return succeeded(events);
}

function settlementPriceOf(instrument: Instrument): { ticks: number; source: InstrumentSettlement['source'] } {
  if (instrument.settlementPriceTicks > 0) return { ticks: instrument.settlementPriceTicks, source: 'set' };
  if (instrument.dayVolume > 0) {
    return { ticks: Math.round(instrument.dayTurnoverTicks / instrument.dayVolume), source: 'vwap' };
  }
  if (instrument.lastPriceTicks > 0) return { ticks: instrument.lastPriceTicks, source: 'last' };
  return { ticks: instrument.preSettlementTicks, source: 'reference' };
}

function markAt(state: CoreState, instrument: Instrument, ticks: number): void {
  if (ticks <= 0) return;
  instrument.lastPriceTicks = ticks;
  state.ledger.remarkHolders(instrument, ticks);
}

/** Expiry of a delisted contract: every open lot is closed at the settlement price (noted per account in `closes`). */
function closeDelistedPositions(state: CoreState, instrument: Instrument, closes: Map<Account, DelistingClose[]>): void {
  const ticks = instrument.lastPriceTicks;
  for (const position of [...instrument.holders]) {
    const account = position.account;
    const [longVolume, shortVolume] = [position.long.volume, position.short.volume];
    let profit: Cents = 0;
    for (const [side, isLong] of [[position.long, true], [position.short, false]] as const) {
      if (side.volume === 0) continue;
      const value = ticks * instrument.tickValueCents * side.volume;
      const cost = side.closeHis(side.hisVolume) + side.closeToday(side.todayVolume);
      profit += isLong ? value - cost : cost - value;
    }
    account.closeProfit += profit;
    position.remark(ticks);
    instrument.holders.delete(position);
    state.ledger.touched.add(account);
    const close: DelistingClose = { instrumentId: instrument.id, longVolume, shortVolume, settlementPrice: instrument.grid.toPrice(ticks), closeProfit: fromCents(profit) };
    const list = closes.get(account);
    if (list === undefined) closes.set(account, [close]);
    else list.push(close);
  }
}

function accountRecord(account: Account, liquidation: LiquidationResult | undefined, closedAtDelisting: DelistingClose[]): AccountSettlement {
  return {
    accountId: account.accountId,
    userId: account.userId,
    preBalance: fromCents(account.preBalance),
    deposit: fromCents(account.deposit),
    withdraw: fromCents(account.withdraw),
    closeProfit: fromCents(account.closeProfit),
    positionProfit: fromCents(account.floatProfit),
    commission: fromCents(account.commission),
    balance: fromCents(account.balance),
    margin: fromCents(account.margin),
    available: fromCents(account.available),
    riskRatio: account.riskRatio,
    forceClosed: liquidation === 'complete',
    forceCloseFailed: liquidation !== undefined && liquidation !== 'complete',
    positions: settledPositions(account),
    closedAtDelisting,
  };
}

/** The account's open positions, marked at the settlement price (the instruments' last price by now). */
function settledPositions(account: Account): SettledPosition[] {
  const held: SettledPosition[] = [];
  for (const position of account.positions.values()) {
    if (position.isFlat) continue;
    const { long, short, instrument } = position;
    held.push({
      instrumentId: instrument.id,
      longVolume: long.volume,
      longToday: long.todayVolume,
      shortVolume: short.volume,
      shortToday: short.todayVolume,
      settlementPrice: instrument.grid.toPrice(instrument.lastPriceTicks),
      positionProfit: fromCents(position.floatProfit),
      margin: fromCents(position.margin),
    });
  }
  return held.sort((a, b) => compare(a.instrumentId, b.instrumentId));
}

/**
 * Equity becomes the next day's pre_balance; the day's flows start again from zero.
 * Today's lots become earlier lots, and so do the lots live close orders hold of them.
 */
function rollAccount(account: Account): void {
  for (const order of account.liveOrders) {
    order.reservedHis += order.reservedToday;
    order.reservedToday = 0;
  }
  account.preBalance = account.balance;
  account.deposit = 0;
  account.withdraw = 0;
  account.closeProfit = 0;
  account.commission = 0;
  for (const [key, position] of [...account.positions]) {
    rollPosition(position);
    const sides = [position.long, position.short];
    if (position.isFlat && sides.every((side) => side.frozenHis + side.frozenToday === 0)) account.positions.delete(key);
  }
}

function rollPosition(position: Position): void {
  const instrument = position.instrument;
  const ticks = instrument.lastPriceTicks;
  position.long.rollToHis(ticks * instrument.tickValueCents * position.long.volume);
  position.short.rollToHis(ticks * instrument.tickValueCents * position.short.volume);
  position.remark(ticks);
}

function rollInstrument(instrument: Instrument, ticks: number): void {
  if (ticks > 0) {
    instrument.preSettlementTicks = ticks;
    instrument.lastPriceTicks = ticks;
  }
  instrument.settlementPriceTicks = 0;
  instrument.dayVolume = 0;
  instrument.dayTurnoverTicks = 0;
  instrument.resetLimits();
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
