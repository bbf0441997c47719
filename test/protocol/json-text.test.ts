import { describe, it } from 'node:test';
import fc from 'fast-check';
import { jsonNumber, jsonString } from '../../src/protocol/json-text.ts';

describe('JSON text of single values', () => {
  it('strings and numbers are written exactly as JSON.stringify writes them', () => {
    const text = fc.oneof(fc.stringMatching(/^[A-Za-z0-9._-]{0,12}$/), fc.string({ unit: 'binary' }), fc.constantFrom('', '"', '\\', '\n', '\u007f', '\u2028', '\ud800', '价格'));
    const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 5e-324));
    fc.assert(fc.property(text, (s) => jsonString(s) === JSON.stringify(s)), { numRuns: 3000 });
    fc.assert(fc.property(number, (n) => jsonNumber(n) === JSON.stringify(n)), { numRuns: 3000 });
  });
});
