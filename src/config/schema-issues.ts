/**
 * Turns TypeBox validation errors into one readable line per key.
 *
 * Every leaf schema of the config carries an `expect` text (e.g. "a number > 0"),
 * so a problem reads `instruments[3].price_tick: must be a number > 0, got string "x"`
 * instead of TypeBox's generic "Expected number".
 */
import type { TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import type { ConfigIssue } from './config-error.ts';

/** Extra schema option read by this module: what a valid value looks like, in words. */
export interface Expectation {
  readonly expect: string;
}

export function schemaIssues(schema: TSchema, value: unknown, source: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(schema, value)) {
    // TypeBox may report one key several times (missing, then wrong type): keep the first.
    if (seen.has(error.path)) continue;
    seen.add(error.path);
    issues.push({ source, where: keyPath(error.path), problem: describeError(error) });
  }
  return issues;
}

/** `/instruments/3/price_tick` → `instruments[3].price_tick`. */
export function keyPath(pointer: string): string {
  if (pointer === '') return '(document)';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(key)) out += `[${key}]`;
    else if (/^[A-Za-z0-9_-]+$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

function describeError(error: ValueError): string {
  if (error.type === ValueErrorType.ObjectAdditionalProperties) {
    const allowed = Object.keys(propertiesOf(error.schema)).join(', ');
    const what = isTable(error.value) ? 'unknown table' : 'unknown key';
    return `${what} (allowed here: ${allowed})`;
  }
  const expect = expectationOf(error.schema);
  if (error.type === ValueErrorType.ObjectRequiredProperty || error.value === undefined) {
    return `is required (${expect})`;
  }
  return `must be ${expect}, got ${describeValue(error.value)}`;
}

function expectationOf(schema: TSchema): string {
  const expect: unknown = schema['expect'];
  return typeof expect === 'string' ? expect : 'a valid value';
}

function propertiesOf(schema: TSchema): Record<string, unknown> {
  const props: unknown = schema['properties'];
  return isTable(props) ? props : {};
}

function isTable(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/** Names the type, and the value when it is short, so the user can find it in the file. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : `number ${String(value)}`;
  if (typeof value === 'boolean') return `boolean ${String(value)}`;
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : 'an array';
  // Unquoted TOML dates are refused on purpose: smol-toml rolls 2025-02-30 over to
  // 2025-03-02 silently, while a quoted string is checked exactly.
  if (value instanceof Date) {
    // smol-toml's TomlDate knows whether it was a time alone (settlement_time = 15:30:00).
    const timeOnly = (value as Date & { isTime?: () => boolean }).isTime?.() === true;
    return timeOnly
      ? 'an unquoted TOML time (write it as a quoted string, e.g. "15:30")'
      : 'an unquoted TOML date/time (write it as a quoted string, e.g. "2025-01-16")';
  }
  if (value === null) return 'null';
  if (typeof value === 'object') return 'a table';
  return typeof value;
}
