/**
 * req_transfer: a bank transfer asked for over DIFF (tqsdk-js's `transfer`), as REST's
 * /api/account/transfer takes it: the login password confirms the owner, and every
 * attempt is recorded. The outcome reaches the client as the attempt under
 * trade.<key>.transfers (DIFF's way) and as the core's notification of it.
 */
import { requestBankTransfer } from '../../app/services/bank-transfers.ts';
import { ResultCode } from '../../core/index.ts';
import type { ClientMessage } from './client-messages.ts';
import type { DiffSession } from './diff-session.ts';
import type { HandlerContext } from './message-handlers.ts';

export async function requestTransfer(ctx: HandlerContext, session: DiffSession, message: ClientMessage<'req_transfer'>): Promise<void> {
  const caller = session.caller;
  if (caller === undefined) {
    session.notifyLocal('WARNING', ResultCode.AuthenticationFailed, 'log in first (req_login)');
    return;
  }
  const account = session.accountId === undefined ? undefined : ctx.exchange.state.accounts.get(session.accountId);
  const refuse = (why: string) => session.notifyLocal('WARNING', ResultCode.ParameterError, `req_transfer refused: ${why}`);
  if (account === undefined) {
    session.notifyLocal('WARNING', ResultCode.AccountNotFound, 'req_transfer refused: you have no account');
    return;
  }
  // The session shows one account: a transfer to another would not be seen here.
  if (message.future_account !== undefined && message.future_account !== '' && message.future_account !== account.accountId) {
    return refuse(`future_account ${message.future_account} is not the account this session shows (${account.accountId})`);
  }
  if (message.currency !== undefined && message.currency !== account.currency) return refuse(`currency ${message.currency} is not the account's (${account.currency})`);
  const amount = typeof message.amount === 'string' ? Number(message.amount) : message.amount;
  // The core records every attempt and tells its outcome in a notification of its own.
  await requestBankTransfer(ctx.exchange, ctx.auth, ctx.exchange.config.banks, {
    accountId: account.accountId,
    userId: caller.userId,
    bankId: message.bank_id,
    amount,
    futurePassword: message.future_password,
    address: ctx.address,
  });
}
