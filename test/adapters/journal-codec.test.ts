import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeBatch, encodeBatch, JournalCorruptionError } from '../../src/adapters/storage/journal-codec.ts';
import { journalKey } from '../../src/adapters/storage/keys.ts';
import { LevelStorage } from '../../src/adapters/storage/level-storage.ts';
import { recover } from '../../src/app/recovery.ts';
import { stateHash } from '../../src/app/state-hash.ts';
import type { Command, PlaceOrder, StampedCommand } from '../../src/core/index.ts';
import { COPPER, twoAccountDay } from '../support/core-harness.ts';

const silent = (): void => undefined;

// Strings a user may choose (ids with quotes, backslashes, non-ASCII) must come back unchanged.
const id = fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' });
// JSON has no -0 (it is written as 0), in this format as in the one before it.
const price = fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => x + 0));
/** fast-check builds records without a prototype; commands from JSON have Object's. */
const plain = <T extends object>(value: T): T => ({ ...value });

const place: fc.Arbitrary<PlaceOrder> = fc
  .record({
    accountId: id,
    orderId: id,
    instrumentId: id,
    direction: fc.constantFrom('BUY', 'SELL'),
    offset: fc.constantFrom('OPEN', 'CLOSE', 'CLOSETODAY', 'CLOSEYESTERDAY'),
    priceType: fc.constantFrom('LIMIT', 'MARKET', 'ANY'),
    price,
    volume: fc.integer({ min: 0, max: 1e6 }),
    timeCondition: fc.constantFrom('IOC', 'GFS', 'GFD', 'GTD', 'GTC', 'GFA'),
    volumeCondition: fc.constantFrom('ANY', 'MIN', 'ALL'),
    minVolume: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    validUntilDate: fc.option(fc.constant('2026-12-31'), { nil: undefined }),
  })
  .map(({ minVolume, validUntilDate, ...rest }) => ({
    type: 'order.place' as const,
    ...rest,
    // Optional fields are absent, not undefined, as the HTTP and DIFF adapters build them.
    ...(minVolume === undefined ? {} : { minVolume }),
    ...(validUntilDate === undefined ? {} : { validUntilDate }),
  }));

const command: fc.Arbitrary<Command> = fc.oneof(
  place,
  fc.record({ type: fc.constant('order.cancel' as const), accountId: id, orderId: id }).map(plain),
  // A modify may leave out its price or its volume (unchanged): absent, not undefined.
  fc.record({ type: fc.constant('order.modify' as const), accountId: id, orderId: id, price, volume: fc.integer() }, { requiredKeys: ['type', 'accountId', 'orderId'] }).map(plain),
  fc.record({ type: fc.constant('account.deposit' as const), accountId: id, amount: fc.integer({ min: 1, max: 1e9 }) }).map(plain),
  fc.constant<Command>({ type: 'instrument.add', spec: COPPER }),
  fc.constant<Command>({ type: 'trading-day.end' }),
);

const batch: fc.Arbitrary<StampedCommand[]> = fc
  .tuple(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 2e12 }), fc.array(command, { minLength: 1, maxLength: 20 }))
  .map(([firstSeq, ts, commands]) => commands.map((c, i) => ({ seq: firstSeq + i, ts: ts + i, command: c })));

