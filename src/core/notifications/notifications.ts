import { accountsConcernedBy } from '../instruments/concerned-accounts.ts';
import type { CoreEvent, InstrumentChanged, InstrumentRatesScheduled, NotificationMessage, NotificationRaised, RateSet, RiskLevelChanged } from '../events.ts';
import type { ScheduledRates } from '../instruments/scheduled-rates.ts';
import type { CoreState } from '../state.ts';

/**
 * Turns what a command did into messages for the users it concerns, appended to the
 * command's events. Priorities: P0 risk force-close and liquidation (never dropped),
 * P1 refusals, warnings and failed conditional orders, P2 fills and cancellations by the
 * exchange, P3 funds, transfers and settlement. Messages are data; `renderNotification`
 * turns one into text at the edge.
 */
export function raiseNotifications(state: CoreState, events: CoreEvent[]): void {
  const count = events.length;
  for (let i = 0; i < count; i++) {
    const event = events[i]!;
    switch (event.type) {
      case 'order.rejected':
        notify(state, events, event.order.accountId, 1, '', 'WARNING', event.code, { kind: 'order-refused', orderId: event.order.orderId, reason: event.order.lastMsg });
        break;
      case 'order.cancelled':
        if (event.reason !== 'user') {
          notify(state, events, event.accountId, 2, '', 'INFO', 0, { kind: 'order-cancelled', orderId: event.orderId, reason: event.message });
        }
        break;
      case 'trade.executed':
        notify(state, events, event.maker.accountId, 2, '', 'INFO', 0, { kind: 'fill', trade: event, side: 'maker' });
        notify(state, events, event.taker.accountId, 2, '', 'INFO', 0, { kind: 'fill', trade: event, side: 'taker' });
        break;
      case 'risk.level-changed':
        riskChanged(state, events, event);
        break;
      case 'account.liquidated':
        notify(state, events, event.accountId, 0, '', 'WARNING', 4002, { kind: 'liquidation', trigger: event.trigger, orders: event.orders.length, result: event.result });
        break;
      case 'conditional.changed': {
        const c = event.conditional;
        if (c.status === 'Pending') break;
        const failed = c.status === 'Failed';
        notify(state, events, c.accountId, failed ? 1 : 2, `conditional:${c.conditionalId}`, failed ? 'WARNING' : 'INFO', 0, { kind: 'conditional', conditionalId: c.conditionalId, status: c.status, reason: c.reason });
        break;
      }
      case 'account.funds-moved':
        notify(state, events, event.accountId, 3, '', 'INFO', 0, { kind: 'funds', movement: event.kind, amount: event.amount, balance: event.balance });
        break;
      case 'transfer.recorded':
        notify(state, events, event.accountId, event.errorId === 0 ? 3 : 1, '', event.errorId === 0 ? 'INFO' : 'WARNING', event.errorId, { kind: 'transfer', amount: event.amount, bankName: event.bankName, outcome: event.errorMsg });
        break;
      case 'settlement.completed':
        for (const account of event.accounts) {
          notify(state, events, account.accountId, 3, '', 'INFO', 0, { kind: 'settlement', date: event.settlementDate, balance: account.balance, nextTradingDay: event.nextTradingDay });
        }
        break;
      case 'instrument.changed':
        // Told once, when the status changes: not again with every settlement or rate update.
        if (event.statusChanged) instrumentStatusChanged(state, events, event);
        break;
      case 'instrument.rates-scheduled':
        ratesScheduled(state, events, event);
        break;
      default:
        break;
    }
  }
}

/** The text of a notification, for the clients that receive it. */
export function renderNotification(message: NotificationMessage): string {
  switch (message.kind) {
    case 'order-refused':
      return `order ${message.orderId} refused: ${message.reason}`;
    case 'order-cancelled':
      return `order ${message.orderId}: ${message.reason}`;
    case 'fill': {
      const t = message.trade;
      const side = message.side === 'maker' ? t.maker : t.taker;
      return `${side.direction} ${side.offset} ${t.volume} ${t.instrumentId} @ ${t.price} (order ${side.orderId})`;
    }
    case 'risk': {
      const ratio = message.riskRatio.toFixed(4);
      if (message.level === 'force-close') return `risk ratio ${ratio} reached the force-close threshold`;
      if (message.level === 'warning') return `risk ratio ${ratio} is above the warning threshold`;
      return `risk ratio ${ratio} is back to normal`;
    }
    case 'liquidation':
      return `forced liquidation (${message.trigger}): ${LIQUIDATION_OUTCOMES[message.result] ?? message.result}`;
    case 'conditional':
      return `conditional order ${message.conditionalId} ${message.status}${message.reason === '' ? '' : `: ${message.reason}`}`;
    case 'funds':
      return `${message.movement} of ${message.amount}; balance ${message.balance}`;
    case 'transfer':
      return `bank transfer of ${message.amount} (${message.bankName}): ${message.outcome}`;
    case 'settlement':
      return `settled ${message.date}: balance ${message.balance}, next trading day ${message.nextTradingDay}`;
    case 'instrument':
      if (message.expiredOn !== undefined) {
        return `${message.instrumentId} expired: ${message.expiredOn} was its last trading day; its positions are closed at the settlement price`;
      }
      return `${message.instrumentId} is ${message.status.toLowerCase()}`;
    case 'rates-scheduled':
      if (message.scheduled === null) {
        return `${message.instrumentId}: the rate change announced for the settlement of ${message.withdrawn?.atSettlementOf ?? '?'} is withdrawn`;
      }
      return `${message.instrumentId}: from the settlement of ${message.scheduled.atSettlementOf}, ${rateChanges(message.scheduled, message.current)}`;
  }
}

