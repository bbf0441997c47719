import type { CoreEvent, NotificationRaised, OrderCancelled, RiskLevelChanged } from '../events.ts';
import type { CoreState } from '../state.ts';

/**
 * Turns what a command did into messages for the users it concerns, appended to the
 * command's events. Priorities: P0 risk force-close and liquidation (never dropped),
 * P1 refusals, warnings and conditional orders, P2 fills and cancellations by the
 * exchange, P3 informational. The key lets a newer message of the same fact replace an
 * undelivered older one (e.g. successive risk levels of one account).
 */
export function raiseNotifications(state: CoreState, seq: number, events: CoreEvent[]): void {
  const count = events.length;
  for (let i = 0; i < count; i++) {
    const event = events[i]!;
    switch (event.type) {
      case 'order.rejected':
        notify(state, events, event.order.accountId, 1, `order:${event.order.accountId}:${event.order.orderId}:${seq}`, 'WARNING', event.code, `order ${event.order.orderId} refused: ${event.order.lastMsg}`);
        break;
      case 'order.cancelled':
        if (event.reason !== 'user') orderCancelled(state, events, event, seq);
        break;
      case 'trade.executed':
        for (const side of [event.maker, event.taker]) {
          notify(state, events, side.accountId, 2, `trade:${event.instrumentId}:${event.tradeId}:${side.accountId}`, 'INFO', 0, `${side.direction} ${side.offset} ${event.volume} ${event.instrumentId} @ ${event.price} (order ${side.orderId})`);
        }
        break;
      case 'risk.level-changed':
        riskChanged(state, events, event);
        break;
      case 'account.liquidated':
        notify(state, events, event.accountId, 0, `liquidation:${event.liquidationId}`, 'WARNING', 4002, `forced liquidation (${event.trigger}): ${event.orders.length} close orders, ${event.result}`);
        break;
      case 'conditional.changed':
        if (event.conditional.status !== 'Pending') {
          const c = event.conditional;
          const failed = c.status === 'Failed';
          notify(state, events, c.accountId, failed ? 1 : 2, `conditional:${c.conditionalId}`, failed ? 'WARNING' : 'INFO', 0, `conditional order ${c.conditionalId} ${c.status}${c.reason === '' ? '' : `: ${c.reason}`}`);
        }
        break;
      case 'account.funds-moved':
        notify(state, events, event.accountId, 3, `funds:${event.accountId}:${seq}`, 'INFO', 0, `${event.kind} of ${event.amount}; balance ${event.balance}`);
        break;
      case 'transfer.recorded':
        notify(state, events, event.accountId, event.errorId === 0 ? 3 : 1, `transfer:${event.transferId}`, event.errorId === 0 ? 'INFO' : 'WARNING', event.errorId, `bank transfer of ${event.amount} (${event.bankName}): ${event.errorMsg}`);
        break;
      case 'settlement.completed':
        for (const account of event.accounts) {
          notify(state, events, account.accountId, 3, `settlement:${event.settlementDate}:${account.accountId}`, 'INFO', 0, `settled ${event.settlementDate}: balance ${account.balance}, next trading day ${event.nextTradingDay}`);
        }
        break;
      case 'instrument.changed':
        if (event.status !== 'TRADING') instrumentHalted(state, events, event.instrumentId, event.status, seq);
        break;
      default:
        break;
    }
  }
}

function orderCancelled(state: CoreState, events: CoreEvent[], event: OrderCancelled, seq: number): void {
  notify(state, events, event.accountId, 2, `order:${event.accountId}:${event.orderId}:${seq}`, 'INFO', 0, `order ${event.orderId}: ${event.message}`);
}

function riskChanged(state: CoreState, events: CoreEvent[], event: RiskLevelChanged): void {
  const ratio = event.riskRatio.toFixed(4);
  if (event.to === 'force-close') {
    notify(state, events, event.accountId, 0, `risk:${event.accountId}`, 'WARNING', 4002, `risk ratio ${ratio} reached the force-close threshold`);
  } else if (event.to === 'warning') {
    notify(state, events, event.accountId, 1, `risk:${event.accountId}`, 'WARNING', 4001, `risk ratio ${ratio} is above the warning threshold`);
  } else {
    notify(state, events, event.accountId, 2, `risk:${event.accountId}`, 'INFO', 0, `risk ratio ${ratio} is back to normal`);
  }
}

function instrumentHalted(state: CoreState, events: CoreEvent[], instrumentId: string, status: string, seq: number): void {
  const instrument = state.instruments.get(instrumentId);
  if (instrument === undefined) return;
  const accounts = [...instrument.holders].map((p) => p.account.accountId).sort();
  for (const accountId of accounts) {
    notify(state, events, accountId, 2, `instrument:${instrumentId}:${seq}:${accountId}`, 'WARNING', status === 'SUSPENDED' ? 3004 : 3003, `${instrumentId} is ${status.toLowerCase()}`);
  }
}

function notify(
  state: CoreState,
  events: CoreEvent[],
  accountId: string,
  priority: NotificationRaised['priority'],
  key: string,
  level: NotificationRaised['level'],
  code: number,
  content: string,
): void {
  const account = state.accounts.get(accountId);
  if (account === undefined) return;
  events.push({ type: 'notification', userId: account.userId, accountId, priority, key, level, code, content });
}
