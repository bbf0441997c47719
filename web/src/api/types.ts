/** Names for the response shapes the pages use, taken from the generated OpenAPI types. */
import type { paths } from './schema';

type Data<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

export type Instrument = Data<'/api/market/instruments', 'get'>[number];
export type AccountSummary = Data<'/api/user/{user_id}/accounts', 'get'>['accounts'][number];
export type AccountSnapshot = Data<'/api/account/{account_id}', 'get'>;
export type Position = AccountSnapshot['positions'][string];
export type Order = Data<'/api/order/{order_id}', 'get'>;
export type Trade = Data<'/api/trades/account/{account_id}', 'get'>[number];
export type OrderBook = Data<'/api/market/orderbook/{instrument_id}', 'get'>;
export type Tick = Data<'/api/market/tick/{instrument_id}', 'get'>;
export type KlineBar = Data<'/api/market/kline/{instrument_id}', 'get'>['klines'][number];
export type SubmitOrderBody = NonNullable<paths['/api/order/submit']['post']['requestBody']>['content']['application/json'];
export type BatchResult = Data<'/api/order/batch', 'post'>;
export type Enrolled = Data<'/api/management/users', 'post'>['users'][number];
export type ConditionalOrder = Data<'/api/order/conditional/list', 'get'>[number];
export type ConditionalBody = NonNullable<paths['/api/order/conditional']['post']['requestBody']>['content']['application/json'];
export type ConditionalStatistics = Data<'/api/order/conditional/statistics', 'get'>;
export type Transfer = Data<'/api/account/{account_id}/transfers', 'get'>[number];
export type Bank = Data<'/api/account/{account_id}/banks', 'get'>[number];
export type EquityPoint = Data<'/api/account/{user_id}/equity-curve', 'get'>['equity_curve'][number];
export type AdminInstrument = Data<'/api/admin/instruments', 'get'>[number];
export type InstrumentCreateBody = NonNullable<paths['/api/admin/instrument/create']['post']['requestBody']>['content']['application/json'];
export type SettlementSummary = Data<'/api/admin/settlement/execute', 'post'>;
export type SettlementDetail = Data<'/api/admin/settlement/detail/{date}', 'get'>;
export type RiskAccount = Data<'/api/management/risk/accounts', 'get'>[number];
export type MarginSummary = Data<'/api/management/risk/margin-summary', 'get'>;
export type Liquidation = Data<'/api/management/risk/liquidations', 'get'>[number];
export type SystemFigures = Data<'/api/monitoring/system', 'get'>;
export type StorageFigures = Data<'/api/monitoring/storage', 'get'>;
export type ManagedAccount = Data<'/api/management/accounts', 'get'>[number];
export type UserDetail = Data<'/api/management/account/{user_id}/detail', 'get'>;
export type UserRecord = Data<'/api/auth/users', 'get'>[number];
export type Transaction = Data<'/api/management/transactions/{user_id}', 'get'>[number];
export type RiskLevel = AccountSummary['risk_level'];
export type LeaderboardEntry = Data<'/api/management/leaderboard', 'get'>[number];
export type StandingsEntry = Data<'/api/competition/leaderboard', 'get'>[number];
export type AccountDay = Data<'/api/account/{account_id}/settlements', 'get'>[number];
export type Statement = Data<'/api/account/{account_id}/settlements/{trading_day}', 'get'>;
export type TradingCalendar = Data<'/api/market/calendar', 'get'>;
export type Holiday = TradingCalendar['holidays'][number];
