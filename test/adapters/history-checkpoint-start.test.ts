import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ClassicLevel } from 'classic-level';
import { ARCHIVE_PREFIX, CHECKPOINT_META_KEY, checkpointPieceKey, rangeEnd } from '../../src/adapters/storage/keys.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { Command } from '../../src/core/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function setup(): { config: ReturnType<typeof loadConfig>; clock: ManualClock } {
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'basis-checkpoint-')) }, root);
  return { config, clock: new ManualClock(Date.UTC(2026, 10, 23, 2, 0)) };
}

/** Crossing pairs between two accounts, ids numbered from `from`: enough to archive records and fill chunks. */
function pairs(config: ReturnType<typeof loadConfig>, from: number, count: number): Command[] {
  const cu = config.instruments[0]!;
  const out: Command[] = [];
  for (let i = from; i < from + count; i++) {
    for (const [accountId, direction] of [['A', 'BUY'], ['B', 'SELL']] as const) {
      out.push({
        type: 'order.place', accountId, orderId: `${accountId}-${i}`, instrumentId: cu.instrumentId, direction, offset: 'OPEN',
        priceType: 'LIMIT', price: cu.preSettlement, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY',
      });
    }
  }
  return out;
}

/** Users with accounts A and B, funded. */
async function openAccounts(exchange: Exchange): Promise<void> {
  await exchange.submitAll(['A', 'B'].flatMap((id): Command[] => [
    { type: 'user.register', userId: `u${id}`, username: `user${id}`, passwordHash: 'h', role: 'user' },
    { type: 'account.open', userId: `u${id}`, accountId: id, initialBalance: 1e12 },
  ]));
}

async function submitAll(exchange: Exchange, commands: readonly Command[]): Promise<void> {
  for (let i = 0; i < commands.length; i += 2_000) await exchange.submitAll(commands.slice(i, i + 2_000));
}

async function start(config: ReturnType<typeof loadConfig>, clock: ManualClock): Promise<{ exchange: Exchange; lines: string[] }> {
  const lines: string[] = [];
  return { exchange: await Exchange.start(config, clock, (line) => lines.push(line)), lines };
}

const recovered = (lines: readonly string[]): string => lines.find((line) => line.includes('storage: recovered')) ?? '';
const historyOf = (exchange: Exchange): string => JSON.stringify(exchange.history.toJSON());

