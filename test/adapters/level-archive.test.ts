import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ClassicLevel } from 'classic-level';
import { ARCHIVE_PREFIX, archiveKey, CHECKPOINT_META_KEY, rangeEnd } from '../../src/adapters/storage/keys.ts';
import { LevelArchiveStore } from '../../src/adapters/storage/level-archive.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { Command } from '../../src/core/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const silent = (): void => undefined;

async function archiveEntries(dataDir: string): Promise<Map<string, string>> {
  const db = new ClassicLevel<string, string>(path.join(dataDir, 'exchange.leveldb'));
  const entries = new Map<string, string>();
  for await (const [key, value] of db.iterator({ gte: ARCHIVE_PREFIX, lt: rangeEnd(ARCHIVE_PREFIX), valueEncoding: 'hex' })) entries.set(key, value);
  await db.close();
  return entries;
}

describe('history archive in the store', () => {
  it('keeps chunks across a reopen, and knows how many it held', async () => {
    const location = path.join(mkdtempSync(path.join(tmpdir(), 'basis-archive-')), 'db');
    const db = new ClassicLevel<string, string>(location);
    const store = await LevelArchiveStore.open(db, silent);
    assert.equal(store.chunksAtOpen, 0);
    await store.write([
      [0, Uint8Array.from([1, 2, 3])],
      [1, Uint8Array.from([0xff, 0, 0xfe])],
    ]);
    await db.close();
    const again = new ClassicLevel<string, string>(location);
    const reopened = await LevelArchiveStore.open(again, silent);
    assert.equal(reopened.chunksAtOpen, 2);
    assert.deepEqual([...reopened.read(1)!], [0xff, 0, 0xfe], 'bytes as written');
    assert.equal(reopened.read(2), undefined);
    await again.close();
  });

  it('a start that rebuilds the history reads it from the stored chunks, and repairs a damaged one from the journal', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-archive-exchange-'));
    const config = loadConfig({ DATA_DIR: dataDir }, root);
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const first = await Exchange.start(config, clock, silent);
    const cu = config.instruments[0]!;
    const setup: Command[] = ['A', 'B'].flatMap((id) => [
      { type: 'user.register', userId: `u${id}`, username: `user${id}`, passwordHash: 'h', role: 'user' },
      { type: 'account.open', userId: `u${id}`, accountId: id, initialBalance: 1e12 },
    ]);
    await first.submitAll(setup);
    // Enough crossing pairs that finished orders and trades fill many chunks beyond those kept as objects.
    const orders: Command[] = [];
    for (let i = 0; i < 30_000; i++) {
      for (const [accountId, direction] of [['A', 'BUY'], ['B', 'SELL']] as const) {
        orders.push({
          type: 'order.place', accountId, orderId: `${accountId}-${i}`, instrumentId: cu.instrumentId, direction, offset: 'OPEN',
          priceType: 'LIMIT', price: cu.preSettlement, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY',
        });
      }
    }
    for (let i = 0; i < orders.length; i += 2_000) await first.submitAll(orders.slice(i, i + 2_000));
    const before = JSON.stringify(first.history.toJSON());
    assert.ok(first.history.archived.records > 30_000, `records were archived (${first.history.archived.records}, ${first.history.totalTrades} trades)`);
    assert.ok(first.history.archived.bytes < 12 * 1024 * 1024, `the archive holds little in memory (${first.history.archived.bytes} bytes)`);
    await first.stop();

    const stored = await archiveEntries(dataDir);
    assert.ok(stored.size > 20, `chunks in the store (${stored.size})`);
    // Damage one chunk while the exchange is down, and drop the stop's history checkpoint:
    // the start rebuilds the history from the journal, as after a crash.
    const db = new ClassicLevel<string, string>(path.join(dataDir, 'exchange.leveldb'));
    await db.put(archiveKey(3), 'damaged');
    await db.del(CHECKPOINT_META_KEY);
    await db.close();

    // Which chunks the restart writes.
    const written: number[] = [];
    const write = LevelArchiveStore.prototype.write;
    LevelArchiveStore.prototype.write = function (this: LevelArchiveStore, chunks: readonly (readonly [number, Uint8Array])[]) {
      written.push(...chunks.map(([chunk]) => chunk));
      return write.call(this, chunks);
    };
    try {
      const second = await Exchange.start(config, clock, silent);
      assert.equal(JSON.stringify(second.history.toJSON()), before, 'the same history after the restart');
      await second.stop();
    } finally {
      LevelArchiveStore.prototype.write = write;
    }
    assert.deepEqual(written, [3], 'the restart wrote the damaged chunk only');
    assert.deepEqual(await archiveEntries(dataDir), stored, 'the damaged chunk was written again, the others are as they were');
  });
});