describe('journal record format', () => {
  it('every batch of commands comes back exactly as it was written', () => {
    fc.assert(
      fc.property(batch, (records) => {
        assert.deepStrictEqual(decodeBatch(records[0]!.seq, encodeBatch(records)), records);
      }),
      { numRuns: 500 },
    );
  });

  it('stores the frequent commands without field names', () => {
    const text = encodeBatch([{ seq: 5, ts: 7, command: { type: 'order.cancel', accountId: 'A', orderId: 'o1' } }]);
    assert.equal(text, '[2,5,7,[0,2,"A","o1"]]');
  });

  it('stores an order whose enumerated fields are not all known as its own object, exactly as it came', () => {
    const odd = { type: 'order.place', accountId: 'A', orderId: 'o', instrumentId: 'X', direction: 'BUY', offset: 'CLOSE_TODAY', priceType: 'BEST', price: 1, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' } as unknown as Command;
    const records = [{ seq: 1, ts: 2, command: odd }];
    const text = encodeBatch(records);
    assert.match(text, /^\[2,1,2,\[0,0,\{"type":"order.place"/);
    assert.deepStrictEqual(decodeBatch(1, text), records);
  });

  it('still reads batches of the earlier format (records as objects)', () => {
    const records: StampedCommand[] = [
      { seq: 3, ts: 10, command: { type: 'order.cancel', accountId: 'A', orderId: 'o1' } },
      { seq: 4, ts: 11, command: { type: 'trading-day.end' } },
    ];
    assert.deepStrictEqual(decodeBatch(3, JSON.stringify(records)), records);
  });

  for (const [what, firstSeq, text, badSeq] of [
    ['text that is not JSON', 4, '[2,4,0,[1,2,"A"', 4],
    ['a header that names another batch', 4, '[2,5,0,[1,2,"A","o"]]', 4],
    ['a header without the first time', 4, '[2,4,[1,2,"A","o"]]', 4],
    ['a record without its fields', 4, '[2,4,0,[1,2,"A","o"],[1,1,"A"]]', 5],
    ['a record of an unknown kind', 4, '[2,4,0,[1,9,"A","o"]]', 4],
    ['a record without a timestamp', 4, '[2,4,0,["x",2,"A","o"]]', 4],
    ['a value outside its table', 4, '[2,4,0,[0,1,"A","o","SHFE.cu2701",7,0,0,1,1,2,0]]', 4],
    ['an enumerated field stored as text', 4, '[2,4,0,[0,1,"A","o","SHFE.cu2701","BUY",0,0,1,1,2,0]]', 4],
    ['an earlier-format record out of sequence', 4, '[{"seq":5,"ts":1,"command":{"type":"trading-day.end"}}]', 4],
  ] as const) {
    it(`refuses ${what}, naming the seq`, () => {
      assert.throws(() => decodeBatch(firstSeq, text), (error: unknown) => error instanceof JournalCorruptionError && error.seq === badSeq);
    });
  }

  it('a journal written in the earlier format replays to the same state as the current one', async () => {
    const commands: Command[] = [
      ...twoAccountDay(),
      { type: 'order.place', accountId: 'A', orderId: 'b', instrumentId: COPPER.instrumentId, direction: 'BUY', offset: 'OPEN', priceType: 'LIMIT', price: 70010, volume: 3, timeCondition: 'GFD', volumeCondition: 'ANY' },
      { type: 'order.place', accountId: 'B', orderId: 's', instrumentId: COPPER.instrumentId, direction: 'SELL', offset: 'OPEN', priceType: 'LIMIT', price: 70000, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' },
      { type: 'order.modify', accountId: 'A', orderId: 'b', price: 70000, volume: 1 },
      { type: 'order.cancel', accountId: 'A', orderId: 'b' },
    ];
    const stamped = commands.map((c, i) => ({ seq: i + 1, ts: 1_700_000_000_000 + i, command: c }));
    const hashes: string[] = [];
    for (const encode of [(records: StampedCommand[]) => JSON.stringify(records), encodeBatch]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-codec-'));
      const storage = await LevelStorage.open({ dataDir, durability: 'relaxed', log: silent });
      // Two batches, as two group commits would have stored them.
      await storage.db.put(journalKey(1), encode(stamped.slice(0, 5)));
      await storage.db.put(journalKey(6), encode(stamped.slice(5)));
      await storage.close();
      const reopened = await LevelStorage.open({ dataDir, durability: 'relaxed', log: silent });
      const recovered = await recover(reopened.journal, reopened.snapshots, {}, silent);
      assert.equal(recovered.replayed, commands.length);
      hashes.push(stateHash(recovered.state));
      await reopened.close();
    }
    assert.equal(hashes[0], hashes[1]);
  });
});
