import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ArrayWriter, decodeCheckpoint, encodeCheckpoint } from '../../src/app/history/checkpoint-codec.ts';
import { ArchivedLists } from '../../src/app/history/archived-lists.ts';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { MemoryChunkStore, RecordArchive } from '../../src/app/history/record-archive.ts';
import { apply, createCoreState } from '../../src/core/index.ts';
import { accountName, describeCommands, materialize, streamArb } from '../reference/command-streams.ts';

/** Records as clients can see them (numbers JSON cannot carry read as null, as from the journal). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('history checkpoint', () => {
  it('a history loaded from a checkpoint reads, and goes on, exactly as the one that wrote it', async () => {
    let stored = false;
    await fc.assert(
      fc.asyncProperty(streamArb({ maxLength: 120 }), fc.integer({ min: 0, max: 3 }), fc.nat(), async (stream, keepInHeap, cutSeed) => {
        const commands = materialize(stream);
        const cut = commands.length === 0 ? 0 : cutSeed % (commands.length + 1);
        const store = new MemoryChunkStore();
        const state = createCoreState();
        // Tiny chunks, so that some are full and stored, some open, at the cut.
        const options = { keepInHeap, archiveStore: store, archiveChunkBytes: 600 };
        const original = new HistoryProjection(options);
        const results = commands.map((command) => apply(state, command));
        for (let i = 0; i < cut; i++) original.apply(commands[i]!, results[i]!);
        await original.flush();
        const bytes = original.checkpoint();
        assert.ok(bytes !== undefined, 'every chunk stored: a checkpoint');
        const loaded = HistoryProjection.fromCheckpoint(bytes, options);
        for (let i = cut; i < commands.length; i++) {
          original.apply(commands[i]!, results[i]!);
          loaded.apply(commands[i]!, results[i]!);
        }
        const where = `cut after command ${cut} of\n${describeCommands(commands)}`;
        assert.equal(JSON.stringify(asJson(loaded.toJSON())), JSON.stringify(asJson(original.toJSON())), where);
        const accounts = Array.from({ length: stream.accounts }, (_, a) => accountName(a));
        assert.deepEqual(asJson(loaded.orderPage(accounts, 0, 10_000)), asJson(original.orderPage(accounts, 0, 10_000)), where);
        assert.deepEqual(asJson(loaded.tradePage(accounts, 0, 10_000)), asJson(original.tradePage(accounts, 0, 10_000)), where);
        for (const account of accounts) {
          assert.deepEqual([...loaded.instrumentsTradedBy(account)], [...original.instrumentsTradedBy(account)], where);
          assert.equal(loaded.orderRecordsOf(account), original.orderRecordsOf(account), where);
          for (const order of original.ordersOf(account)) {
            assert.equal(loaded.orderIndex(account, order.orderId), original.orderIndex(account, order.orderId), where);
          }
          assert.equal(loaded.orderIndex(account, 'never-placed'), undefined);
        }
        assert.deepEqual(loaded.archived.records, original.archived.records, where);
        if (keepInHeap === 0 && original.archived.records > 20) stored ||= store.chunks.size > 0;
      }),
      { numRuns: 80 },
    );
    assert.ok(stored, 'some runs had full chunks in the store');
  });

  it('keeps a list whose times went back in time read in time order', () => {
    type Entry = { account: string; id: number; ts: number };
    const codec = { encode: (e: Entry) => JSON.stringify(e), decode: (t: string) => JSON.parse(t) as Entry };
    const lists = new ArchivedLists<Entry>(new RecordArchive(), codec, 100, (e) => e.ts);
    [9, 3, 5].forEach((ts, id) => lists.push('A', { account: 'A', id, ts }));
    [4, 8].forEach((ts, id) => lists.push('B', { account: 'B', id, ts }));
    const arrays = new ArrayWriter();
    const saved = JSON.parse(JSON.stringify(lists.save(arrays)));
    const { arrays: read } = decodeCheckpoint(encodeCheckpoint(null, arrays));
    const restored = new ArchivedLists<Entry>(new RecordArchive(), codec, 100, (e) => e.ts);
    restored.restore(saved, read);
    assert.deepEqual(restored.page(['A', 'B'], 0, 10), lists.page(['A', 'B'], 0, 10));
    assert.deepEqual(restored.page(['A', 'B'], 0, 10).map((e) => e.ts), [3, 4, 5, 8, 9]);
  });

  it('is refused when its bytes are not a checkpoint or are cut short', () => {
    const arrays = new ArrayWriter();
    const bytes = encodeCheckpoint({ version: 1, list: arrays.ref(Uint32Array.from([1, 2, 3])) }, arrays);
    const { document, arrays: read } = decodeCheckpoint(bytes);
    assert.deepEqual([...read.u32((document as { list: unknown }).list)], [1, 2, 3]);
    assert.throws(() => read.f64((document as { list: unknown }).list), /names no Float64Array/);
    assert.throws(() => decodeCheckpoint(bytes.subarray(0, bytes.length - 8)), /cut short/);
    assert.throws(() => decodeCheckpoint(Buffer.from('not one')), /not a history checkpoint/);
    assert.throws(() => HistoryProjection.fromCheckpoint(encodeCheckpoint({ version: 99 }, new ArrayWriter())), /version 99/);
  });
});
