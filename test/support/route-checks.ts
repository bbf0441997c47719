/**
 * Small assertions shared by the HTTP route tests: refusals with a non-empty message,
 * token checks, field shapes, and money in whole cents.
 */
import assert from 'node:assert/strict';
import type { CallOptions, HttpHarness } from './http-harness.ts';

/** A refusal with `code` and HTTP `status` whose message is not empty; returns the message. */
export async function refused(h: HttpHarness, method: string, url: string, options: CallOptions, code: number, status: number): Promise<string> {
  const message = await h.fails(method, url, options, code, status);
  assert.ok(message.trim().length > 0, `${method} ${url}: the error message is empty`);
  return message;
}

/** A refusal whose message names `field` (validation failures say which field failed). */
export async function refusedNaming(
  h: HttpHarness,
  method: string,
  url: string,
  options: CallOptions,
  code: number,
  status: number,
  field: string,
): Promise<void> {
  const message = await refused(h, method, url, options, code, status);
  assert.ok(message.includes(field), `${method} ${url}: the message "${message}" does not name ${field}`);
}

/** A private route: no token, a malformed token and a non-bearer header are all 1002 / 401. */
export async function needsToken(h: HttpHarness, method: string, url: string, body?: unknown): Promise<void> {
  const withBody = body === undefined ? {} : { body };
  await refused(h, method, url, withBody, 1002, 401);
  await refused(h, method, url, { ...withBody, token: 'not-a-jwt' }, 1002, 401);
  await refused(h, method, url, { ...withBody, headers: { authorization: 'Basic YWRtaW46YWRtaW5wYXNz' } }, 1002, 401);
}

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

function kindOf(value: unknown): Kind | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as Kind | 'undefined';
}

/** Every listed field is present with the listed type (`number` accepts integers too). */
export function hasFields(value: unknown, fields: Record<string, Kind>, where = 'value'): void {
  assert.equal(kindOf(value), 'object', `${where} is not an object`);
  const record = value as Record<string, unknown>;
  for (const [field, kind] of Object.entries(fields)) {
    assert.ok(field in record, `${where}.${field} is missing`);
    const actual = kindOf(record[field]);
    const fits = actual === kind || (kind === 'number' && actual === 'integer');
    assert.ok(fits, `${where}.${field} should be ${kind}, is ${actual} (${JSON.stringify(record[field])})`);
  }
}

/** Integer cents of an amount; fails when the amount is not a whole number of cents. */
export function cents(value: number, what = 'amount'): number {
  assert.equal(typeof value, 'number', `${what} is not a number`);
  const whole = Math.round(value * 100);
  assert.ok(Math.abs(value * 100 - whole) < 1e-6, `${what} = ${value} is not a whole number of cents`);
  return whole;
}

/** The HS256 JWT's payload, decoded without checking the signature. */
export function jwtPayload(token: string): Record<string, unknown> {
  const parts = token.split('.');
  assert.equal(parts.length, 3, 'a JWT has three parts');
  return JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
