import { fromCents } from '../money.ts';
import type { Account } from './account.ts';
import type { Position } from './position.ts';
import type { PositionSide } from './position-side.ts';

/**
 * Read-only views of accounts and positions in the specification's field names and in
 * currency units. Derived fields are computed here from the ledger, so each view satisfies
 * the spec's identities by construction.
 */
export interface AccountFields {
  readonly account_id: string;
  readonly user_id: string;
  readonly currency: string;
  readonly pre_balance: number;
  readonly deposit: number;
  readonly withdraw: number;
  readonly static_balance: number;
  readonly close_profit: number;
  readonly commission: number;
  readonly float_profit: number;
  readonly position_profit: number;
  readonly balance: number;
  readonly margin: number;
  readonly frozen_margin: number;
  readonly frozen_commission: number;
  readonly available: number;
  readonly risk_ratio: number;
  /** Named as in the REST views, where `frozen` is the funds held (balance - available). */
  readonly is_frozen: boolean;
}

export interface PositionFields {
  readonly user_id: string;
  readonly account_id: string;
  readonly exchange_id: string;
  readonly instrument_id: string;
  readonly volume_long: number;
  readonly volume_long_today: number;
  readonly volume_long_his: number;
  readonly volume_long_frozen: number;
  readonly volume_short: number;
  readonly volume_short_today: number;
  readonly volume_short_his: number;
  readonly volume_short_frozen: number;
  readonly open_price_long: number;
  readonly open_price_short: number;
  readonly position_price_long: number;
  readonly position_price_short: number;
  readonly open_cost_long: number;
  readonly open_cost_short: number;
  readonly position_cost_long: number;
  readonly position_cost_short: number;
  readonly float_profit_long: number;
  readonly float_profit_short: number;
  readonly float_profit: number;
  readonly position_profit_long: number;
  readonly position_profit_short: number;
  readonly position_profit: number;
  readonly margin_long: number;
  readonly margin_short: number;
  readonly margin: number;
  readonly last_price: number;
}

export function accountFields(account: Account): AccountFields {
  return {
    account_id: account.accountId,
    user_id: account.userId,
    currency: account.currency,
    pre_balance: fromCents(account.preBalance),
    deposit: fromCents(account.deposit),
    withdraw: fromCents(account.withdraw),
    static_balance: fromCents(account.staticBalance),
    close_profit: fromCents(account.closeProfit),
    commission: fromCents(account.commission),
    float_profit: fromCents(account.floatProfit),
    position_profit: fromCents(account.floatProfit),
    balance: fromCents(account.balance),
    margin: fromCents(account.margin),
    frozen_margin: fromCents(account.frozenMargin),
    frozen_commission: fromCents(account.frozenCommission),
    available: fromCents(account.available),
    risk_ratio: account.riskRatio,
    is_frozen: account.frozen,
  };
}

export function positionFields(position: Position): PositionFields {
  const { long, short, instrument } = position;
  const multiple = instrument.spec.volumeMultiple;
  const price = (cost: number, side: PositionSide): number =>
    side.volume === 0 ? 0 : cost / 100 / (side.volume * multiple);
  // Float profit by the historical open price, for display; position profit (and the
  // account's float profit) is marked against the settlement-reset cost basis.
  const lastValueLong = position.markTicks * instrument.tickValueCents * long.volume;
  const lastValueShort = position.markTicks * instrument.tickValueCents * short.volume;
  const floatLong = lastValueLong - long.openCost;
  const floatShort = short.openCost - lastValueShort;
  return {
    user_id: position.account.userId,
    account_id: position.account.accountId,
    exchange_id: instrument.spec.exchangeId,
    // The position key is `<exchange_id>.<instrument_id>`: the id itself carries no prefix.
    instrument_id: instrument.id.slice(instrument.spec.exchangeId.length + 1),
    volume_long: long.volume,
    volume_long_today: long.todayVolume,
    volume_long_his: long.hisVolume,
    volume_long_frozen: long.frozenToday + long.frozenHis,
    volume_short: short.volume,
    volume_short_today: short.todayVolume,
    volume_short_his: short.hisVolume,
    volume_short_frozen: short.frozenToday + short.frozenHis,
    open_price_long: price(long.openCost, long),
    open_price_short: price(short.openCost, short),
    position_price_long: price(long.positionCost, long),
    position_price_short: price(short.positionCost, short),
    open_cost_long: fromCents(long.openCost),
    open_cost_short: fromCents(short.openCost),
    position_cost_long: fromCents(long.positionCost),
    position_cost_short: fromCents(short.positionCost),
    float_profit_long: fromCents(floatLong),
    float_profit_short: fromCents(floatShort),
    float_profit: fromCents(floatLong + floatShort),
    position_profit_long: fromCents(position.floatProfitLong),
    position_profit_short: fromCents(position.floatProfitShort),
    position_profit: fromCents(position.floatProfit),
    margin_long: fromCents(long.margin),
    margin_short: fromCents(short.margin),
    margin: fromCents(position.margin),
    last_price: instrument.grid.toPrice(position.markTicks),
  };
}
