import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { RecordArchive } from '../../src/app/history/record-archive.ts';
import { apply, createCoreState } from '../../src/core/index.ts';
import { accountName, describeCommands, materialize, streamArb } from '../reference/command-streams.ts';

describe('record archive (outside the heap)', () => {
  it('gives back every text it stored, across buffers, whatever its characters', () => {
    const archive = new RecordArchive();
    const texts: string[] = [];
    // Enough to fill more than one 4 MiB buffer, with multi-byte characters and an outsized record.
    for (let i = 0; i < 30_000; i++) texts.push(`["acc${i % 7}","order-${i}",${i},"价格 ${'x'.repeat(i % 200)}"]`);
    texts.push('y'.repeat(5 * 1024 * 1024));
    texts.push('after the outsized one');
    const numbers = texts.map((text) => archive.append(text));
    assert.deepEqual(numbers, texts.map((_, i) => i));
    texts.forEach((text, i) => assert.equal(archive.read(i), text));
    assert.ok(archive.bytes > 8 * 1024 * 1024);
    assert.throws(() => archive.read(texts.length), RangeError);
    assert.throws(() => archive.read(-1), RangeError);
  });

  it('fills a buffer to its last bytes with texts of 1- to 4-byte characters, and never cuts one short', () => {
    const archive = new RecordArchive();
    const pieces = ['a', 'é', '价', '😀', '\ud800'];
    const texts: string[] = [];
    for (let i = 0; archive.bytes < 9 * 1024 * 1024; i++) {
      const text = pieces[i % pieces.length]!.repeat(1 + ((i * 7919) % 3000));
      texts.push(text);
      archive.append(text);
    }
    // A lone surrogate is stored as U+FFFD, as UTF-8 does.
    texts.forEach((text, i) => assert.equal(archive.read(i), Buffer.from(text).toString('utf8'), `record ${i}`));
    assert.equal(archive.textBytes, texts.reduce((sum, text) => sum + 4 + Buffer.byteLength(text), 0));
  });
});

/**
 * Records as clients can see them: numbers JSON cannot carry (NaN, Infinity) read as null
 * once archived, as in the journal. No client can send them (requests are JSON); the
 * streams below include them because the core is tested with them.
 */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('history with orders and trades archived', () => {
  it('reads exactly as the history that keeps everything in the heap, after every command', () => {
    fc.assert(
      fc.property(streamArb({ maxLength: 120 }), fc.integer({ min: 0, max: 3 }), (stream, keepInHeap) => {
        const commands = materialize(stream);
        const state = createCoreState();
        const archiving = new HistoryProjection({ keepInHeap });
        const inHeap = new HistoryProjection({ keepInHeap: 1_000_000 });
        const accounts = Array.from({ length: stream.accounts }, (_, i) => accountName(i));
        commands.forEach((command, step) => {
          const result = apply(state, command);
          archiving.apply(command, result);
          inHeap.apply(command, result);
          const where = `after command ${step + 1} of\n${describeCommands(commands)}`;
          for (const account of accounts) {
            assert.deepEqual(asJson(archiving.ordersOf(account)), asJson(inHeap.ordersOf(account)), where);
            assert.deepEqual(asJson(archiving.tradesOf(account)), asJson(inHeap.tradesOf(account)), where);
            const start = Math.floor(inHeap.tradesOf(account).length / 2);
            assert.deepEqual(asJson([...archiving.tradesFrom(account, start)]), asJson(inHeap.tradesOf(account).slice(start)), where);
            for (const order of inHeap.ordersOf(account)) {
              assert.deepEqual(asJson(archiving.order(account, order.orderId)), asJson(inHeap.order(account, order.orderId)), where);
            }
          }
        });
        assert.equal(JSON.stringify(archiving.toJSON()), JSON.stringify(inHeap.toJSON()));
        if (keepInHeap === 0 && inHeap.totalTrades > 0) assert.ok(archiving.archived.records > 0, 'records left the heap');
      }),
      { numRuns: 60 },
    );
  });

  it('a history saved by an older snapshot loads into the archiving one unchanged', () => {
    fc.assert(
      fc.property(streamArb({ maxLength: 80 }), (stream) => {
        const state = createCoreState();
        const history = new HistoryProjection();
        for (const command of materialize(stream)) history.apply(command, apply(state, command));
        const saved = JSON.parse(JSON.stringify(history.toJSON()));
        const loaded = HistoryProjection.fromJSON(saved, { keepInHeap: 0 });
        assert.equal(JSON.stringify(loaded.toJSON()), JSON.stringify(history.toJSON()));
      }),
      { numRuns: 30 },
    );
  });
});
