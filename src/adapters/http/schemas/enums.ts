import { type TUnsafe, Type } from '@sinclair/typebox';

/**
 * A string from a fixed list, as a JSON-schema `enum` (one clear message, "must be one of
 * [...]", and one line in the OpenAPI document; a union of literals would give neither).
 */
export function StringEnum<T extends string>(values: readonly T[], options: { description?: string; default?: T } = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

export const DIRECTIONS = ['BUY', 'SELL'] as const;
export const OFFSETS = ['OPEN', 'CLOSE', 'CLOSETODAY', 'CLOSEYESTERDAY', 'CLOSE_TODAY', 'CLOSE_YESTERDAY'] as const;
export const PRICE_TYPES = ['LIMIT', 'MARKET', 'ANY'] as const;
export const TIME_CONDITIONS = ['IOC', 'GFS', 'GFD', 'GTD', 'GTC', 'GFA'] as const;
export const VOLUME_CONDITIONS = ['ANY', 'MIN', 'ALL'] as const;
