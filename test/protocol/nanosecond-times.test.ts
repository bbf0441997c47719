import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { msAtOrBefore, NS_PER_MS } from '../../src/protocol/index.ts';

// Epoch milliseconds of 2001 to 2286: their nanoseconds are past 2^53, where doubles skip.
const epochMs = fc.integer({ min: 1_000_000_000_000, max: 9_999_999_999_999 });

describe('msAtOrBefore: a client\'s nanosecond time back to milliseconds', () => {
  it('gives back the millisecond of every time the exchange sends (ms * NS_PER_MS)', () => {
    // 1764000000106 * 1e6 / 1e6 is 1764000000105.9998: dividing alone was off by one.
    assert.ok((1_764_000_000_106 * NS_PER_MS) / NS_PER_MS < 1_764_000_000_106);
    assert.equal(msAtOrBefore(1_764_000_000_106 * NS_PER_MS), 1_764_000_000_106);
    fc.assert(fc.property(epochMs, (ms) => msAtOrBefore(ms * NS_PER_MS) === ms), { numRuns: 10_000 });
  });

  it('gives the last millisecond whose time is at or before any nanosecond time', () => {
    fc.assert(
      fc.property(epochMs, fc.integer({ min: 0, max: NS_PER_MS - 1 }), (ms, extra) => {
        const ns = ms * NS_PER_MS + extra;
        const got = msAtOrBefore(ns);
        return got * NS_PER_MS <= ns && (got + 1) * NS_PER_MS > ns;
      }),
      { numRuns: 10_000 },
    );
  });
});
