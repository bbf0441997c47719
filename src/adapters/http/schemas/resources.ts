import { Type } from '@sinclair/typebox';
import { KeyedBy } from './common.ts';
import { StringEnum } from './enums.ts';

/** The spec's resources as JSON schemas: response validation documents and serialises them. */
const Num = Type.Number();
const Int = Type.Integer();
const Str = Type.String();
const Nanos = Type.Number({ description: 'nanoseconds since the epoch' });
const Millis = Type.Integer({ description: 'milliseconds since the epoch' });

export const AccountFieldsSchema = Type.Object({
  account_id: Str,
  user_id: Str,
  currency: Str,
  pre_balance: Num,
  deposit: Num,
  withdraw: Num,
  static_balance: Num,
  close_profit: Num,
  commission: Num,
  float_profit: Num,
  position_profit: Num,
  balance: Num,
  margin: Num,
  frozen_margin: Num,
  frozen_commission: Num,
  available: Num,
  risk_ratio: Num,
});

export const AccountSummarySchema = Type.Object({
  account_id: Str,
  user_id: Str,
  currency: Str,
  balance: Num,
  available: Num,
  withdrawable: Type.Number({
    description: "the most a withdrawal or transfer out can take: available, less what keeps the account's live orders, filled, below the force-close risk ratio",
  }),
  margin: Num,
  frozen_margin: Num,
  frozen: Type.Number({ description: 'balance - available: funds held by margin and live orders' }),
  float_profit: Num,
  risk_ratio: Num,
  // An enum rather than a union of literals: the response serialiser writes an enum as a
  // string, but picks a union's branch by validating the value against each one.
  risk_level: StringEnum(['normal', 'warning', 'force-close']),
  deficit: Type.Number({
    description:
      'what the account owes: -balance when the balance is negative (losses beyond the money put in), else 0; such an account heads the risk list whatever its risk_level',
  }),
  is_frozen: Type.Boolean({ description: 'a frozen account places no orders and withdraws nothing (2005)' }),
  created_at: Millis,
});

export const PositionSchema = Type.Object({
  user_id: Str,
  account_id: Str,
  exchange_id: Str,
  instrument_id: Str,
  volume_long: Int,
  volume_long_today: Int,
  volume_long_his: Int,
  volume_long_frozen: Int,
  volume_short: Int,
  volume_short_today: Int,
  volume_short_his: Int,
  volume_short_frozen: Int,
  open_price_long: Num,
  open_price_short: Num,
  position_price_long: Num,
  position_price_short: Num,
  open_cost_long: Num,
  open_cost_short: Num,
  position_cost_long: Num,
  position_cost_short: Num,
  float_profit_long: Num,
  float_profit_short: Num,
  float_profit: Num,
  position_profit_long: Num,
  position_profit_short: Num,
  position_profit: Num,
  margin_long: Num,
  margin_short: Num,
  margin: Num,
  last_price: Num,
});

export const PositionMapSchema = KeyedBy(PositionSchema, { description: 'keyed <exchange_id>.<instrument_id>' });

export const OrderSchema = Type.Object({
  user_id: Str,
  account_id: Str,
  order_id: Str,
  exchange_id: Str,
  instrument_id: Str,
  direction: Str,
  offset: Str,
  // Numbers, not integers: an order refused for a volume of 1.5 shows the 1.5 it was sent
  // with (an integer schema wrote 1).
  volume_orign: Num,
  volume_left: Num,
  price_type: Str,
  limit_price: Num,
  time_condition: Str,
  volume_condition: Str,
  min_volume: Int,
  valid_until_date: Str,
  insert_date_time: Nanos,
  exchange_order_id: Str,
  status: StringEnum(['ALIVE', 'FINISHED']),
  last_msg: Str,
  exchange_status: Str,
  filled_volume: Int,
  frozen_margin: Num,
  trades: Type.Array(Str),
  update_date_time: Nanos,
});

export const TradeSchema = Type.Object({
  user_id: Str,
  account_id: Str,
  trade_id: Str,
  order_id: Str,
  exchange_id: Str,
  instrument_id: Str,
  exchange_trade_id: Str,
  exchange_order_id: Str,
  direction: Str,
  offset: Str,
  price: Num,
  volume: Int,
  trade_date_time: Nanos,
  commission: Num,
});

