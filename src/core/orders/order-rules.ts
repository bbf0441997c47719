import type { Account } from '../accounts/account.ts';
import type { PlaceOrder } from '../commands.ts';
import { notListedYet } from '../instruments/contract-dates.ts';
import type { Instrument } from '../instruments/instrument.ts';
import { priceGridProblem } from '../instruments/price-grid.ts';
import { isCalendarDay } from '../calendar/dates.ts';
import { lotValueProblem } from '../money.ts';
import { ResultCode } from '../result-codes.ts';

/**
 * Checks shared by placing and modifying an order. Each returns '' when the value is
 * acceptable, or the sentence that says what is wrong (the code goes with the rule).
 */

/** Upper bound of one order's volume: keeps every volume sum an exact integer. */
export const MAX_ORDER_VOLUME = 1_000_000;

export interface Verdict {
  readonly code: ResultCode;
  readonly message: string;
}

export const ACCEPTABLE: Verdict = { code: ResultCode.Success, message: '' };

export function checkVolume(volume: number): Verdict {
  if (Number.isInteger(volume) && volume > 0 && volume <= MAX_ORDER_VOLUME) return ACCEPTABLE;
  return {
    code: ResultCode.InvalidVolume,
    message: `volume must be a whole number from 1 to ${MAX_ORDER_VOLUME}, got ${String(volume)}`,
  };
}

/** Returns the price in ticks, or a verdict explaining why the price is refused. */
export function limitPriceTicks(instrument: Instrument, price: number): number | Verdict {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) {
    return { code: ResultCode.ParameterError, message: `price must be a positive number, got ${String(price)}` };
  }
  const ticks = instrument.grid.toTicks(price);
  if (Number.isNaN(ticks)) {
    // A price too high to count in ticks (1e308) is too high, whatever its grid.
    const tooHigh = lotValueProblem('price', price, price / instrument.spec.priceTick, instrument.tickValueCents);
    if (tooHigh !== '') return { code: ResultCode.PriceOutOfLimits, message: tooHigh };
    return { code: ResultCode.ParameterError, message: priceGridProblem('price', price, ticks, instrument) };
  }
  const tooHigh = lotValueProblem('price', price, ticks, instrument.tickValueCents);
  if (tooHigh !== '') return { code: ResultCode.PriceOutOfLimits, message: tooHigh };
  if (!instrument.withinLimits(ticks)) {
    const grid = instrument.grid;
    return {
      code: ResultCode.PriceOutOfLimits,
      message: `price ${price} is beyond the price limits of ${instrument.id}: ${grid.toPrice(instrument.lowerLimitTicks)} to ${grid.toPrice(instrument.upperLimitTicks)}`,
    };
  }
  return ticks;
}

const TERMS: readonly (readonly [keyof PlaceOrder, readonly string[]])[] = [
  ['direction', ['BUY', 'SELL']],
  ['offset', ['OPEN', 'CLOSE', 'CLOSETODAY', 'CLOSEYESTERDAY']],
  ['priceType', ['LIMIT', 'MARKET', 'ANY']],
  ['timeCondition', ['IOC', 'GFS', 'GFD', 'GTD', 'GTC', 'GFA']],
  ['volumeCondition', ['ANY', 'MIN', 'ALL']],
];

/**
 * The order's enumerated terms are ones the core knows. The adapters check them too; the
 * core does not rely on that, since an unknown offset would otherwise pass for a close.
 */
export function checkTerms(command: PlaceOrder): Verdict {
  for (const [field, allowed] of TERMS) {
    const value = command[field];
    if (typeof value !== 'string' || !allowed.includes(value)) {
      return { code: ResultCode.ParameterError, message: `${field} must be one of ${allowed.join(', ')}; got ${typeof value === 'string' ? JSON.stringify(value) : typeof value}` };
    }
  }
  return ACCEPTABLE;
}

export function checkTradable(instrument: Instrument | undefined, instrumentId: string, tradingDay: string): Verdict {
  if (instrument === undefined || instrument.status === 'DELISTED') {
    const why = instrument === undefined ? '' : ' (delisted)';
    return { code: ResultCode.InstrumentNotFound, message: `instrument not found: ${instrumentId}${why}` };
  }
  if (instrument.status === 'SUSPENDED') {
    return { code: ResultCode.InstrumentSuspended, message: `instrument ${instrumentId} is suspended` };
  }
  const early = notListedYet(instrument.spec, tradingDay);
  if (early !== '') return { code: ResultCode.InstrumentSuspended, message: early };
  return ACCEPTABLE;
}



export function isTradingDay(value: unknown): value is string {
  return isCalendarDay(value);
}

/** Orders are taken while the market is open (always, unless sessions are scheduled). */
export function checkMarketOpen(marketClosed: string): Verdict {
  if (marketClosed === '') return ACCEPTABLE;
  return { code: ResultCode.InstrumentSuspended, message: `the market is closed: ${marketClosed}` };
}

export function checkAccount(account: Account | undefined, accountId: string): Verdict {
  if (account === undefined) {
    return { code: ResultCode.AccountNotFound, message: `account not found: ${accountId}` };
  }
  if (account.frozen) return { code: ResultCode.AccountFrozen, message: `account ${accountId} is frozen` };
  return ACCEPTABLE;
}
