import { accountsConcernedBy } from './concerned-accounts.ts';
import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import { isCalendarDay, weekdayName } from '../calendar/dates.ts';
import { isTradingDate } from '../calendar/trading-days.ts';
import type { CancelScheduledRates, ChangeInstrumentStatus, UpdateInstrument } from '../commands.ts';
import type { CoreEvent, InstrumentChanged } from '../events.ts';
import type { Order } from '../matching/order.ts';
import { takeOutOfBook } from '../orders/cancel-order.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';
import type { Instrument } from './instrument.ts';
import { type ScheduledRates, setRates, withoutRates } from './scheduled-rates.ts';

/**
 * instrument.update: new margin, commission or limit rates, at once (limits recomputed,
 * positions margined at the new rate) or at the settlement of a given day.
 */
export function updateInstrument(state: CoreState, command: UpdateInstrument): ApplyResult {
  const instrument = state.instruments.get(command.instrumentId);
  if (instrument === undefined || instrument.status === 'DELISTED') return notAdministrable(instrument, command.instrumentId);
  const { marginRatio, commissionRate, limitUpRate, limitDownRate } = command;
  if (marginRatio !== undefined && !(marginRatio > 0 && marginRatio <= 1)) {
    return rejected(ResultCode.ParameterError, 'margin_rate must be in (0, 1]');
  }
  if (commissionRate !== undefined && !(commissionRate >= 0 && commissionRate < 1)) {
    return rejected(ResultCode.ParameterError, 'commission_rate must be in [0, 1)');
  }
  for (const [name, rate] of [['limit_up_rate', limitUpRate], ['limit_down_rate', limitDownRate]] as const) {
    if (rate !== undefined && !(rate > 0 && rate < 1)) return rejected(ResultCode.ParameterError, `${name} must be in (0, 1)`);
  }
  const rates = {
    ...(marginRatio !== undefined && { marginRatio }),
    ...(commissionRate !== undefined && { commissionRate }),
    ...(limitUpRate !== undefined && { limitUpRate }),
    ...(limitDownRate !== undefined && { limitDownRate }),
  };
  if (command.atSettlementOf !== undefined) return scheduleRates(state, instrument, command.atSettlementOf, rates);
  setRates(instrument, rates);
  instrument.resetLimits();
  const events: CoreEvent[] = [];
  const scheduled = instrument.scheduledRates;
  if (scheduled !== undefined) {
    instrument.scheduledRates = withoutRates(scheduled, rates);
    if (instrument.scheduledRates !== scheduled) {
      events.push({ type: 'instrument.rates-scheduled', instrumentId: instrument.id, scheduled: instrument.scheduledRates ?? null, replaced: scheduled });
    }
  }
  cancelCrossingTheLimits(state, instrument, events);
  // A new margin ratio changes the margin of every open position at once.
  if (marginRatio !== undefined) state.ledger.remarkHolders(instrument, instrument.lastPriceTicks);
  events.push(instrumentChanged(instrument));
  return succeeded(events);
}

/** The rates wait for the settlement of `day` (see ScheduledRates); a change scheduled before is replaced. */
function scheduleRates(state: CoreState, instrument: Instrument, day: string, rates: Omit<ScheduledRates, 'atSettlementOf'>): ApplyResult {
  if (Object.keys(rates).length === 0) return rejected(ResultCode.ParameterError, 'a scheduled change names at least one rate');
  if (!isCalendarDay(day)) return rejected(ResultCode.ParameterError, `the settlement date must be YYYY-MM-DD, got ${String(day)}`);
  if (day < state.tradingDay) {
    return rejected(ResultCode.ParameterError, `${day} is settled: a change applies at the settlement of the current trading day ${state.tradingDay} or a later one`);
  }
  if (!isTradingDate(day, state.holidays)) {
    const what = state.holidays.has(day) ? 'a holiday' : `a ${weekdayName(day)}`;
    return rejected(ResultCode.ParameterError, `no settlement falls on ${day} (${what}): name the trading day whose settlement applies the rates`);
  }
  if (instrument.spec.expireDate !== '' && day > instrument.spec.expireDate) {
    return rejected(ResultCode.ParameterError, `${instrument.id} expires on ${instrument.spec.expireDate}: no settlement of it comes on ${day}`);
  }
  const replaced = instrument.scheduledRates;
  instrument.scheduledRates = { atSettlementOf: day, ...rates };
  return succeeded([{ type: 'instrument.rates-scheduled', instrumentId: instrument.id, scheduled: instrument.scheduledRates, replaced: replaced ?? null }]);
}

/** instrument.cancel-scheduled-rates: the announced change is withdrawn; the rates stay as they are. */
export function cancelScheduledRates(state: CoreState, command: CancelScheduledRates): ApplyResult {
  const instrument = state.instruments.get(command.instrumentId);
  if (instrument === undefined || instrument.status === 'DELISTED') return notAdministrable(instrument, command.instrumentId);
  const replaced = instrument.scheduledRates;
  if (replaced === undefined) return rejected(ResultCode.ResourceNotFound, `${instrument.id} has no rate change scheduled`);
  instrument.scheduledRates = undefined;
  return succeeded([{ type: 'instrument.rates-scheduled', instrumentId: instrument.id, scheduled: null, replaced }]);
}

/**
 * After the limits moved (a rate update, a settlement): resting orders that would now
 * trade outside them are cancelled, saying so, and their frozen funds released. Those are
 * bids above limit-up and asks below limit-down: the next order inside the limits would
 * cross them at their own price, beyond the band (spec rule 4: no order trades beyond the
 * limits). Orders beyond the far side (a bid below limit-down) cannot trade until the
 * band reaches them, and stay, as GTC orders do across days.
 */