describe('history checkpoint at a clean stop', () => {
  it('the next start loads it instead of every sidecar; after a crash, it and the sidecars after it give the history a full rebuild gives', async () => {
    const { config, clock } = setup();
    const first = await start(config, clock);
    await openAccounts(first.exchange);
    await submitAll(first.exchange, pairs(config, 0, 20_000));
    const before = historyOf(first.exchange);
    assert.ok(first.exchange.history.archived.records > 10_000, 'records in stored chunks, not only in the heap');
    await first.exchange.stop();
    assert.ok(first.lines.some((line) => /history checkpoint at seq \d+/.test(line)), first.lines.join('\n'));

    const second = await start(config, clock);
    assert.match(recovered(second.lines), /history from the checkpoint at seq \d+ and 0 stored events/);
    assert.equal(historyOf(second.exchange), before);
    // More trading, ids used again included, then a crash: no stop, no new checkpoint.
    await submitAll(second.exchange, [...pairs(config, 20_000, 8_000), ...pairs(config, 0, 2_000)]);
    const atCrash = historyOf(second.exchange);
    await second.exchange.committer.drain();
    await second.exchange.history.flush();
    await second.exchange.storage.close();

    const third = await start(config, clock);
    assert.match(recovered(third.lines), /history from the checkpoint at seq \d+ and [1-9]\d* stored events/);
    assert.equal(historyOf(third.exchange), atCrash, 'the old checkpoint and the sidecars after it');
    for (const id of ['A-0', 'A-19999', 'A-27999', 'B-1500']) {
      assert.equal(third.exchange.history.order('A', id)?.orderId ?? third.exchange.history.order('B', id)?.orderId, id);
    }
    await third.exchange.stop();

    // A full rebuild, with the checkpoint third wrote at its stop cleared, agrees.
    const fourth = await start(config, clock);
    assert.match(recovered(fourth.lines), /history from the checkpoint at seq \d+ and 0 stored events/);
    await fourth.exchange.storage.historyCheckpoint.clear();
    await fourth.exchange.committer.drain();
    await fourth.exchange.storage.close();
    const fifth = await start(config, clock);
    assert.match(recovered(fifth.lines), /history from \d+ stored events/);
    assert.equal(historyOf(fifth.exchange), atCrash, 'a full rebuild gives the same history');
    await fifth.exchange.stop();
  });

  it('a stop whose snapshot failed writes no checkpoint, and the next start counts every trade once', async () => {
    const { config, clock } = setup();
    const first = await start(config, clock);
    await openAccounts(first.exchange);
    await first.exchange.snapshot('test');
    await submitAll(first.exchange, pairs(config, 0, 40));
    const before = historyOf(first.exchange);
    first.exchange.storage.snapshots.save = () => Promise.reject(new Error('disk full'));
    await first.exchange.stop();
    assert.ok(first.lines.some((line) => line.includes('no history checkpoint')), first.lines.join('\n'));

    const second = await start(config, clock);
    assert.match(recovered(second.lines), /history from \d+ stored events/);
    assert.equal(historyOf(second.exchange), before);
    assert.equal(second.exchange.history.totalTrades, 40);
    await second.exchange.stop();
  });

  it('a checkpoint over chunks that are not the ones it names is dropped and the history rebuilt', async () => {
    const { config, clock } = setup();
    const first = await start(config, clock);
    await openAccounts(first.exchange);
    await submitAll(first.exchange, pairs(config, 0, 20_000));
    const before = historyOf(first.exchange);
    await first.exchange.stop();
    // Another version rewrote the chunks: every stored chunk now holds account B's records.
    const db = new ClassicLevel<string, string>(path.join(config.dataDir, 'exchange.leveldb'));
    const chunks: [string, Uint8Array][] = [];
    for await (const entry of db.iterator<string, Uint8Array>({ gte: ARCHIVE_PREFIX, lt: rangeEnd(ARCHIVE_PREFIX), valueEncoding: 'view' })) chunks.push(entry);
    const ofB = chunks.find(([, bytes]) => Buffer.from(bytes).includes('"B",'))!;
    await db.batch<string, Uint8Array>(chunks.map(([key]) => ({ type: 'put' as const, key, value: ofB[1] })), { valueEncoding: 'view' });
    await db.close();

    const again = await start(config, clock);
    assert.ok(again.lines.some((line) => /history checkpoint cannot be used \(the archive's chunks do not match/.test(line)), again.lines.join('\n'));
    assert.equal(historyOf(again.exchange), before, 'rebuilt, and the chunks written again');
    await again.exchange.stop();
  });

  it('a damaged checkpoint, or one past the journal, is dropped and the history rebuilt', async () => {
    const { config, clock } = setup();
    const first = await start(config, clock);
    await openAccounts(first.exchange);
    await submitAll(first.exchange, pairs(config, 0, 2_000));
    const before = historyOf(first.exchange);
    const lastSeq = first.exchange.state.lastSeq;
    await first.exchange.stop();

    const location = path.join(config.dataDir, 'exchange.leveldb');
    for (const damage of [
      async (db: ClassicLevel<string, string>) => db.put(checkpointPieceKey(0), 'garbage'),
      async (db: ClassicLevel<string, string>) => db.put(CHECKPOINT_META_KEY, JSON.stringify({ seq: lastSeq + 100, pieces: 0, bytes: 0 })),
    ]) {
      const db = new ClassicLevel<string, string>(location);
      await damage(db);
      await db.close();
      const again = await start(config, clock);
      assert.ok(again.lines.some((line) => line.includes('the history checkpoint cannot be used')), again.lines.join('\n'));
      assert.match(recovered(again.lines), /history from \d+ stored events/);
      assert.equal(historyOf(again.exchange), before);
      await again.exchange.stop();
    }
  });
});
