import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { BankTransfer } from '../commands.ts';
import type { TransferRecorded } from '../events.ts';
import { fromCents } from '../money.ts';
import { amountCents, depositProblem, withdrawalRefusal } from './account-commands.ts';
import { ResultCode } from '../result-codes.ts';
import { markAccount } from '../risk/risk-index.ts';
import type { CoreState } from '../state.ts';
import type { Account } from './account.ts';

/**
 * A simulated bank transfer. Every attempt on an existing account is recorded, the failed
 * ones with error_id (the result code) and error_msg: wrong passwords (checked outside the
 * core, whose verdict arrives in the command), a frozen account, or funds short for a
 * transfer out.
 */
export function bankTransfer(state: CoreState, command: BankTransfer): ApplyResult {
  const account = state.accounts.get(command.accountId);
  if (account === undefined) return rejected(ResultCode.AccountNotFound, `account not found: ${command.accountId}`);
  if (command.bankName === '') return refuse(account, command, ResultCode.ParameterError, `unknown bank_id ${command.bankId}`);
  if (command.amount === 0) return refuse(account, command, ResultCode.ParameterError, 'amount must not be 0: a positive amount moves money in from the bank, a negative one out');
  const magnitude = amountCents(Math.abs(command.amount), false);
  if (typeof magnitude === 'string') {
    // The size is what is checked: a transfer out says so, or "got 5" would answer "-5".
    const said = command.amount < 0 ? `amount ${command.amount}: its size ${magnitude}` : `amount ${magnitude}`;
    return refuse(account, command, ResultCode.ParameterError, said);
  }
  const cents = command.amount < 0 ? -magnitude : magnitude;
  if (command.credentialError !== '') return refuse(account, command, ResultCode.AuthenticationFailed, command.credentialError);
  markAccount(account);
  state.ledger.touched.add(account);
  if (cents < 0) {
    if (account.frozen) return refuse(account, command, ResultCode.AccountFrozen, `account ${account.accountId} is frozen`);
    const refusal = withdrawalRefusal(account, -cents, 'transferring out', state.options);
    if (refusal !== undefined) return refuse(account, command, refusal.code, refusal.message);
    account.withdraw += -cents;
  } else {
    const tooMuch = depositProblem(account, cents);
    if (tooMuch !== '') return refuse(account, command, ResultCode.ParameterError, `amount ${fromCents(cents)}: ${tooMuch}`);
    account.deposit += cents;
  }
  return succeeded([record(account, command, 0, 'success')]);
}

function refuse(account: Account, command: BankTransfer, code: ResultCode, message: string): ApplyResult {
  return rejected(code, message, [record(account, command, code, message)]);
}

function record(account: Account, command: BankTransfer, errorId: number, errorMsg: string): TransferRecorded {
  return {
    type: 'transfer.recorded',
    transferId: command.transferId,
    accountId: account.accountId,
    userId: account.userId,
    currency: account.currency,
    amount: Number.isFinite(command.amount) ? command.amount : 0,
    bankId: command.bankId,
    bankName: command.bankName,
    errorId,
    errorMsg,
  };
}
