import type { Account } from '../accounts/account.ts';
import type { PositionSide } from '../accounts/position-side.ts';
import type { Direction, Offset } from '../commands.ts';
import type { CoreEvent, LiquidationOrder, LiquidationResult } from '../events.ts';
import type { Instrument } from '../instruments/instrument.ts';
import { takeOutOfBook } from '../orders/cancel-order.ts';
import { placeForcedOrder } from '../orders/place-order.ts';
import type { CoreState } from '../state.ts';

/**
 * Forced liquidation (spec rule 5): cancel the account's live orders and its pending
 * conditional orders (a stop left waiting would open again what the liquidation closed,
 * or fail against lots no longer held), then close every position with market orders, as
 * far as the book's liquidity allows. Whatever stays open
 * is retried whenever something could trade with it: a trade in an instrument the account
 * holds, an order resting on the side its closes would take, a resume (Ledger.atForceClose),
 * when the risk check runs again. The record of what was done is an `account.liquidated`
 * event; a `retry` that found nothing to cancel or close against leaves none (a thin
 * market retried at every trade and resting order would otherwise bury the operators'
 * list in records of nothing done, and the user in notifications of it).
 */
export function liquidate(
  state: CoreState,
  account: Account,
  ts: number,
  trigger: 'risk' | 'admin' | 'settlement',
  events: CoreEvent[],
  retry = false,
): LiquidationResult {
  const riskRatioBefore = account.riskRatio;
  // The id is taken only by a liquidation that leaves a record.
  const liquidationId = `LQ${state.liquidationCount + 1}`;
  const cancelled = cancelLiveOrders(state, account, events);
  const cancelledConditionals = cancelConditionals(state, account, liquidationId, ts, events);
  const orders: (LiquidationOrder & { placed: boolean })[] = [];
  const positions = [...account.positions.values()].sort((a, b) => compare(a.instrument.id, b.instrument.id));
  for (const position of positions) {
    const instrument = position.instrument;
    for (const [side, direction] of [[position.long, 'SELL'], [position.short, 'BUY']] as const) {
      for (const [offset, volume] of closingOrders(instrument, side)) {
        const orderId = `${liquidationId}-${orders.length + 1}`;
        const origin = `forced liquidation ${liquidationId} (${trigger})`;
        orders.push(closeAtMarket(state, account, instrument, orderId, direction, offset, volume, origin, ts, events));
      }
    }
  }
  const flat = positions.every((position) => position.isFlat);
  const filled = orders.some((order) => order.filled > 0);
  const result = flat ? 'complete' : filled ? 'partial' : 'none';
  // Nothing cancelled and no order placed: the retry left no trace to record.
  if (retry && result === 'none' && cancelled === 0 && cancelledConditionals === 0 && orders.every((order) => !order.placed)) return result;
  state.liquidationCount++;
  events.push({
    type: 'account.liquidated',
    liquidationId,
    accountId: account.accountId,
    userId: account.userId,
    trigger,
    riskRatioBefore,
    riskRatioAfter: account.riskRatio,
    cancelledOrders: cancelled,
    cancelledConditionals,
    orders: orders.map(({ placed: _placed, ...order }) => order),
    result,
  });
  return result;
}

/** Live orders in a fixed order (instrument, then exchange order id), whatever built the index. */
function cancelLiveOrders(state: CoreState, account: Account, events: CoreEvent[]): number {
  const live = [...account.liveOrders].sort(
    (a, b) => compare(a.instrumentId, b.instrumentId) || a.exchangeOrderId - b.exchangeOrderId,
  );
  for (const order of live) {
    const instrument = state.instruments.get(order.instrumentId)!;
    takeOutOfBook(state, instrument, order, events, 'liquidation', 'cancelled by forced liquidation');
  }
  return live.length;
}

