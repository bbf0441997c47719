import { type ExchangeConfig, validateInstrumentsFile } from '../../../config/index.ts';
import { type InstrumentSpec, ResultCode } from '../../../core/index.ts';
import { ApiError } from '../../../protocol/index.ts';

/** The create body: the spec's admin form or its configuration form (both listed by the spec). */
export interface InstrumentForm {
  readonly instrument_id: string;
  readonly exchange_id?: string | undefined;
  readonly exchange?: string | undefined;
  readonly product_id?: string | undefined;
  readonly instrument_name?: string | undefined;
  readonly instrument_type?: string | undefined;
  readonly price_tick: number;
  readonly volume_multiple?: number | undefined;
  readonly contract_multiplier?: number | undefined;
  readonly margin_ratio?: number | undefined;
  readonly margin_rate?: number | undefined;
  readonly commission?: number | undefined;
  readonly commission_rate?: number | undefined;
  readonly limit_up_rate?: number | undefined;
  readonly limit_down_rate?: number | undefined;
  readonly pre_settlement?: number | undefined;
  readonly list_date?: string | undefined;
  readonly expire_date?: string | undefined;
}

/**
 * Maps either form onto one instruments.toml entry and validates it with the same rules
 * as the configuration file, so an instrument registered at run time meets exactly the
 * checks of one configured at start.
 */
export function instrumentSpecFromForm(form: InstrumentForm, config: ExchangeConfig): InstrumentSpec {
  const dot = form.instrument_id.indexOf('.');
  const prefix = dot > 0 ? form.instrument_id.slice(0, dot) : undefined;
  const named = either(form, 'exchange_id', 'exchange');
  if (named !== undefined && prefix !== undefined && prefix !== named) {
    throw new ApiError(ResultCode.ParameterError, `body.instrument_id ${JSON.stringify(form.instrument_id)} has the exchange prefix ${prefix}, but body.exchange_id (or exchange) is ${JSON.stringify(named)}`);
  }
  const exchangeId = named ?? prefix;
  if (exchangeId === undefined) throw new ApiError(ResultCode.ParameterError, 'body.exchange_id (or exchange) is required when instrument_id has no exchange prefix');
  const fullId = form.instrument_id.startsWith(`${exchangeId}.`) ? form.instrument_id : `${exchangeId}.${form.instrument_id}`;
  const code = fullId.slice(exchangeId.length + 1);
  const volumeMultiple = either(form, 'volume_multiple', 'contract_multiplier');
  if (volumeMultiple === undefined) throw new ApiError(ResultCode.ParameterError, 'body.volume_multiple (or contract_multiplier) is required');
  const entry: Record<string, unknown> = {
    instrument_id: fullId,
    exchange_id: exchangeId,
    product_id: form.product_id ?? /^[A-Za-z]+/.exec(code)?.[0]?.toLowerCase() ?? code.toLowerCase(),
    price_tick: form.price_tick,
    volume_multiple: volumeMultiple,
    margin_ratio: either(form, 'margin_ratio', 'margin_rate') ?? config.risk.marginRatio,
    commission: either(form, 'commission', 'commission_rate') ?? 0,
  };
  const optional = {
    instrument_name: form.instrument_name,
    instrument_type: form.instrument_type,
    limit_up_rate: form.limit_up_rate,
    limit_down_rate: form.limit_down_rate,
    pre_settlement: form.pre_settlement,
    list_date: form.list_date,
    expire_date: form.expire_date,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) entry[key] = value;
  const { instruments, issues } = validateInstrumentsFile({ instruments: [entry] }, 'body');
  const first = issues[0];
  if (first !== undefined) {
    const field = first.where.replace(/^instruments\[0\]\.?/, '');
    // The name the caller sent: the admin form's contract_multiplier, not the file's volume_multiple.
    const named = ALIASES.find(([name, alias]) => name === field && form[name] === undefined && form[alias] !== undefined)?.[1] ?? field;
    throw new ApiError(ResultCode.ParameterError, `body${named === '' ? '' : `.${named}`} ${first.problem}`);
  }
  const spec = instruments[0];
  if (spec === undefined) throw new ApiError(ResultCode.ParameterError, 'body is not a valid instrument');
  return spec;
}

