import type { Sequenced } from '../../app/sequencer.ts';
import type { NotificationRaised } from '../../core/index.ts';

/**
 * What one durable batch changed, as the DIFF sessions need to know it: which
 * instruments (quotes, candles), which accounts (funds, positions), which orders, which
 * accounts got trades, and the notifications per user. `everything` is set by commands
 * that touch every account (settlement, a new trading day, instrument changes).
 */
export class ChangeSet {
  readonly instruments = new Set<string>();
  readonly tradedInstruments = new Set<string>();
  readonly accounts = new Set<string>();
  /** accountId → order ids whose record changed. */
  readonly orders = new Map<string, Set<string>>();
  readonly tradedAccounts = new Set<string>();
  /** Accounts with a bank transfer attempt recorded. */
  readonly transferAccounts = new Set<string>();
  readonly notifications = new Map<string, NotificationRaised[]>();
  /** Users whose earlier sessions may have ended: a password set, or a log out everywhere. */
  readonly sessionsEnded = new Set<string>();
  everything = false;

  static of(batch: readonly Sequenced[]): ChangeSet {
    const changes = new ChangeSet();
    for (const { result } of batch) {
      for (const event of result.events) {
        switch (event.type) {
          case 'order.accepted':
          case 'order.rejected':
          case 'order.replaced':
            changes.order(event.order.accountId, event.order.orderId);
            changes.instruments.add(event.order.instrumentId);
            break;
          case 'order.cancelled':
            changes.order(event.accountId, event.orderId);
            changes.instruments.add(event.instrumentId);
            break;
          case 'trade.executed':
            changes.instruments.add(event.instrumentId);
            changes.tradedInstruments.add(event.instrumentId);
            for (const side of [event.maker, event.taker]) {
              changes.order(side.accountId, side.orderId);
              changes.tradedAccounts.add(side.accountId);
            }
            break;
          case 'book.level':
            changes.instruments.add(event.instrumentId);
            break;
          case 'account.opened':
          case 'account.funds-moved':
          case 'account.frozen-changed':
          case 'risk.level-changed':
          case 'account.liquidated':
            changes.accounts.add(event.accountId);
            break;
          case 'transfer.recorded':
            changes.accounts.add(event.accountId);
            changes.transferAccounts.add(event.accountId);
            break;
          case 'notification': {
            const list = changes.notifications.get(event.userId);
            if (list === undefined) changes.notifications.set(event.userId, [event]);
            else list.push(event);
            break;
          }
          case 'user.password-set':
          case 'user.sessions-ended':
            changes.sessionsEnded.add(event.userId);
            break;
          case 'instrument.added':
            changes.instruments.add(event.spec.instrumentId);
            break;
          case 'instrument.changed':
          case 'settlement.price-set':
            changes.instruments.add(event.instrumentId);
            changes.everything = true;
            break;
          case 'settlement.completed':
          case 'trading-day.began':
          case 'trading-day.ended':
            changes.everything = true;
            break;
          default:
            break;
        }
      }
    }
    return changes;
  }

  private order(accountId: string, orderId: string): void {
    changes(this.orders, accountId).add(orderId);
    this.accounts.add(accountId);
  }
}

function changes(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}
