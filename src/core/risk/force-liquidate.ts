import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { ForceLiquidate } from '../commands.ts';
import type { CoreEvent } from '../events.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';
import { liquidate } from './liquidation.ts';
import { markAccount } from './risk-index.ts';

/** An administrator's forced liquidation: the same path as the risk-triggered one. */
export function forceLiquidate(state: CoreState, command: ForceLiquidate, ts: number): ApplyResult {
  const account = state.accounts.get(command.accountId);
  if (account === undefined) return rejected(ResultCode.AccountNotFound, `account not found: ${command.accountId}`);
  const events: CoreEvent[] = [];
  markAccount(account);
  state.ledger.liquidated.add(account);
  liquidate(state, account, ts, 'admin', events);
  return succeeded(events);
}
