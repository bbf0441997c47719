import { type ApplyResult, rejected, succeeded } from './apply-result.ts';
import type { SetRules } from './commands.ts';
import { ResultCode } from './result-codes.ts';
import type { CoreState } from './state.ts';

/**
 * New rules from the configuration. The thresholds change every account's risk level and
 * its place in the risk index: all accounts are checked again after this command (which
 * may warn or liquidate, as the new thresholds say).
 */
export function setRules(state: CoreState, command: SetRules): ApplyResult {
  const { selfTradePrevention, warningThreshold, forceCloseThreshold } = command;
  if (typeof selfTradePrevention !== 'boolean') return rejected(ResultCode.ParameterError, 'selfTradePrevention must be true or false');
  if (!(forceCloseThreshold > 0 && Number.isFinite(forceCloseThreshold))) {
    return rejected(ResultCode.ParameterError, 'forceCloseThreshold must be a number > 0');
  }
  if (!(warningThreshold > 0 && warningThreshold <= forceCloseThreshold)) {
    return rejected(ResultCode.ParameterError, `warningThreshold must be in (0, forceCloseThreshold ${forceCloseThreshold}]`);
  }
  state.options = { ...state.options, selfTradePrevention, warningThreshold, forceCloseThreshold };
  for (const account of state.accounts.values()) state.ledger.touched.add(account);
  return succeeded([]);
}