const RATE_NAMES: readonly [keyof RateSet, string][] = [
  ['marginRatio', 'margin rate'],
  ['commissionRate', 'commission rate'],
  ['limitUpRate', 'limit up rate'],
  ['limitDownRate', 'limit down rate'],
];

function rateChanges(scheduled: ScheduledRates, current: RateSet): string {
  return RATE_NAMES.filter(([key]) => scheduled[key] !== undefined)
    .map(([key, name]) => `${name} ${scheduled[key]} (now ${current[key]})`)
    .join(', ');
}

/**
 * A rate change announced (or withdrawn) is told in advance to every account it concerns,
 * as a suspension is: a rise of the margin as a warning, since it can take an account to
 * force-close at that settlement. One notice per instrument: a newer one replaces an
 * unread older one.
 */
function ratesScheduled(state: CoreState, events: CoreEvent[], event: InstrumentRatesScheduled): void {
  const instrument = state.instruments.get(event.instrumentId);
  if (instrument === undefined) return;
  const current: RateSet = {
    marginRatio: instrument.marginRatio,
    commissionRate: instrument.commissionRate,
    limitUpRate: instrument.limitUpRate,
    limitDownRate: instrument.limitDownRate,
  };
  const rise = event.scheduled?.marginRatio !== undefined && event.scheduled.marginRatio > current.marginRatio;
  const message: NotificationMessage = { kind: 'rates-scheduled', instrumentId: instrument.id, scheduled: event.scheduled, withdrawn: event.scheduled === null ? event.replaced : null, current };
  for (const accountId of [...accountsConcernedBy(state, instrument)].sort()) {
    notify(state, events, accountId, rise ? 1 : 2, `rates:${instrument.id}`, rise ? 'WARNING' : 'INFO', 0, message);
  }
}

function riskChanged(state: CoreState, events: CoreEvent[], event: RiskLevelChanged): void {
  const message: NotificationMessage = { kind: 'risk', level: event.to, riskRatio: event.riskRatio };
  const key = `risk:${event.accountId}`;
  if (event.to === 'force-close') notify(state, events, event.accountId, 0, key, 'WARNING', 4002, message);
  else if (event.to === 'warning') notify(state, events, event.accountId, 1, key, 'WARNING', 4001, message);
  else notify(state, events, event.accountId, 2, key, 'INFO', 0, message);
}

/**
 * A suspension, resumption or delisting, told to every account it concerns: those holding
 * a position in the instrument, or a resting order or a pending conditional order on it
 * (a delisting has cancelled the last two, each with its own notice, by now).
 */
function instrumentStatusChanged(state: CoreState, events: CoreEvent[], event: InstrumentChanged): void {
  const { instrumentId, status, expiry } = event;
  const instrument = state.instruments.get(instrumentId);
  if (instrument === undefined) return;
  const accounts = accountsConcernedBy(state, instrument);
  for (const accountId of expiry?.accounts ?? []) accounts.add(accountId);
  const level = status === 'TRADING' ? 'INFO' : 'WARNING';
  const code = status === 'SUSPENDED' ? 3004 : status === 'DELISTED' ? 3003 : 0;
  const message: NotificationMessage =
    expiry === undefined ? { kind: 'instrument', instrumentId, status } : { kind: 'instrument', instrumentId, status, expiredOn: expiry.lastTradingDay };
  for (const accountId of [...accounts].sort()) notify(state, events, accountId, 2, '', level, code, message);
}

function notify(
  state: CoreState,
  events: CoreEvent[],
  accountId: string,
  priority: NotificationRaised['priority'],
  key: string,
  level: NotificationRaised['level'],
  code: number,
  message: NotificationMessage,
): void {
  const account = state.accounts.get(accountId);
  if (account === undefined) return;
  events.push({ type: 'notification', userId: account.userId, accountId, priority, key, level, code, message });
}

const LIQUIDATION_OUTCOMES: Readonly<Record<string, string>> = {
  complete: 'every position closed',
  // Retried only while the account stays at the force-close level (Ledger.atForceClose):
  // a partial close that brought the ratio back leaves the rest open, and says so.
  partial: 'positions partly closed; the rest is closed as bids and offers come while the risk ratio stays at the force-close threshold',
  none: 'nothing to close against yet; positions are closed as bids and offers come while the risk ratio stays at the force-close threshold',
};
