/**
 * instruments.toml: the schema of one `[[instruments]]` entry, the cross-field rules
 * (id prefix, tick grid, duplicates, dates) and the mapping to the core's InstrumentSpec.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { EXCHANGE_IDS, type InstrumentSpec } from '../core/instruments/instrument-spec.ts';
import { CheckedFields } from './checked-fields.ts';
import type { ConfigIssue } from './config-error.ts';
import { schemaIssues } from './schema-issues.ts';

/** Defaults of the optional keys; the seven keys of the spec have none. */
export const INSTRUMENT_DEFAULTS = {
  instrumentType: 'FUTURE',
  limitRate: 0.1,
  /** 0 = no reference price yet, so no price limits until the first settlement. */
  preSettlement: 0,
  date: '',
} as const;

const ratio = (expect: string, bounds: { exclusiveMinimum?: number; minimum?: number; maximum?: number; exclusiveMaximum?: number }) =>
  Type.Number({ ...bounds, expect });
const date = () => Type.String({ pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$', expect: 'a date "YYYY-MM-DD" or ""' });

const InstrumentEntrySchema = Type.Object(
  {
    instrument_id: Type.String({ pattern: '^\\S+$', expect: 'an id with exchange prefix such as "SHFE.cu2601"' }),
    exchange_id: Type.Union(
      EXCHANGE_IDS.map((id) => Type.Literal(id)),
      { expect: `one of ${EXCHANGE_IDS.join(', ')} (upper case)` },
    ),
    product_id: Type.String({ pattern: '^[a-z][a-z0-9]*$', expect: 'a lower-case product code such as "cu"' }),
    instrument_name: Type.Optional(Type.String({ minLength: 1, expect: 'a non-empty string' })),
    instrument_type: Type.Optional(Type.String({ minLength: 1, expect: 'a non-empty string such as "FUTURE"' })),
    price_tick: ratio('a number > 0', { exclusiveMinimum: 0 }),
    volume_multiple: Type.Integer({ minimum: 1, expect: 'a positive integer' }),
    margin_ratio: ratio('a number in (0, 1]', { exclusiveMinimum: 0, maximum: 1 }),
    commission: ratio('a number >= 0 and < 1 (rate of notional)', { minimum: 0, exclusiveMaximum: 1 }),
    limit_up_rate: Type.Optional(ratio('a number in (0, 1)', { exclusiveMinimum: 0, exclusiveMaximum: 1 })),
    limit_down_rate: Type.Optional(ratio('a number in (0, 1)', { exclusiveMinimum: 0, exclusiveMaximum: 1 })),
    pre_settlement: Type.Optional(ratio('a number >= 0', { minimum: 0 })),
    list_date: Type.Optional(date()),
    expire_date: Type.Optional(date()),
  },
  { additionalProperties: false, expect: 'a table' },
);

const InstrumentsFileSchema = Type.Object(
  { instruments: Type.Optional(Type.Array(InstrumentEntrySchema, { expect: 'an array of tables, written [[instruments]]' })) },
  { additionalProperties: false, expect: 'a table' },
);

type InstrumentEntry = Static<typeof InstrumentEntrySchema>;

export interface InstrumentsFileResult {
  /** In file order; complete only when there are no issues. */
  readonly instruments: readonly InstrumentSpec[];
  readonly issues: readonly ConfigIssue[];
}

/** Validates a parsed instruments.toml; `source` is its path, used in issues. */
export function validateInstrumentsFile(raw: Record<string, unknown>, source: string): InstrumentsFileResult {
  const issues = schemaIssues(InstrumentsFileSchema, raw, source);
  const entries = raw['instruments'];
  if (!Array.isArray(entries)) return { instruments: [], issues };

  const instruments: InstrumentSpec[] = [];
  const firstIndexById = new Map<string, number>();
  entries.forEach((entry: unknown, index) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return; // reported by the schema
    const fields = new CheckedFields(entry as Record<string, unknown>, `instruments[${index}]`, issues);
    const entryIssues = crossFieldIssues(fields, source);

    const id = fields.string('instrument_id');
    if (id !== undefined) {
      const first = firstIndexById.get(id);
      if (first === undefined) firstIndexById.set(id, index);
      else entryIssues.push({ source, where: fields.path('instrument_id'), problem: `duplicate id ${JSON.stringify(id)}, first defined at instruments[${first}]` });
    }
    issues.push(...entryIssues);
    if (entryIssues.length === 0 && Value.Check(InstrumentEntrySchema, entry)) instruments.push(toInstrumentSpec(entry));
  });
  return { instruments, issues };
}

function crossFieldIssues(fields: CheckedFields, source: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const problem = (key: string, text: string) => issues.push({ source, where: fields.path(key), problem: text });

  const id = fields.string('instrument_id');
  const exchange = fields.string('exchange_id');
  const product = fields.string('product_id');
  if (id !== undefined && exchange !== undefined) {
    const prefix = `${exchange}.`;
    if (!id.startsWith(prefix) || id.length === prefix.length) {
      problem('instrument_id', `must start with the exchange prefix "${prefix}" followed by the contract code, got ${JSON.stringify(id)}`);
    } else if (product !== undefined && exchange !== 'USER' && !productMatches(id.slice(prefix.length), product)) {
      // Catches copy-paste slips such as DCE.m2601 with product_id "i". USER combinations have free-form ids.
      problem('product_id', `${JSON.stringify(product)} does not match the contract code of ${JSON.stringify(id)} (expected the code to start with the product followed by the delivery month)`);
    }
  }

  const tick = fields.number('price_tick');
  const pre = fields.number('pre_settlement');
  if (tick !== undefined && tick > 0 && pre !== undefined && pre > 0 && !isOnTickGrid(pre, tick)) {
    const below = roundPrice(Math.floor(pre / tick) * tick);
    problem('pre_settlement', `must be a multiple of price_tick ${tick}, got ${pre} (nearest: ${below} or ${roundPrice(below + tick)})`);
  }

  const listDate = fields.string('list_date');
  const expireDate = fields.string('expire_date');
  for (const [key, value] of [['list_date', listDate], ['expire_date', expireDate]] as const) {
    if (value !== undefined && value !== '' && !isCalendarDate(value)) problem(key, `is not a calendar date, got ${JSON.stringify(value)}`);
  }
  if (listDate && expireDate && isCalendarDate(listDate) && isCalendarDate(expireDate) && listDate > expireDate) {
    problem('expire_date', `must not be before list_date (${listDate}), got ${JSON.stringify(expireDate)}`);
  }
  return issues;
}

function toInstrumentSpec(e: InstrumentEntry): InstrumentSpec {
  return {
    instrumentId: e.instrument_id,
    exchangeId: e.exchange_id,
    productId: e.product_id,
    instrumentName: e.instrument_name ?? e.instrument_id,
    instrumentType: e.instrument_type ?? INSTRUMENT_DEFAULTS.instrumentType,
    priceTick: e.price_tick,
    volumeMultiple: e.volume_multiple,
    marginRatio: e.margin_ratio,
    commissionRate: e.commission,
    limitUpRate: e.limit_up_rate ?? INSTRUMENT_DEFAULTS.limitRate,
    limitDownRate: e.limit_down_rate ?? INSTRUMENT_DEFAULTS.limitRate,
    preSettlement: e.pre_settlement ?? INSTRUMENT_DEFAULTS.preSettlement,
    listDate: e.list_date ?? INSTRUMENT_DEFAULTS.date,
    expireDate: e.expire_date ?? INSTRUMENT_DEFAULTS.date,
  };
}

/** `cu2601` for product `cu`, `SR601` for product `sr`: the product, then a digit. */
function productMatches(code: string, product: string): boolean {
  const lower = code.toLowerCase();
  return lower.startsWith(product) && /^[0-9]/.test(lower.slice(product.length));
}

/**
 * The core converts prices to integer ticks; a reference price between ticks would
 * round silently there. Relative tolerance absorbs binary noise such as 108.2 / 0.005.
 */
export function isOnTickGrid(price: number, tick: number): boolean {
  const ticks = price / tick;
  return Math.abs(ticks - Math.round(ticks)) <= 1e-9 * Math.max(1, Math.abs(ticks));
}

function roundPrice(value: number): number {
  return Number(value.toPrecision(12));
}

function isCalendarDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
