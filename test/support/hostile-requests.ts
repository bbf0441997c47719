/**
 * Hostile request parts for the HTTP fuzz test (test/adapters/http/fuzz.test.ts): broken
 * JSON bodies built from a valid one, malformed query strings and path segments, and the
 * values that break them (wrong types, hostile numbers, huge strings, deep nesting,
 * prototype keys).
 */
import fc from 'fast-check';
import type { JsonSchema } from './http-routes.ts';

/** Paths to every field of the body schema: top-level, nested objects, items of arrays. */
export function fieldPaths(schema: JsonSchema | undefined, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (schema === undefined || depth > 2) return [];
  const out: (string | number)[][] = [];
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, key]);
    if (sub.type === 'object') out.push(...fieldPaths(sub, [...prefix, key], depth + 1));
    if (sub.type === 'array' && sub.items?.type === 'object') out.push(...fieldPaths(sub.items, [...prefix, key, 0], depth + 1));
  }
  return out;
}

/** A number written as-is into the JSON text (1e999 parses to Infinity, 1e-400 to 0). */
const RAW = (text: string) => `RAW@@${text}@@RAW`;
const unRaw = (json: string) => json.replace(/"RAW@@(.*?)@@RAW"/g, '$1');

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, -1.5, 1e308, -1e308, 2 ** 53 + 2, 5e-324, 1e21, 1e-7, 0.1 + 0.2, 2 ** 31, -(2 ** 31), 99_999_999_999, 0.001, 123.456),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(RAW('1e999'), RAW('-1e999'), RAW('1E400'), RAW('-0.0'), RAW('1e-400'), RAW('100000000000000000000000000000000000001')),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e3', '0x10', ' 1', '1,5', '', '١٢'),
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const hugeString = fc
  .record({ length: fc.integer({ min: 65, max: 200_000 }), unit: fc.constantFrom('x', 'é', '😀', '\u0000', '"', '\\', '%', '\u202e') })
  .map(({ length, unit }) => unit.repeat(length));

const nested = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
};

type Mutation =
  | { kind: 'wrongType'; field: number; value: unknown }
  | { kind: 'delete'; field: number }
  | { kind: 'nest'; field: number; depth: number; asArray: boolean }
  | { kind: 'huge'; field: number; value: string }
  | { kind: 'number'; field: number; value: unknown }
  | { kind: 'extra'; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('wrongType' as const), field: fc.nat(), value: wrongType }),
  fc.record({ kind: fc.constant('delete' as const), field: fc.nat() }),
  fc.record({ kind: fc.constant('nest' as const), field: fc.nat(), depth: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constant(300)), asArray: fc.boolean() }),
  fc.record({ kind: fc.constant('huge' as const), field: fc.nat(), value: hugeString }),
  fc.record({ kind: fc.constant('number' as const), field: fc.nat(), value: hostileNumber }),
  fc.record({
    kind: fc.constant('extra' as const),
    key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '')),
    value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ polluted: true }), fc.constant({ prototype: { polluted: true } })),
  }),
);

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Sets (or deletes, when `value` is DELETE) the value at `path`, creating nothing on the way. */
const DELETE = Symbol('delete');
function setAt(root: unknown, path: readonly (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = node?.[key];
    if (next === null || typeof next !== 'object') return;
    node = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === DELETE) delete node[last];
  else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
}
function getAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root as Record<string | number, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<string | number, unknown> | undefined;
  return node;
}

