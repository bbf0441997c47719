/**
 * Damage the journal's own checks cannot see: a data file of the storage engine (its own
 * words, "Corruption: ...", name no store and no way out), and a write-ahead log that lost
 * its end (durable-mark.ts). Damage inside the log: wal-damage.ts.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DURABLE_MARK } from '../../src/adapters/storage/durable-mark.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { loadConfig } from '../../src/config/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const silent = (): void => undefined;

describe('a damaged data file of the store', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-damage-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const start = () => Exchange.start(loadConfig({ DATA_DIR: dataDir }, root), new ManualClock(1_700_000_100_000), silent);

  it('refuses the start naming the data folder and the way out, and leaves the damaged files as they were', async () => {
    const first = await start();
    await first.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h'.repeat(200), role: 'user' });
    for (let i = 0; i < 200; i++) await first.submit({ type: 'account.open', userId: 'u1', accountId: `A${i}`, initialBalance: 1_000 + i });
    await first.compactStorage();
    assert.equal(await first.stop(), true);
    // Every table file of the store, garbled in its middle: whichever the start reads, it meets damage.
    const location = path.join(dataDir, 'exchange.leveldb');
    const tables = readdirSync(location).filter((name) => name.endsWith('.ldb'));
    assert.ok(tables.length > 0);
    for (const name of tables) {
      const file = path.join(location, name);
      const bytes = readFileSync(file);
      bytes.fill(0xa5, Math.floor(statSync(file).size / 4), Math.floor(statSync(file).size / 2));
      writeFileSync(file, bytes);
    }
    const garbled = new Map(tables.map((name) => [name, readFileSync(path.join(location, name))]));
    await assert.rejects(start(), (error: Error) => {
      assert.match(error.message, new RegExp(`^the store in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged: the storage engine could not read one of its data files \\(.*Corruption.*\\)\\. The exchange did not start\\. Restore the data folder from a copy taken before the damage\\.$`));
      return true;
    });
    // The engine may write tables of its own as it opens; it deletes none of those it could not read.
    for (const [name, bytes] of garbled) assert.ok(readFileSync(path.join(location, name)).equals(bytes), `${name} is as it was`);
  });
});

describe('a store that lost acknowledged commands without a hole (its write-ahead log emptied)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-lost-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const start = () => Exchange.start(loadConfig({ DATA_DIR: dataDir }, root), new ManualClock(1_700_000_100_000), silent);
  const location = path.join(dataDir, 'exchange.leveldb');

  it('refuses the start, naming the seq recovery reached and the one that was durable; deleting the mark goes on with what remains', async () => {
    const first = await start();
    await first.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
    for (let i = 0; i < 20; i++) await first.submit({ type: 'account.open', userId: 'u1', accountId: `A${i}`, initialBalance: 1_000 });
    const acknowledged = first.state.lastSeq;
    // As a crash leaves it: no shutdown snapshot (whose pruning would move the journal into
    // a table file); the mark as its timer had written it.
    await first.storage.close();
    assert.equal(readFileSync(path.join(location, DURABLE_MARK), 'utf8'), `${acknowledged}\n`);
    // What the review did: the engine's write-ahead logs emptied.
    for (const name of readdirSync(location).filter((n) => n.endsWith('.log'))) writeFileSync(path.join(location, name), '');
    let reached = -1;
    await assert.rejects(start(), (error: Error) => {
      const [, at] = error.message.match(new RegExp(`ends at seq (\\d+), but commands through seq ${acknowledged} were durable and acknowledged`)) ?? [];
      reached = Number(at);
      assert.ok(reached < acknowledged, error.message);
      assert.match(error.message, new RegExp(`write-ahead log lost its end.*The exchange did not start\\. Restore the folder from a copy taken after that seq; or, to go on with what remains \\(commands ${reached + 1} to ${acknowledged} lost\\), delete DURABLE-THROUGH and start again\\.$`));
      return true;
    });
    // The operator decides to go on: what remains, and the mark follows it from there.
    rmSync(path.join(location, DURABLE_MARK));
    const remains = await start();
    assert.equal(remains.state.usersByName.has('alice'), false, 'the lost commands are lost');
    await remains.stop();
    assert.equal(readFileSync(path.join(location, DURABLE_MARK), 'utf8'), `${remains.state.lastSeq}\n`);
  });
});

describe('the durable mark of a store that does not fsync its batches (durability "relaxed")', () => {
  it('is not written: a power cut could leave it ahead of the log', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-relaxed-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir }, root);
      const exchange = await Exchange.start({ ...config, storage: { ...config.storage, durability: 'relaxed' } }, new ManualClock(1_700_000_100_000), silent);
      await exchange.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
      await exchange.stop();
      assert.equal(existsSync(path.join(dataDir, 'exchange.leveldb', DURABLE_MARK)), false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
