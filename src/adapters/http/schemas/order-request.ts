import { Type } from '@sinclair/typebox';
import { DIRECTIONS, OFFSETS, PRICE_TYPES, StringEnum, TIME_CONDITIONS, VOLUME_CONDITIONS } from './enums.ts';

/** An optional user or account id in a body or query (owner checks decide what it may name). */
export const OptionalId = Type.Optional(Type.String({ maxLength: 64 }));
const Price = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

/** The order fields shared by submit and batch items (aliases included). */
export const OrderFields = {
  // Any text, as the spec has it ("chosen by the user (any string)") and DIFF takes it;
  // empty or absent: the exchange generates one.
  order_id: Type.Optional(Type.String({ maxLength: 64, description: 'any text up to 64 characters; generated when empty or absent' })),
  exchange_id: Type.Optional(Type.String({ maxLength: 16 })),
  instrument_id: Type.String({ minLength: 1, maxLength: 64, description: 'with or without the exchange prefix' }),
  direction: StringEnum(DIRECTIONS),
  offset: StringEnum(OFFSETS),
  volume: Type.Number({ description: 'lots, a whole number >= 1 (else 3007)' }),
  price_type: Type.Optional(StringEnum(PRICE_TYPES)),
  order_type: Type.Optional(StringEnum(PRICE_TYPES, { description: 'alias of price_type' })),
  price: Price,
  limit_price: { ...Price, description: 'alias of price' },
  time_condition: Type.Optional(StringEnum(TIME_CONDITIONS, { default: 'GFD' })),
  volume_condition: Type.Optional(StringEnum(VOLUME_CONDITIONS, { default: 'ANY' })),
  min_volume: Type.Optional(Type.Integer({ minimum: 1, description: 'with volume_condition MIN' })),
  valid_until_date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'with time_condition GTD' })),
};

/** The body of POST /api/order/submit. */
export const SubmitBody = Type.Object({ user_id: OptionalId, account_id: OptionalId, ...OrderFields });
