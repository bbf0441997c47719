/**
 * A settlement statement as text, in the layout Chinese futures brokers print (CTP's
 * 交易结算单), which DIFF clients read from `qry_settlement_info`: tqsdk-js parses the
 * account summary ("Label：value" pairs after the 资金状况 title, up to an empty line)
 * and the trade table ('|'-separated rows under the 成交记录 title, its column names on
 * the header line just above the dashes). Those shapes are what this writer keeps to.
 */
import type { LiquidationHistory, TradeHistory } from '../../app/history/history-records.ts';
import type { Statement } from '../../app/services/statements.ts';
import { splitInstrumentId } from '../../protocol/index.ts';

/** What the text needs beside the statement. */
export interface StatementHeading {
  readonly exchangeName: string;
  readonly username: string;
  readonly currency: string;
  /** Product and lot size of an instrument, for the trade table's Product and Turnover. */
  readonly instrument: (instrumentId: string) => { readonly productId: string; readonly volumeMultiple: number } | undefined;
}

/** Trade rows one message carries at most; past them, a line names the HTTP route that pages them all. */
export const STATEMENT_TRADE_ROWS = 2_000;

const RULE = '-'.repeat(100);

/**
 * `liquidations` are the account's forced liquidations of the day (statementLiquidations):
 * those during trading get a line each, the settlement's own is summed up by its line.
 */
export function statementText(
  statement: Statement,
  trades: readonly TradeHistory[],
  liquidations: readonly LiquidationHistory[],
  heading: StatementHeading,
): string {
  const { line, settlement } = statement;
  const day = settlement.settlementDate.replace(/-/g, '');
  const money = (value: number) => value.toFixed(2);
  const pair = (zh1: string, en1: string, v1: string, zh2: string, en2: string, v2: string) =>
    `${zh1} ${en1}：${v1.padStart(16)}    ${zh2} ${en2}：${v2.padStart(16)}`;
  const lines = [
    heading.exchangeName,
    '交易结算单(逐日盯市) Settlement Statement (MTM)',
    `客户号 Client ID：${line.accountId}    客户名称 Client Name：${heading.username}`,
    `日期 Date：${day}`,
    ...liquidations.filter((r) => r.trigger !== 'settlement').map(liquidationLine),
    ...forcedLiquidation(statement),
    '',
    `资金状况  币种：${heading.currency}  Account Summary  Currency：${heading.currency}`,
    RULE,
    pair('期初结存', 'Balance b/f', money(line.preBalance), '期末结存', 'Balance c/f', money(line.balance)),
    pair('入金', 'Deposit', money(line.deposit), '出金', 'Withdrawal', money(line.withdraw)),
    pair('平仓盈亏', 'Realized P/L', money(line.closeProfit), '持仓盯市盈亏', 'MTM P/L', money(line.positionProfit)),
    pair('手续费', 'Commission', money(line.commission), '客户权益', 'Client Equity', money(line.balance)),
    pair('保证金占用', 'Margin Occupied', money(line.margin), '可用资金', 'Fund Avail.', money(line.available)),
    `风险度 Risk Degree：${(line.riskRatio * 100).toFixed(2).padStart(16)}%`,
    '',
    ...tradeTable(statement, trades, heading, day),
    '',
    ...positionTable(statement),
    ...delistingTable(statement),
  ];
  return lines.join('\n');
}

