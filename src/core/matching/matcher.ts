import type { BookLevelChanged, CancelReason, CoreEvent, TradeSide } from '../events.ts';
import type { Instrument } from '../instruments/instrument.ts';
import type { CoreState } from '../state.ts';
import { fromCents, roundCents } from '../money.ts';
import type { Order } from './order.ts';
import type { PriceLevel } from './price-level.ts';

/**
 * Continuous matching of one incoming order against the opposite side: better price
 * first, then earlier arrival (FIFO within a level). The maker's price is the trade price.
 * An incoming order that does not rest has finished here and goes back to the pool.
 */
export function execute(state: CoreState, instrument: Instrument, taker: Order, events: CoreEvent[], entering = true): void {
  match(state, instrument, taker, events, entering);
  if (taker.level === null) state.orderPool.retire(taker);
}

/**
 * `entering` is false for a modify's replacement: the order's volume condition (MIN) was
 * judged when it entered and met then, or it would not be resting; judged again at the
 * modify, it cancelled an order the client was told had been modified.
 */
function match(state: CoreState, instrument: Instrument, taker: Order, events: CoreEvent[], entering: boolean): void {
  const stp = state.options.selfTradePrevention;
  if (entering && taker.volumeCondition !== 'ANY') {
    const needed = taker.volumeCondition === 'ALL' ? taker.volume : taker.minVolume;
    if (fillableVolume(instrument, taker, needed, stp) < needed) {
      const what = taker.volumeCondition === 'ALL' ? 'the whole volume' : `the minimum volume ${needed}`;
      cancelIncoming(state, instrument, taker, events, 'volume-condition', `not enough opposite volume to fill ${what} at once`);
      return;
    }
  }
  const ownOrder = matchAgainstBook(state, instrument, taker, events, stp);
  if (taker.volumeLeft === 0) return;
  if (ownOrder !== null) {
    const whose = ownOrder.accountId === taker.accountId ? 'the same account' : `your account ${ownOrder.accountId}`;
    cancelIncoming(state, instrument, taker, events, 'self-trade', `remaining volume cancelled: it would trade with an order of ${whose}`);
  } else if (restsInBook(taker)) {
    state.fills.onRest(instrument, taker);
    const level = instrument.book.rest(taker);
    state.liveOrders.add(taker);
    events.push(levelChanged(instrument, taker.isBuy, level));
  } else if (taker.volumeLeft === taker.volume && taker.priceType !== 'LIMIT') {
    cancelIncoming(state, instrument, taker, events, 'no-liquidity', `market order cancelled: ${noLiquidity(instrument, taker)}`);
  } else {
    cancelIncoming(state, instrument, taker, events, 'ioc-remainder', 'remaining volume cancelled (immediate-or-cancel)');
  }
}

/** Why a market order found nothing: an empty side, or one whose best price is beyond the limits. */
function noLiquidity(instrument: Instrument, taker: Order): string {
  const best = instrument.book.side(!taker.isBuy).best();
  if (best === undefined || !instrument.hasLimits) return 'no opposite orders to trade with';
  const grid = instrument.grid;
  const side = taker.isBuy ? 'offer' : 'bid';
  const limit = taker.isBuy ? `limit-up ${grid.toPrice(instrument.upperLimitTicks)}` : `limit-down ${grid.toPrice(instrument.lowerLimitTicks)}`;
  return `the best ${side}, ${grid.toPrice(best.priceTicks)}, is beyond ${limit}`;
}

/** Only limit orders with a time condition longer than "immediately" wait in the book. */
function restsInBook(order: Order): boolean {
  return order.priceType === 'LIMIT' && order.timeCondition !== 'IOC';
}

function crosses(taker: Order, level: PriceLevel): boolean {
  return taker.isBuy ? level.priceTicks <= taker.priceTicks : level.priceTicks >= taker.priceTicks;
}

/**
 * Self-trade prevention's notion of one owner: the same account, or two accounts of the
 * same user. A trade between one's own accounts moves money from one to the other at any
 * price one likes (a competitor pushed one account to the top of the standings so), and
 * exchanges forbid such wash trades per client, not per account. Bare matching orders
 * (no account) are told apart by account id alone.
 */
function sameOwner(maker: Order, taker: Order): boolean {
  if (maker.accountId === taker.accountId) return true;
  const a = maker.account;
  const b = taker.account;
  return a !== null && b !== null && a.userId === b.userId;
}