export function cancelCrossingTheLimits(state: CoreState, instrument: Instrument, events: CoreEvent[]): void {
  if (!instrument.hasLimits) return;
  const beyond = (order: Order): boolean => (order.isBuy ? order.priceTicks > instrument.upperLimitTicks : order.priceTicks < instrument.lowerLimitTicks);
  const band = `${instrument.lowerLimit} to ${instrument.upperLimit}`;
  for (const ladder of [instrument.book.bids, instrument.book.asks]) {
    const crossing: Order[] = [];
    // The best level first: the crossing ones are the best-priced, so the walk stops at the first inside.
    for (let level = ladder.best(); level !== undefined; level = ladder.nextAfter(level)) {
      if (level.head === null || !beyond(level.head)) break;
      for (let order: Order | null = level.head; order !== null; order = order.next) crossing.push(order);
    }
    for (const order of crossing) {
      const price = instrument.grid.toPrice(order.priceTicks);
      takeOutOfBook(state, instrument, order, events, 'price-limits', `cancelled: price ${price} is beyond the new price limits, ${band}`);
    }
  }
}

/**
 * A delisted instrument is kept (it is in the admin list and its history) but is final:
 * it answers 3003 as orders on it do, saying so.
 */
function notAdministrable(instrument: Instrument | undefined, instrumentId: string): ApplyResult {
  return rejected(
    ResultCode.InstrumentNotFound,
    instrument === undefined ? `instrument not found: ${instrumentId}` : `${instrumentId} is delisted: it can no longer be changed`,
  );
}

/**
 * suspend / resume / delist. Delisting cancels the resting orders and the pending
 * conditional orders, and refuses new ones; open positions stay, marked at the last
 * price, until the next settlement closes them at the settlement price (as at expiry).
 */
export function changeInstrumentStatus(state: CoreState, command: ChangeInstrumentStatus, ts: number): ApplyResult {
  const instrument = state.instruments.get(command.instrumentId);
  if (instrument === undefined || instrument.status === 'DELISTED') return notAdministrable(instrument, command.instrumentId);
  const events: CoreEvent[] = [];
  switch (command.type) {
    case 'instrument.suspend':
      if (instrument.status === 'SUSPENDED') return rejected(ResultCode.ParameterError, `${instrument.id} is already suspended`);
      instrument.status = 'SUSPENDED';
      break;
    case 'instrument.resume':
      if (instrument.status === 'TRADING') return rejected(ResultCode.ParameterError, `${instrument.id} is already trading`);
      instrument.status = 'TRADING';
      // Accounts its suspension kept from being liquidated try again at once.
      state.ledger.retryLiquidationsIn(instrument);
      break;
    case 'instrument.delist':
      instrument.status = 'DELISTED';
      instrument.scheduledRates = undefined;
      cancelAllResting(state, instrument, events);
      cancelPendingConditionals(state, instrument, ts, events);
      break;
  }
  events.push(instrumentChanged(instrument, 'admin', true));
  return succeeded(events);
}

/**
 * The end of a contract's last trading day (its expiry date), in that day's settlement:
 * it is delisted as by the route (resting and conditional orders cancelled, the holders
 * told), and the settlement then closes its positions at the settlement price.
 */
export function expireInstrument(state: CoreState, instrument: Instrument, ts: number, events: CoreEvent[]): void {
  // Told to whom it concerns now: by the end of the command its orders and positions are gone.
  const accounts = accountsConcernedBy(state, instrument);
  instrument.status = 'DELISTED';
  instrument.scheduledRates = undefined;
  // The day being settled: the expiry date itself, or the last trading day before it.
  const lastTradingDay = state.tradingDay;
  const why = `cancelled: ${instrument.id} expired (its last trading day was ${lastTradingDay})`;
  cancelAllResting(state, instrument, events, why);
  cancelPendingConditionals(state, instrument, ts, events, why);
  const changed = instrumentChanged(instrument, 'settlement', true);
  events.push({ ...changed, expiry: { lastTradingDay, accounts: [...accounts].sort() } });
}

function cancelAllResting(state: CoreState, instrument: Instrument, events: CoreEvent[], why = `cancelled: ${instrument.id} was delisted`): void {
  for (const order of instrument.book.restingOrders()) {
    takeOutOfBook(state, instrument, order, events, 'delisted', why);
  }
}

function cancelPendingConditionals(state: CoreState, instrument: Instrument, ts: number, events: CoreEvent[], why = `cancelled: ${instrument.id} was delisted`): void {
  for (const conditional of [...state.conditionals.pendingOf(instrument.id)]) {
    conditional.finish('Cancelled', ts, why);
    state.conditionals.settle(conditional);
    events.push({ type: 'conditional.changed', conditional: conditional.toRecord() });
  }
}

export function instrumentChanged(instrument: Instrument, cause: InstrumentChanged['cause'] = 'admin', statusChanged = false): InstrumentChanged {
  const grid = instrument.grid;
  return {
    type: 'instrument.changed',
    instrumentId: instrument.id,
    cause,
    status: instrument.status,
    statusChanged,
    marginRatio: instrument.marginRatio,
    commissionRate: instrument.commissionRate,
    limitUpRate: instrument.limitUpRate,
    limitDownRate: instrument.limitDownRate,
    preSettlement: grid.toPrice(instrument.preSettlementTicks),
    upperLimit: instrument.upperLimit,
    lowerLimit: instrument.lowerLimit,
  };
}