export const AccountSnapshotSchema = Type.Composite([
  AccountSummarySchema,
  Type.Object({
    account_cookie: Str,
    accounts: AccountFieldsSchema,
    positions: PositionMapSchema,
    orders: KeyedBy(OrderSchema, { description: 'The newest 1,000 order records and every live order; older ones: GET /api/order/user/{user_id} (paged)' }),
    trades: KeyedBy(TradeSchema, { description: 'The newest 1,000 trades; older ones: GET /api/trades/account/{account_id} (paged)' }),
    orders_total: Type.Integer({ description: 'Order records the account has in all (a modified order is a record more)' }),
    trades_total: Type.Integer({ description: 'Trades the account has in all' }),
  }),
]);

export const UserSchema = Type.Object({
  user_id: Str,
  username: Str,
  role: Str,
  account_ids: Type.Array(Str),
  created_at: Type.String({ description: 'ISO 8601' }),
  password_changed_at: Type.Unsafe<string | null>(Type.String({ nullable: true, description: 'ISO 8601: when the password was last changed or reset; null if never since registration' })),
  password_changed_by: Type.Unsafe<string | null>(
    Type.String({ nullable: true, description: "who changed it: the user's own name, an operator's (\"an operator\" to the user), or \"(exchange start)\" (ADMIN_PASSWORD_RESET); null if never" }),
  ),
});

export const QuoteSchema = Type.Object({
  instrument_id: Str,
  datetime: Type.String({ description: 'YYYY-MM-DD HH:MM:SS.ffffff in the exchange time zone' }),
  last_price: Num,
  highest: Num,
  lowest: Num,
  open: Num,
  close: Num,
  pre_close: Num,
  pre_settlement: Num,
  settlement: Num,
  upper_limit: Num,
  lower_limit: Num,
  bid_price1: Num,
  bid_volume1: Int,
  ask_price1: Num,
  ask_volume1: Int,
  volume: Int,
  amount: Num,
  open_interest: Int,
  pre_open_interest: Int,
});

const BookLevel = Type.Object({ price: Num, volume: Int, order_count: Int });
export const OrderBookSchema = Type.Object({
  instrument_id: Str,
  bids: Type.Array(BookLevel),
  asks: Type.Array(BookLevel),
  timestamp: Millis,
});

export const CandleSchema = Type.Object({
  id: Int,
  datetime: Nanos,
  open: Num,
  high: Num,
  low: Num,
  close: Num,
  volume: Int,
  open_oi: Int,
  close_oi: Int,
});

export const PublicTradeSchema = Type.Object({
  trade_id: Str,
  instrument_id: Str,
  price: Num,
  volume: Int,
  direction: Str,
  datetime: Millis,
  trade_date_time: Nanos,
});

export const InstrumentAdminSchema = Type.Object({
  instrument_id: Str,
  instrument_name: Str,
  instrument_type: Str,
  exchange: Str,
  exchange_id: Str,
  product_id: Str,
  contract_multiplier: Int,
  volume_multiple: Int,
  price_tick: Num,
  margin_rate: Num,
  commission_rate: Num,
  limit_up_rate: Num,
  limit_down_rate: Num,
  scheduled_rates: Type.Union(
    [
      Type.Object({
        at_settlement_of: Type.String({ description: 'YYYY-MM-DD: the settlement of that trading day applies the rates' }),
        margin_rate: Type.Optional(Num),
        commission_rate: Type.Optional(Num),
        limit_up_rate: Type.Optional(Num),
        limit_down_rate: Type.Optional(Num),
      }),
      Type.Null(),
    ],
    { description: 'Rates announced for a coming settlement (as exchanges raise margins before a holiday); null: none' },
  ),
  pre_settlement: Num,
  settlement_price: Type.Union([Num, Type.Null()], {
    description: "The price set for the coming settlement (set-price); null: it settles at the day's volume-weighted average, else the last price",
  }),
  upper_limit: Num,
  lower_limit: Num,
  list_date: Str,
  expire_date: Str,
  status: Type.String({ description: 'active, suspended or delisted' }),
  trading_status: Type.String({ description: 'TRADING, SUSPENDED or DELISTED' }),
  created_at: Str,
  updated_at: Str,
});

