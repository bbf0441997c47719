import type { CoreState } from '../state.ts';
import type { Instrument } from './instrument.ts';

/** The accounts a change of an instrument concerns: holders, and those with a resting or pending conditional order on it. */
export function accountsConcernedBy(state: CoreState, instrument: Instrument): Set<string> {
  const accounts = new Set<string>();
  for (const position of instrument.holders) accounts.add(position.account.accountId);
  for (const order of instrument.book.restingOrders()) accounts.add(order.accountId);
  for (const conditional of state.conditionals.pendingOf(instrument.id)) accounts.add(conditional.request.accountId);
  return accounts;
}
