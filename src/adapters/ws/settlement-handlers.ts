/**
 * The settlement messages of DIFF brokers' gateways that clients send: the day's
 * statement (`qry_settlement_info`), its confirmation (`confirm_settlement`, which
 * tqsdk-js's documented flow sends once per login before trading) and account refreshes
 * (`qry_account_info`, `qry_account_register`).
 */
import { statementLiquidations, statementOf, statementTrades, tradingDayKey } from '../../app/services/statements.ts';
import { ResultCode } from '../../core/index.ts';
import type { ClientMessage } from './client-messages.ts';
import type { DiffSession } from './diff-session.ts';
import type { HandlerContext } from './message-handlers.ts';
import { STATEMENT_TRADE_ROWS, statementText } from './statement-text.ts';

/**
 * qry_settlement_info: the statement of the session's account for `trading_day`, answered
 * as `{aid: "qry_settlement_info", user_name, trading_day, settlement_info}` (the text
 * tqsdk-js parses into trade.<user>.his_settlements.<day>). A day without one is told in
 * a notify, and no answer: a client that caches statements must not keep an empty one.
 */
export async function querySettlement(ctx: HandlerContext, session: DiffSession, message: ClientMessage<'qry_settlement_info'>): Promise<void> {
  const caller = session.caller;
  if (caller === undefined) {
    session.notifyLocal('WARNING', ResultCode.AuthenticationFailed, 'log in first (req_login)');
    return;
  }
  const day = tradingDayKey(message.trading_day);
  if (day === undefined) {
    session.notifyLocal('WARNING', ResultCode.ParameterError, `qry_settlement_info: trading_day ${JSON.stringify(message.trading_day)} is not a date (YYYYMMDD)`);
    return;
  }
  // Administrators are not counted, as over REST.
  const wait = caller.role === 'admin' ? 0 : await ctx.historyReads.take(caller.userId);
  // The client may have logged in as someone else meanwhile.
  if (!session.isLoggedInAs(caller.userId) || session.tradeKey === undefined) return;
  if (wait > 0) {
    session.notifyLocal('WARNING', ResultCode.ParameterError, `qry_settlement_info: too many history reads; try again in ${wait} s`);
    return;
  }
  const accountId = session.accountId;
  const history = ctx.exchange.history;
  const statement = accountId === undefined ? undefined : statementOf(history, accountId, day);
  if (statement === undefined) {
    const whose = accountId === undefined ? 'you have no account' : `account ${accountId} was not settled on ${day}`;
    session.notifyLocal('WARNING', ResultCode.ResourceNotFound, `qry_settlement_info: no settlement statement: ${whose}`);
    return;
  }
  const state = ctx.exchange.state;
  const text = statementText(statement, statementTrades(history, statement, 0, STATEMENT_TRADE_ROWS), statementLiquidations(history, statement), {
    exchangeName: ctx.exchangeName,
    username: caller.username,
    currency: state.accounts.get(statement.line.accountId)?.currency ?? 'CNY',
    instrument: (id) => state.instruments.get(id)?.spec,
  });
  session.reply(JSON.stringify({ aid: 'qry_settlement_info', user_name: session.tradeKey, trading_day: message.trading_day, settlement_info: text }));
}

/** confirm_settlement: nothing here waits for it; the client is told so once it is logged in. */
export function confirmSettlement(session: DiffSession): void {
  if (session.caller === undefined) {
    session.notifyLocal('WARNING', ResultCode.AuthenticationFailed, 'log in first (req_login)');
    return;
  }
  session.notifyLocal('INFO', 0, 'settlement confirmed (this exchange accepts orders without a confirmation)', 3);
}