export const ConditionalSchema = Type.Object({
  conditional_order_id: Str,
  account_id: Str,
  user_id: Str,
  instrument_id: Str,
  direction: Str,
  offset: Str,
  volume: Int,
  order_type: Str,
  limit_price: Type.Union([Num, Type.Null()]),
  condition_type: Str,
  trigger_price: Num,
  trigger_condition: Str,
  valid_until: Type.Union([Millis, Type.Null()]),
  status: Str,
  created_at: Millis,
  updated_at: Millis,
  order_id: Str,
  reason: Str,
});

export const TransferSchema = Type.Object({
  id: Str,
  transfer_id: Str,
  account_id: Str,
  datetime: Millis,
  currency: Str,
  amount: Num,
  error_id: Int,
  error_msg: Str,
  bank_id: Str,
  bank_name: Str,
});

export const BankSchema = Type.Object({ id: Str, name: Str });

export const SettlementSummarySchema = Type.Object({
  settlement_date: Str,
  next_trading_day: Str,
  total_accounts: Int,
  settled_accounts: Int,
  failed_accounts: Type.Integer({ description: 'Accounts that needed a forced liquidation which left positions open: carried into the next day still at risk' }),
  failed_account_ids: Type.Array(Str, { description: 'The failed accounts, by id (the detail marks their lines force_close_failed)' }),
  force_closed_accounts: Type.Array(Str, { description: 'Accounts whose positions forced liquidation at this settlement closed completely' }),
  total_commission: Num,
  total_profit: Type.Number({
    description:
      "Every account's close and position profit of the day, summed. Futures trading is zero-sum between accounts (both sides of a trade are marked at the same prices), so this is 0 up to cent rounding: a check, not a result; each account's profit is in the detail",
  }),
  executed_at: Millis,
});

/** An account's money as a settlement left it (its line of the settlement). */
const SettledMoneySchema = Type.Object({
  pre_balance: Num,
  deposit: Num,
  withdraw: Num,
  close_profit: Num,
  position_profit: Num,
  commission: Num,
  balance: Num,
  margin: Num,
  available: Num,
  risk_ratio: Num,
  force_closed: Type.Boolean({ description: 'Forced liquidation at this settlement closed every position' }),
  force_close_failed: Type.Boolean({ description: 'Forced liquidation at this settlement left positions open (nothing to close against, a suspended instrument)' }),
});

export const AccountSettlementSchema = Type.Composite([Type.Object({ account_id: Str, user_id: Str }), SettledMoneySchema]);

export const SettlementDetailSchema = Type.Composite([
  SettlementSummarySchema,
  Type.Object({
    instruments: Type.Array(
      Type.Object({ instrument_id: Str, settlement_price: Num, source: Str, pre_settlement: Num }),
    ),
    account_lines: Type.Integer({ description: 'Account lines the search finds (every account without one), before paging' }),
    accounts: Type.Array(AccountSettlementSchema, { description: 'In the order they were settled; one page of them with limit and offset' }),
  }),
]);

/** A settled day of one account (its line of that settlement). */
export const AccountDaySchema = Type.Composite([
  Type.Object({
    account_id: Str,
    trading_day: Type.String({ description: 'The day settled, YYYY-MM-DD' }),
    next_trading_day: Str,
    settled_at: Millis,
    currency: Str,
  }),
  SettledMoneySchema,
  Type.Object({
    trade_count: Type.Integer({ description: "The day's trades of the account" }),
    liquidation_ids: Type.Array(Str, {
      description: "The day's forced liquidations of the account, during trading and at the settlement (force_closed says only whether the settlement's closed every position)",
    }),
  }),
]);

export const SettledPositionSchema = Type.Object({
  instrument_id: Str,
  volume_long: Int,
  volume_long_today: Type.Integer({ description: 'Of the long lots, those opened on the day' }),
  volume_short: Int,
  volume_short_today: Int,
  settlement_price: Num,
  position_profit: Type.Number({ description: "The day's mark-to-market of these lots" }),
  margin: Num,
});

