import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * The client messages of the DIFF protocol (spec, "Client messages"), as JSON schemas.
 * Extra fields are allowed (clients send more than the spec lists); the listed ones must
 * have the right types.
 */
const Str = (max = 64) => Type.String({ maxLength: max });
const OptStr = (max = 64) => Type.Optional(Type.String({ maxLength: max }));
/**
 * A finite number: JSON text such as 1e999 decodes to Infinity, which would be sent back
 * as null (deleting the field on the client) or poison arithmetic.
 */
const Num = (options: { minimum?: number } = {}) => Type.Number({ minimum: -Number.MAX_VALUE, maximum: Number.MAX_VALUE, ...options });
const OptNum = Type.Optional(Num());

export const CLIENT_MESSAGES = {
  peek_message: Type.Object({}),
  ping: Type.Object({}),
  req_login: Type.Object({ bid: OptStr(), user_name: Str(), password: Str(128), account_id: OptStr() }),
  subscribe_quote: Type.Object({ ins_list: Str(4096) }),
  subscribe: Type.Object({ channels: Type.Array(Type.String({ enum: ['trade', 'account', 'position', 'order'] }), { maxItems: 4 }) }),
  insert_order: Type.Object({
    user_id: OptStr(),
    account_id: OptStr(),
    order_id: OptStr(),
    exchange_id: OptStr(16),
    instrument_id: Str(),
    direction: Str(8),
    offset: Str(16),
    volume: Num(),
    price_type: OptStr(16),
    limit_price: Type.Optional(Type.Union([Num(), Type.Null()])),
    volume_condition: OptStr(8),
    time_condition: OptStr(8),
    min_volume: OptNum,
    valid_until_date: OptStr(10),
  }),
  cancel_order: Type.Object({ user_id: OptStr(), account_id: OptStr(), order_id: Str() }),
  set_chart: Type.Object({
    chart_id: Str(),
    ins_list: Str(1024),
    duration: Num({ minimum: 0 }),
    // 0 only with an empty ins_list (a removal, as clients send it); see setChart.
    view_width: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    left_kline_id: OptNum,
    focus_datetime: OptNum,
    focus_position: Type.Optional(Num({ minimum: 0 })),
    // A chart by trading day (trading-day-chart.ts): a day in ns (0: the day being traded), and how many, in ns of a day.
    trading_day_start: Type.Optional(Num({ minimum: 0 })),
    trading_day_count: Type.Optional(Num({ minimum: 0 })),
  }),
  // Broker gateways' settlement messages (settlement-handlers.ts); the date as tqsdk-js
  // sends it (a number, 20261124) or as text.
  qry_settlement_info: Type.Object({ trading_day: Type.Union([Type.Integer({ minimum: 0, maximum: 99_999_999 }), Type.String({ maxLength: 10 })]) }),
  confirm_settlement: Type.Object({}),
  // DIFF's bank transfer (transfer-handler.ts); the amount as a number or, as DIFF's own
  // documentation shows it, as text.
  req_transfer: Type.Object({
    bank_id: Str(32),
    bank_password: Type.String({ minLength: 1, maxLength: 128 }),
    future_account: OptStr(),
    future_password: Type.String({ minLength: 1, maxLength: 128 }),
    currency: OptStr(8),
    amount: Type.Union([Num(), Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$', maxLength: 24 })]),
  }),
  qry_account_info: Type.Object({}),
  qry_account_register: Type.Object({}),
} satisfies Record<string, TSchema>;

export type ClientAid = keyof typeof CLIENT_MESSAGES;
export type ClientMessage<A extends ClientAid> = Static<(typeof CLIENT_MESSAGES)[A]>;

const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false });
const validators = new Map<string, ValidateFunction>(
  Object.entries(CLIENT_MESSAGES).map(([aid, schema]) => [aid, ajv.compile(schema as object)]),
);

export type Parsed = { readonly aid: ClientAid; readonly message: Record<string, unknown> } | { readonly problem: string };

/** Checks one decoded message: a known aid and fields of the right types. */
export function checkMessage(value: unknown): Parsed {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'a message must be a JSON object with an "aid"' };
  const aid = (value as { aid?: unknown }).aid;
  if (typeof aid !== 'string') return { problem: 'the message has no "aid"' };
  const validate = validators.get(aid);
  if (validate === undefined) return { problem: `unknown aid "${aid.slice(0, 40)}"` };
  if (!validate(value)) return { problem: `${aid}: ${describe(validate.errors?.[0])}` };
  return { aid: aid as ClientAid, message: value as Record<string, unknown> };
}

function describe(error: ErrorObject | null | undefined): string {
  if (error === undefined || error === null) return 'not valid';
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') return `${String((error.params as { missingProperty?: string }).missingProperty)} is required`;
  const limit = (error.params as { limit?: unknown }).limit;
  if (Math.abs(Number(limit)) === Number.MAX_VALUE) return `${field} must be a finite number`;
  return `${field === '' ? 'message' : field} ${error.message ?? 'is not valid'}`;
}
