/**
 * The list routes' pages: several accounts' histories read as one list in time order,
 * decoding only the page. Checked against the plain reading they replace: every record
 * of the accounts, concatenated, stably sorted by time, then sliced.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ArchivedLists } from '../../src/app/history/archived-lists.ts';
import { RecordArchive } from '../../src/app/history/record-archive.ts';

interface Entry {
  readonly id: number;
  readonly account: string;
  readonly ts: number;
}

const codec = { encode: (e: Entry) => JSON.stringify(e), decode: (text: string) => JSON.parse(text) as Entry };
const ACCOUNTS = ['a', 'b', 'c', 'd'];

const pushesArb = fc.array(
  fc.record({
    account: fc.constantFrom(...ACCOUNTS),
    // Mostly forward in time, sometimes back (a modified order keeps its entry time), often equal.
    step: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: -20, max: -1 }) }),
  }),
  { maxLength: 200 },
);

describe('history pages', () => {
  it('property: a page equals the slice of every record, stably sorted by time', () => {
    fc.assert(
      fc.property(
        pushesArb,
        fc.subarray(ACCOUNTS, { minLength: 1 }),
        fc.nat({ max: 220 }),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        (pushes, accounts, offset, limit, settleAll) => {
          const lists = new ArchivedLists<Entry>(new RecordArchive(), codec, 3, (e) => e.ts);
          let ts = 1_000;
          pushes.forEach((p, id) => {
            ts += p.step;
            const index = lists.push(p.account, { id, account: p.account, ts });
            // Settled records leave the heap for the archive: pages read them decoded.
            if (settleAll || id % 2 === 0) lists.settle(p.account, index);
          });
          const all = accounts.flatMap((account) => lists.all(account));
          const expected = [...all].sort((x, y) => x.ts - y.ts).slice(offset, offset + limit);
          assert.deepEqual(lists.page(accounts, offset, limit), expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads only the page: a page far into a long history decodes its own records', () => {
    let decoded = 0;
    const counting = { encode: codec.encode, decode: (text: string) => (decoded++, codec.decode(text)) };
    const lists = new ArchivedLists<Entry>(new RecordArchive(), counting, 10, (e) => e.ts);
    for (let id = 0; id < 20_000; id++) lists.settle('a', lists.push('a', { id, account: 'a', ts: 1_000 + id }));
    decoded = 0;
    const page = lists.page(['a'], 15_000, 50);
    assert.deepEqual(page.map((e) => e.id), Array.from({ length: 50 }, (_, i) => 15_000 + i));
    assert.equal(decoded, 50);
    assert.deepEqual(lists.page(['a'], 1e15, 50), []);
  });
});