/** A forced liquidation: what triggered it, the risk before and after, and each order it placed. */
export const LiquidationSchema = Type.Object({
  liquidation_id: Str,
  account_id: Str,
  user_id: Str,
  trigger: Type.String({ description: "risk (the account reached the force-close threshold while trading), settlement (it did at the day's settlement) or admin (forced by an administrator)" }),
  datetime: Millis,
  risk_ratio_before: Num,
  risk_ratio_after: Num,
  cancelled_orders: Int,
  cancelled_conditional_orders: Type.Integer({ description: "The account's pending conditional orders it cancelled" }),
  result: Type.String({ description: 'complete (every position closed), partial or none' }),
  orders: Type.Array(
    Type.Object({
      order_id: Str,
      instrument_id: Str,
      direction: Str,
      offset: Str,
      volume: Int,
      filled: Int,
      average_price: Num,
      refusal: Str,
    }),
  ),
});

/** A day's settlement statement of an account: its money, what it held, and the day's trades. */
export const StatementSchema = Type.Composite([
  AccountDaySchema,
  Type.Object({
    positions: Type.Array(SettledPositionSchema, { description: 'Held at the settlement price (empty for days settled before 2026-11-25, which did not record them)' }),
    closed_at_delisting: Type.Array(
      Type.Object({ instrument_id: Str, volume_long: Int, volume_short: Int, settlement_price: Num, close_profit: Type.Number({ description: 'Part of close_profit' }) }),
      { description: 'Lots of delisted instruments the settlement closed at the settlement price: their profit is in close_profit, with no trade' },
    ),
    liquidations: Type.Array(LiquidationSchema, { description: "The day's forced liquidations of the account, oldest first" }),
    trades: Type.Array(TradeSchema, { description: "The day's trades, oldest first: one page of trade_count (limit, offset)" }),
  }),
]);

export const EquityPointSchema = Type.Object({ timestamp: Millis, equity: Num });

export const FundsMovementSchema = Type.Object({
  account_id: Str,
  kind: Type.String({ description: 'open (the opening balance), deposit, withdraw, transfer-in or transfer-out' }),
  amount: Type.Number({ description: 'the money moved, never negative: kind tells which way' }),
  change: Type.Number({ description: "its effect on the account's balance: amount, negative for withdraw and transfer-out (the rows sum to the net money put in)" }),
  datetime: Millis,
});

export const PublicLeaderboardEntrySchema = Type.Object({
  rank: Type.Integer({ minimum: 1, description: 'accounts level on the ranking metric share a rank (1, 2, 2, 4); frozen accounts are not ranked' }),
  username: Str,
  account_id: Str,
  value: Type.Union([Num, Type.Null()], {
    description:
      'the ranking\'s figure alone: profit in yuan (sort_by=profit: equity less the money put in), or the return ratio (sort_by=return: profit over the most money ever put in, 6 decimals; null when nothing was ever put in). Not both: together they would tell each participant\'s capital',
  }),
  trades: Type.Integer({ minimum: 0, description: 'fills the account took part in' }),
  is_own: Type.Boolean({ description: "the account is the caller's own" }),
});

export const LeaderboardEntrySchema = Type.Object({
  rank: Type.Integer({ minimum: 1, description: 'accounts level on the ranking metric share a rank (1, 2, 2, 4)' }),
  account_id: Str,
  user_id: Str,
  username: Str,
  balance: Type.Number({ description: 'equity: positions marked at the last price' }),
  net_deposits: Type.Number({ description: 'money put in: opening balance, deposits and transfers in, less withdrawals and transfers out' }),
  capital: Type.Number({ description: 'the most money ever put in (net_deposits at its highest): the base of the return, which a withdrawal does not shrink' }),
  profit: Type.Number({ description: 'balance - net_deposits' }),
  return_ratio: Type.Union([Num, Type.Null()], { description: 'profit / capital (rounded to 6 decimals; ranks use the exact ratio); null when nothing was ever put in' }),
  trades: Type.Integer({ minimum: 0, description: 'fills the account took part in' }),
  risk_level: StringEnum(['normal', 'warning', 'force-close']),
  is_frozen: Type.Boolean({ description: 'a frozen account places no orders (an operator may freeze one to take it out of a competition)' }),
});
