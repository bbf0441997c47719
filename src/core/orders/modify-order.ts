import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { ModifyOrder } from '../commands.ts';
import type { CoreEvent } from '../events.ts';
import { execute, levelChanged } from '../matching/matcher.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';
import { checkAccount, checkMarketOpen, checkTradable, checkVolume, limitPriceTicks } from './order-rules.ts';

/**
 * order.modify = cancel + new order under the same order_id, atomically: everything that
 * could refuse the new order is checked before the old one leaves the book, so a refused
 * modify leaves the old order exactly as it was. The new order loses time priority.
 */
export function modifyOrder(state: CoreState, command: ModifyOrder, ts: number): ApplyResult {
  const old = state.liveOrders.get(command.accountId, command.orderId);
  if (old === undefined) return rejected(ResultCode.OrderNotFound, 'order not found');
  if (old.account !== null) {
    // A modify places a new order: a frozen account places none.
    const usable = checkAccount(old.account, old.accountId);
    if (usable.code !== ResultCode.Success) return rejected(usable.code, usable.message);
    const open = checkMarketOpen(state.marketClosed);
    if (open.code !== ResultCode.Success) return rejected(open.code, open.message);
  }
  const instrument = state.instruments.get(old.instrumentId)!;
  const tradable = checkTradable(instrument, old.instrumentId, state.tradingDay);
  if (tradable.code !== ResultCode.Success) return rejected(tradable.code, tradable.message);
  if (command.price === undefined && command.volume === undefined) {
    return rejected(ResultCode.ParameterError, 'nothing to modify: give a new price, a new volume or both');
  }
  const newVolume = command.volume ?? old.volumeLeft;
  const volume = checkVolume(newVolume);
  if (volume.code !== ResultCode.Success) return rejected(volume.code, volume.message);
  // An unchanged price is judged as if sent again: the day's limits may have moved since.
  const ticks = limitPriceTicks(instrument, command.price ?? old.limitPrice);
  if (typeof ticks !== 'number') return rejected(ticks.code, ticks.message);
  if (old.volumeCondition === 'MIN' && old.minVolume > newVolume) {
    return rejected(ResultCode.InvalidVolume, `new volume ${newVolume} is below the order's min_volume ${old.minVolume}`);
  }

  const replacement = state.orderPool.take().reset(
    old.accountId,
    old.orderId,
    old.instrumentId,
    old.direction,
    old.offset,
    old.priceType,
    ticks,
    instrument.grid.toPrice(ticks),
    newVolume,
    old.timeCondition,
    old.volumeCondition,
    old.minVolume,
    old.validUntilDate,
    ts,
  );
  const account = old.account;
  if (account !== null) {
    // Funds and lots the old order holds count for the new one: release them first, and
    // put them back exactly if the new order cannot be covered.
    const { reservedHis, reservedToday } = old;
    state.fills.onOrderClosed(instrument, old);
    const funds = state.ledger.reserve(account, instrument, replacement, state.options, old.offset === 'CLOSETODAY' ? reservedHis : 0);
    if (funds.code !== ResultCode.Success) {
      state.ledger.reinstate(old, reservedHis, reservedToday);
      state.orderPool.retire(replacement);
      return rejected(funds.code, funds.message);
    }
  }

  const events: CoreEvent[] = [];
  const level = instrument.book.remove(old);
  state.liveOrders.remove(old);
  old.status = 'CANCELLED';
  old.lastMsg = 'replaced by a modify';
  events.push(levelChanged(instrument, old.isBuy, level));
  replacement.exchangeOrderId = instrument.nextSequence();
  replacement.status = 'ACCEPTED';
  events.push({
    type: 'order.replaced',
    previousExchangeOrderId: old.exchangeOrderId,
    previousVolumeLeft: old.volumeLeft,
    order: replacement.toRecord(),
  });
  state.orderPool.retire(old);
  execute(state, instrument, replacement, events, false);
  return succeeded(events);
}