/** The account's pending conditional orders, in creation order, cancelled. */
function cancelConditionals(state: CoreState, account: Account, liquidationId: string, ts: number, events: CoreEvent[]): number {
  const pending = state.conditionals.pendingOfAccount(account.accountId);
  for (const conditional of pending) {
    conditional.finish('Cancelled', ts, `cancelled by forced liquidation ${liquidationId}`);
    state.conditionals.settle(conditional);
    events.push({ type: 'conditional.changed', conditional: conditional.toRecord() });
  }
  return pending.length;
}

/**
 * The close orders that flatten one side: on SHFE and INE today's lots need CLOSETODAY
 * and earlier lots CLOSE; elsewhere one CLOSE takes both.
 */
function closingOrders(instrument: Instrument, side: PositionSide): [Offset, number][] {
  if (side.volume === 0) return [];
  const exchange = instrument.spec.exchangeId;
  if (exchange !== 'SHFE' && exchange !== 'INE') return [['CLOSE', side.volume]];
  const out: [Offset, number][] = [];
  if (side.hisVolume > 0) out.push(['CLOSE', side.hisVolume]);
  if (side.todayVolume > 0) out.push(['CLOSETODAY', side.todayVolume]);
  return out;
}

function closeAtMarket(
  state: CoreState,
  account: Account,
  instrument: Instrument,
  orderId: string,
  direction: Direction,
  offset: Offset,
  volume: number,
  origin: string,
  ts: number,
  events: CoreEvent[],
): LiquidationOrder & { placed: boolean } {
  // An order that could not trade is not placed: it could only be refused or cancelled,
  // and each retry would add one more such order to the account's history. So not on a
  // suspended instrument, nor against an empty side or one resting beyond the band a
  // market order may trade in (bids below limit-down stay when the limits move).
  // A market order's bound is the band's edge; without a band (no reference price yet)
  // "at market" is everything the other side holds: a limit at its farthest price.
  const record = { orderId, instrumentId: instrument.id, direction, offset, volume };
  const notPlaced = (refusal: string) => ({ ...record, filled: 0, averagePrice: 0, refusal, placed: false });
  if (instrument.status === 'SUSPENDED') return notPlaced(`${instrument.id} is suspended`);
  const best = instrument.book.side(direction === 'SELL').best()?.priceTicks;
  const side = direction === 'SELL' ? 'bids' : 'offers';
  if (best === undefined) return notPlaced(`no ${side} on ${instrument.id} to close against`);
  if (instrument.hasLimits && (direction === 'SELL' ? best < instrument.lowerLimitTicks : best > instrument.upperLimitTicks)) {
    return notPlaced(`no ${side} on ${instrument.id} within its price limits to close against`);
  }
  const result = placeForcedOrder(
    state,
    {
      type: 'order.place',
      accountId: account.accountId,
      orderId,
      instrumentId: instrument.id,
      direction,
      offset,
      priceType: instrument.hasLimits ? 'MARKET' : 'LIMIT',
      price: instrument.hasLimits ? 0 : instrument.grid.toPrice(farthestOpposite(instrument, direction)!),
      volume,
      timeCondition: 'IOC',
      volumeCondition: 'ANY',
    },
    ts,
    origin,
  );
  let filled = 0;
  let turnover = 0;
  for (const event of result.events) {
    events.push(event);
    if (event.type === 'trade.executed' && event.taker.accountId === account.accountId && event.taker.orderId === orderId) {
      filled += event.volume;
      turnover += event.priceTicks * event.volume;
    }
  }
  return {
    ...record,
    filled,
    averagePrice: filled === 0 ? 0 : instrument.grid.toPrice(Math.round(turnover / filled)),
    refusal: result.code !== 1000 ? result.message : filled < volume ? `${volume - filled} of ${volume} lots found nothing to close against` : '',
    placed: true,
  };
}

/** The farthest price resting on the side a close in `direction` trades against; undefined when it is empty. */
function farthestOpposite(instrument: Instrument, direction: Direction): number | undefined {
  const side = instrument.book.side(direction === 'SELL');
  let farthest: number | undefined;
  for (let level = side.best(); level !== undefined; level = side.nextAfter(level)) farthest = level.priceTicks;
  return farthest;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

