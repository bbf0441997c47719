import { type ApplyResult, succeeded } from './apply-result.ts';
import { deposit, endSessions, openAccount, registerUser, setAccountFrozen, setPassword, withdraw } from './accounts/account-commands.ts';
import { bankTransfer } from './accounts/bank-transfer.ts';
import { addHolidays, removeHolidays } from './calendar/calendar-commands.ts';
import { afterCommand } from './aftermath.ts';
import { cancelScheduledRates, changeInstrumentStatus, updateInstrument } from './instruments/instrument-admin.ts';
import { raiseNotifications } from './notifications/notifications.ts';
import { forceLiquidate } from './risk/force-liquidate.ts';
import { setRules } from './rules.ts';
import { executeSettlement, setSettlementPrice } from './settlement/settlement.ts';
import type { StampedCommand } from './commands.ts';
import { cancelConditional, createConditional, expireConditionals } from './conditional/conditional-commands.ts';
import type { CoreEvent } from './events.ts';
import { addInstrument } from './instruments/add-instrument.ts';
import { cancelOrder } from './orders/cancel-order.ts';
import { modifyOrder } from './orders/modify-order.ts';
import { placeOrder } from './orders/place-order.ts';
import { beginTradingDay, closeMarket, endTradingDay, openMarket } from './orders/trading-day.ts';
import type { CoreState } from './state.ts';

/**
 * The only way the exchange's state changes. Deterministic: the same state and the same
 * stamped command always give the same result and the same new state. It reads no clock,
 * does no I/O and draws no random numbers; time and ids arrive inside the command.
 *
 * Business rejections are returned as result codes. A throw from here is a bug (or a
 * sequencing fault): the caller must stop accepting commands rather than go on from a
 * half-applied state.
 */
export function apply(state: CoreState, stamped: StampedCommand): ApplyResult {
  if (stamped.seq !== state.lastSeq + 1) {
    throw new Error(`sequence gap: expected seq ${state.lastSeq + 1}, got ${stamped.seq}`);
  }
  if (!(stamped.ts >= state.lastTs)) {
    throw new Error(`time went backwards at seq ${stamped.seq}: ${stamped.ts} < ${state.lastTs}`);
  }
  state.lastSeq = stamped.seq;
  state.lastTs = stamped.ts;
  // Conditional orders whose validity ended before this command expire first: the
  // command (a trade through their trigger, a cancel) must find them Expired.
  const expired: CoreEvent[] = [];
  if (stamped.ts > state.conditionals.nextExpiry) expireConditionals(state, stamped.ts, expired);
  const result = dispatch(state, stamped);
  if (expired.length > 0) result.events.unshift(...expired);
  afterCommand(state, stamped.ts, result.events);
  raiseNotifications(state, result.events);
  // The command is done: no code still holds the orders it finished.
  state.orderPool.recycle();
  return result;
}

function dispatch(state: CoreState, stamped: StampedCommand): ApplyResult {
  const command = stamped.command;
  switch (command.type) {
    case 'instrument.update':
      return updateInstrument(state, command);
    case 'instrument.cancel-scheduled-rates':
      return cancelScheduledRates(state, command);
    case 'instrument.suspend':
    case 'instrument.resume':
    case 'instrument.delist':
      return changeInstrumentStatus(state, command, stamped.ts);
    case 'settlement.set-price':
      return setSettlementPrice(state, command);
    case 'settlement.execute':
      return executeSettlement(state, command, stamped.ts);
    case 'account.force-liquidate':
      return forceLiquidate(state, command, stamped.ts);
    case 'account.bank-transfer':
      return bankTransfer(state, command);
    case 'conditional.create':
      return createConditional(state, command, stamped.ts);
    case 'conditional.cancel':
      return cancelConditional(state, command, stamped.ts);
    case 'conditional.expire-due':
      // Expired above, as before any command: there is nothing more to it.
      return succeeded([]);
    case 'user.register':
      return registerUser(state, command, stamped.ts);
    case 'user.set-password':
      return setPassword(state, command, stamped.ts);
    case 'user.end-sessions':
      return endSessions(state, command);
    case 'account.open':
      return openAccount(state, command, stamped.ts);
    case 'account.deposit':
      return deposit(state, command);
    case 'account.withdraw':
      return withdraw(state, command);
    case 'account.set-frozen':
      return setAccountFrozen(state, command);
    case 'instrument.add':
      return addInstrument(state, command);
    case 'order.place':
      return placeOrder(state, command, stamped.ts);
    case 'order.cancel':
      return cancelOrder(state, command);
    case 'order.modify':
      return modifyOrder(state, command, stamped.ts);
    case 'trading-day.begin':
      return beginTradingDay(state, command);
    case 'trading-day.end':
      return endTradingDay(state);
    case 'market.close':
      return closeMarket(state, command);
    case 'market.open':
      return openMarket(state, stamped.ts);
    case 'calendar.add-holidays':
      return addHolidays(state, command);
    case 'calendar.remove-holidays':
      return removeHolidays(state, command);
    case 'rules.set':
      return setRules(state, command);
    default:
      return unknownCommand(command);
  }
}

/** Exhaustiveness: adding a command type without a case is a compile error here. */
function unknownCommand(command: never): never {
  throw new Error(`unknown command type: ${JSON.stringify(command)}`);
}