/** Matches `taker` against the book; returns the order of its own owner matching stopped at, else null. */
function matchAgainstBook(
  state: CoreState,
  instrument: Instrument,
  taker: Order,
  events: CoreEvent[],
  stp: boolean,
): Order | null {
  const book = instrument.book;
  const ladder = book.side(!taker.isBuy);
  for (let level = ladder.best(); level !== undefined && crosses(taker, level); level = ladder.best()) {
    let maker = level.head;
    let traded = false;
    while (maker !== null && taker.volumeLeft > 0) {
      if (stp && sameOwner(maker, taker)) {
        if (traded) events.push(levelChanged(instrument, maker.isBuy, level));
        return maker;
      }
      traded = true;
      const volume = maker.volumeLeft < taker.volumeLeft ? maker.volumeLeft : taker.volumeLeft;
      maker.volumeLeft -= volume;
      taker.volumeLeft -= volume;
      level.reduce(volume);
      maker.status = maker.volumeLeft === 0 ? 'FILLED' : 'PARTIAL_FILLED';
      taker.status = taker.volumeLeft === 0 ? 'FILLED' : 'PARTIAL_FILLED';
      const commission = roundCents(level.priceTicks * instrument.tickValueCents * volume * instrument.commissionRate);
      events.push({
        type: 'trade.executed',
        instrumentId: instrument.id,
        tradeId: instrument.nextSequence(),
        price: instrument.grid.toPrice(level.priceTicks),
        priceTicks: level.priceTicks,
        volume,
        commission: fromCents(commission),
        maker: tradeSide(maker),
        taker: tradeSide(taker),
      });
      const next: Order | null = maker.next;
      if (maker.volumeLeft === 0) {
        book.removeFilled(maker, ladder);
        state.liveOrders.remove(maker);
      }
      state.fills.onTrade(instrument, maker, taker, level.priceTicks, volume, commission);
      if (maker.volumeLeft === 0) state.orderPool.retire(maker);
      maker = next;
    }
    events.push(levelChanged(instrument, !taker.isBuy, level));
    if (taker.volumeLeft === 0) break;
  }
  return null;
}

/**
 * Volume the taker could trade right now, counted in priority order up to `needed`.
 * With self-trade prevention the count stops at the first order of the same owner,
 * exactly where matching would stop.
 */
function fillableVolume(instrument: Instrument, taker: Order, needed: number, stp: boolean): number {
  const ladder = instrument.book.side(!taker.isBuy);
  let total = 0;
  for (let level = ladder.best(); level !== undefined && crosses(taker, level); level = ladder.nextAfter(level)) {
    if (!stp && total + level.volume < needed) {
      total += level.volume;
      continue;
    }
    for (let maker = level.head; maker !== null; maker = maker.next) {
      if (stp && sameOwner(maker, taker)) return total;
      total += maker.volumeLeft;
      if (total >= needed) return total;
    }
  }
  return total;
}

function cancelIncoming(
  state: CoreState,
  instrument: Instrument,
  taker: Order,
  events: CoreEvent[],
  reason: CancelReason,
  message: string,
): void {
  taker.status = 'CANCELLED';
  // A forced-liquidation order keeps what it is: "forced liquidation LQ3 (risk); ..." .
  taker.lastMsg = taker.lastMsg === '' ? message : `${taker.lastMsg}; ${message}`;
  state.fills.onOrderClosed(instrument, taker);
  events.push({
    type: 'order.cancelled',
    accountId: taker.accountId,
    orderId: taker.orderId,
    instrumentId: taker.instrumentId,
    exchangeOrderId: taker.exchangeOrderId,
    volumeLeft: taker.volumeLeft,
    reason,
    message: taker.lastMsg,
  });
}

function tradeSide(order: Order): TradeSide {
  return {
    accountId: order.accountId,
    orderId: order.orderId,
    exchangeOrderId: order.exchangeOrderId,
    direction: order.direction,
    offset: order.offset,
    volumeLeft: order.volumeLeft,
    status: order.status,
  };
}

export function levelChanged(instrument: Instrument, isBuy: boolean, level: PriceLevel): BookLevelChanged {
  // At or better than the side's best after the change: the level is the top, or was
  // (a top level that emptied has left the side).
  const best = instrument.book.side(isBuy).best();
  const top = best === undefined || (isBuy ? level.priceTicks >= best.priceTicks : level.priceTicks <= best.priceTicks);
  return {
    type: 'book.level',
    instrumentId: instrument.id,
    side: isBuy ? 'BUY' : 'SELL',
    price: instrument.grid.toPrice(level.priceTicks),
    priceTicks: level.priceTicks,
    volume: level.volume,
    orderCount: level.orderCount,
    top,
  };
}