function tradeTable(statement: Statement, trades: readonly TradeHistory[], heading: StatementHeading, day: string): string[] {
  const count = statement.tradesTo - statement.tradesFrom;
  const rows = trades.map((trade) => {
    const ids = splitInstrumentId(trade.instrumentId);
    const instrument = heading.instrument(trade.instrumentId);
    const turnover = trade.price * trade.volume * (instrument?.volumeMultiple ?? 1);
    const side = trade.direction === 'BUY' ? '买' : '卖';
    const offset = trade.offset === 'OPEN' ? '开' : trade.offset === 'CLOSETODAY' ? '平今' : '平';
    // Trade numbers count per instrument: the instrument makes them unique in a statement.
    const number = `${ids.instrument_id}-${trade.tradeId}`;
    return cells([day, ids.exchange_id, instrument?.productId ?? '', ids.instrument_id, side, '投', priceText(trade.price), String(trade.volume), turnover.toFixed(2), offset, trade.commission.toFixed(2), number]);
  });
  const more = count - trades.length;
  return [
    '成交记录 Transaction Record',
    RULE,
    cells(['成交日期', '交易所', '品种', '合约', '买/卖', '投/保', '成交价', '手数', '成交额', '开平', '手续费', '成交序号']),
    cells(['Date', 'Exchange', 'Product', 'Instrument', 'B/S', 'S/H', 'Price', 'Lots', 'Turnover', 'O/C', 'Fee', 'Trans.No.']),
    RULE,
    ...rows,
    RULE,
    cells([`共 ${count} 条 Total ${count}`, ...(more > 0 ? [`${more} more: GET /api/account/${statement.line.accountId}/settlements/${statement.settlement.settlementDate}`] : [])]),
  ];
}

function positionTable(statement: Statement): string[] {
  const positions = statement.line.positions ?? [];
  return [
    '持仓汇总 Positions',
    RULE,
    cells(['合约', '买持', '今买持', '卖持', '今卖持', '结算价', '持仓盯市盈亏', '保证金占用']),
    cells(['Instrument', 'Long Pos.', 'Long Today', 'Short Pos.', 'Short Today', 'Sttl Today', 'MTM P/L', 'Margin Occupied']),
    RULE,
    ...positions.map((p) =>
      cells([p.instrumentId, String(p.longVolume), String(p.longToday), String(p.shortVolume), String(p.shortToday), priceText(p.settlementPrice), p.positionProfit.toFixed(2), p.margin.toFixed(2)]),
    ),
    RULE,
  ];
}

/** Forced liquidation at this settlement, said outside the tables (the account summary's lines must all be figures). */
function forcedLiquidation(statement: Statement): string[] {
  const { line } = statement;
  if (line.forceClosed) return ['强平 Forced liquidation：the settlement closed every position (risk at or above the threshold)'];
  if (line.forceCloseFailed === true) return ['强平 Forced liquidation：the settlement could not close every position; the account is carried at risk'];
  return [];
}

/** A liquidation during trading, on one line outside the tables, as the settlement's own is. */
function liquidationLine(record: LiquidationHistory): string {
  const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;
  const lots = record.orders.reduce((sum, o) => sum + o.volume, 0);
  const closed = record.orders.reduce((sum, o) => sum + o.filled, 0);
  const by = record.trigger === 'admin' ? 'by the exchange' : 'risk at or above the threshold';
  return `强平 Forced liquidation ${record.liquidationId} (${by})：risk degree ${percent(record.riskRatioBefore)} → ${percent(record.riskRatioAfter)}, ${closed} of ${lots} lots closed`;
}

/** Lots of delisted instruments the settlement closed at the settlement price (their close profit is in Realized P/L). */
function delistingTable(statement: Statement): string[] {
  const closes = statement.line.closedAtDelisting ?? [];
  if (closes.length === 0) return [];
  return [
    '',
    '到期平仓 Closed at Delisting',
    RULE,
    cells(['合约', '买持', '卖持', '结算价', '平仓盈亏']),
    cells(['Instrument', 'Long Pos.', 'Short Pos.', 'Sttl Price', 'Realized P/L']),
    RULE,
    ...closes.map((c) => cells([c.instrumentId, String(c.longVolume), String(c.shortVolume), priceText(c.settlementPrice), c.closeProfit.toFixed(2)])),
    RULE,
  ];
}

/** Three decimals as brokers print prices, more when the price has them. */
function priceText(price: number): string {
  const fixed = price.toFixed(3);
  return Number(fixed) === price ? fixed : String(price);
}

function cells(values: readonly string[]): string {
  return `|${values.join('|')}|`;
}
