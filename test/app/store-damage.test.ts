/**
 * Damage to the storage engine's data files (not its write-ahead log, which
 * wal-damage.ts watches): the engine's own words ("Corruption: ...") name no store and no
 * way out, so the start's refusal names the data folder and what to do.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
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
