import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { ForceLiquidate } from '../commands.ts';
import type { CoreEvent } from '../events.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';
import { liquidate } from './liquidation.ts';
import { markAccount } from './risk-index.ts';

/**
 * An administrator's forced liquidation: the same path as the risk-triggered one. An
 * account with no live order, no pending conditional order and no open position has
 * nothing to liquidate: no record and no notification (the reply says so with
 * liquidation null).
 */
export function forceLiquidate(state: CoreState, command: ForceLiquidate, ts: number): ApplyResult {
  const account = state.accounts.get(command.accountId);
  if (account === undefined) return rejected(ResultCode.AccountNotFound, `account not found: ${command.accountId}`);
  const holds = [...account.positions.values()].some((p) => p.long.volume > 0 || p.short.volume > 0);
  if (account.liveOrders.size === 0 && state.conditionals.pendingCountOf(account.accountId) === 0 && !holds) return succeeded([]);
  const events: CoreEvent[] = [];
  markAccount(account);
  state.ledger.liquidated.add(account);
  liquidate(state, account, ts, 'admin', events);
  return succeeded(events);
}