function applyMutations(base: unknown, fields: readonly (string | number)[][], mutations: readonly Mutation[]): unknown {
  const body = clone(base) as Record<string, unknown>;
  const pick = (n: number) => fields[n % Math.max(1, fields.length)] ?? ['x'];
  for (const m of mutations) {
    switch (m.kind) {
      case 'wrongType':
      case 'number':
      case 'huge':
        setAt(body, pick(m.field), m.value);
        break;
      case 'delete':
        setAt(body, pick(m.field), DELETE);
        break;
      case 'nest': {
        const path = pick(m.field);
        setAt(body, path, nested(m.depth, getAt(body, path) ?? 1, m.asArray));
        break;
      }
      case 'extra':
        // defineProperty: an own "__proto__" key, as a client would send it.
        Object.defineProperty(body, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
        break;
    }
  }
  return body;
}

export interface BodySpec {
  readonly contentType?: string | undefined;
  readonly payload?: string | undefined;
}

export const JSON_TYPE = 'application/json';

const invalidJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '{a:1}',
    'NaN',
    'undefined',
    '{"a":1}}',
    '{"a":1} x',
    '[1,2',
    '\u0000',
    '{"a":"\\u12"}',
    '{"a":"\u0001"}',
    '{"a":01}',
    '{"a":.5}',
    '{"a":+1}',
    '{"a":0x10}',
    '{"a":Infinity}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '\uFEFF\uFEFF{}',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Broken versions of a valid body `base` (whose fields are `fields`), with their content types. */
export function bodySpec(base: unknown, fields: readonly (string | number)[][]): fc.Arbitrary<BodySpec> {
  const baseText = JSON.stringify(base);
  const asJson = (value: unknown): BodySpec => ({ contentType: JSON_TYPE, payload: unRaw(JSON.stringify(value) ?? 'null') });
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => asJson(applyMutations(base, fields, ms))) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant([base]), fc.constant([]), fc.constant(null), fc.constant(0), fc.constant('x'), fc.constant(true))
        .map(asJson),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(
        invalidJsonText,
        fc.nat({ max: Math.max(0, baseText.length - 1) }).map((n) => baseText.slice(0, n)),
      ).map((payload): BodySpec => ({ contentType: JSON_TYPE, payload })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodySpec>(
        { contentType: JSON_TYPE, payload: '' },
        { contentType: JSON_TYPE, payload: '   ' },
        { contentType: undefined, payload: '' },
        { contentType: undefined, payload: undefined },
        { contentType: JSON_TYPE, payload: undefined },
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          contentType: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/octet-stream',
            'application/json; charset=latin1',
            'application/jsonx',
            'text/json',
            ';;;',
            'application/',
          ),
          payload: fc.constantFrom(baseText, 'a=1&b=2', '<a>1</a>', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', ''),
        })
        .map((r): BodySpec => r),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1000, max: 40_000 }).map((depth): BodySpec => ({
        contentType: JSON_TYPE,
        payload: depth % 2 === 0 ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      })),
    },
  );
}

const queryValue: fc.Arbitrary<{ text: string; encode: boolean }> = fc.oneof(
  fc
    .constantFrom('-1', '0', '1e999', 'NaN', '1.5', '', '%zz', '%', '%00', '%E0%A4%A', '[]', '{}', 'true', '99999999999999999999999', '0x10', '+5', '1e2', '%20', '__proto__')
    .map((text) => ({ text, encode: false })),
  fc.string({ unit: 'binary', maxLength: 30 }).map((text) => ({ text, encode: true })),
  fc.integer({ min: 65, max: 6000 }).map((n) => ({ text: 'x'.repeat(n), encode: false })),
  fc.integer().map((n) => ({ text: String(n), encode: false })),
);

/** Malformed query strings over the route's `declared` names and the usual ones, with real `ids` among the values. */
export function queryArb(declared: readonly string[], ids: readonly string[]): fc.Arbitrary<string> {
  const names = [...new Set([...declared, 'limit', 'offset', 'account_id', 'user_id', 'depth', 'count', 'period'])];
  const part = fc
    .record({
      name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', '%zz', '') }),
      value: fc.oneof({ weight: 4, arbitrary: queryValue }, { weight: 1, arbitrary: fc.constantFrom(...ids).map((text) => ({ text, encode: true })) }),
      style: fc.constantFrom('plain', 'plain', 'array', 'bracket', 'noValue', 'repeat'),
    })
    .map(({ name, value, style }) => {
      const n = /^[\w%]*$/.test(name) ? name : encodeURIComponent(name);
      const v = value.encode ? encodeURIComponent(value.text) : value.text;
      switch (style) {
        case 'array':
          return `${n}[]=${v}`;
        case 'bracket':
          return `${n}[a]=${v}`;
        case 'noValue':
          return n;
        case 'repeat':
          return `${n}=${v}&${n}=${v}`;
        default:
          return `${n}=${v}`;
      }
    });
  return fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('&'));
}

/**
 * Path segments the router accepts (well-formed percent-encoding, at most 100 characters,
 * fastify's maxParamLength), so they reach validation and the handlers. The two kinds the
 * router itself refuses are checked on every route by the dedicated tests below.
 */
export const malformedSegment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }).map(encodeURIComponent).filter((s) => s.length <= 100),
  fc.constantFrom('%00', '%2F', '%2e%2e', '..', '.', '%20', 'a%2Fb', '%25', '%3F', '%23', '%2B', '+', '%E2%80%AE'),
  fc.integer({ min: 65, max: 100 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('-1', '0', '1e999', 'NaN', 'null', 'undefined', '[]', '{}', '__proto__', 'constructor', '9999-99-99', '2026-02-30', '0000-00-00'),
);

/** Percent-encodings that do not decode (bad hex, truncated or invalid UTF-8). */
export const BAD_ENCODINGS = ['%zz', '%', '%E0%A4%A', '%FF', '%C0%AF', '%ED%A0%80', '%u0041', 'a%2'];
/** Longer than fastify's maxParamLength (100). */
export const OVERLONG = ['x'.repeat(101), 'x'.repeat(5000)];