/** The fields with two names: the configuration form's, then the admin form's. */
const ALIASES = [
  ['exchange_id', 'exchange'],
  ['volume_multiple', 'contract_multiplier'],
  ['margin_ratio', 'margin_rate'],
  ['commission', 'commission_rate'],
] as const satisfies readonly (readonly [keyof InstrumentForm, keyof InstrumentForm])[];

/** A field that has two names (one per form): either may be given, both only if they agree. */
function either<K extends keyof InstrumentForm>(form: InstrumentForm, name: K, alias: keyof InstrumentForm): InstrumentForm[K] {
  const value = form[name];
  const other = form[alias];
  if (value !== undefined && other !== undefined && value !== other) {
    throw new ApiError(ResultCode.ParameterError, `body.${name} ${JSON.stringify(value)} and body.${alias} ${JSON.stringify(other)} differ: give one of them`);
  }
  return value ?? (other as InstrumentForm[K]);
}

/**
 * What GET /api/admin/instruments shows besides the form's own fields: derived from them
 * (limits), or the exchange's (status, times, the price set for the coming settlement,
 * which set-price changes). A record posted back to create or update
 * carries them; they are ignored, as the spec's admin form lists status and the times,
 * except the status at create (startsSuspended).
 */
export const DERIVED_VIEW_FIELDS = ['upper_limit', 'lower_limit', 'settlement_price', 'scheduled_rates', 'status', 'trading_status', 'created_at', 'updated_at'] as const;

const TRADING_TEXTS = new Set(['TRADING', 'active']);
const SUSPENDED_TEXTS = new Set(['SUSPENDED', 'suspended']);

/**
 * Whether a created instrument starts suspended. The spec's configuration form carries a
 * status, TRADING or SUSPENDED; a record of the admin view posted back carries `status`
 * (active, suspended) and `trading_status` (TRADING, SUSPENDED). Either is taken; they
 * must agree, and an instrument cannot be created delisted.
 */
export function startsSuspended(body: { readonly status?: unknown; readonly trading_status?: unknown }): boolean {
  let suspended: boolean | undefined;
  for (const field of ['status', 'trading_status'] as const) {
    const text = body[field];
    if (text === undefined) continue;
    const says = typeof text === 'string' && SUSPENDED_TEXTS.has(text) ? true : typeof text === 'string' && TRADING_TEXTS.has(text) ? false : undefined;
    if (says === undefined) {
      throw new ApiError(ResultCode.ParameterError, `body.${field} ${JSON.stringify(text)}: an instrument is created TRADING or SUSPENDED (or the view's active / suspended)`);
    }
    if (suspended !== undefined && suspended !== says) throw new ApiError(ResultCode.ParameterError, 'body.status and body.trading_status differ: give one of them');
    suspended = says;
  }
  return suspended ?? false;
}

/** The fields of the admin view an update cannot change: accepted only as they are now. */
export const FIXED_VIEW_FIELDS = [
  'instrument_id',
  'instrument_name',
  'instrument_type',
  'exchange',
  'exchange_id',
  'product_id',
  'contract_multiplier',
  'volume_multiple',
  'price_tick',
  'pre_settlement',
  'list_date',
  'expire_date',
] as const;

/** Refuses an update whose body changes a field only create sets (a record posted back with it edited). */
export function refuseFixedChanges(body: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>>): void {
  for (const field of FIXED_VIEW_FIELDS) {
    const sent = body[field];
    if (sent === undefined || sent === current[field]) continue;
    throw new ApiError(
      ResultCode.ParameterError,
      `body.${field} cannot be changed by an update (it is ${JSON.stringify(current[field])}); update changes margin_rate, commission_rate, limit_up_rate and limit_down_rate`,
    );
  }
}
