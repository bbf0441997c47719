/**
 * Core versions (docs/decisions.md): the store records which version of the core's rules
 * applied which commands, and a start refuses to replay commands another version applied,
 * since its rules could decide them otherwise than clients were shown.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { CORE_VERSIONS_KEY } from '../../src/adapters/storage/keys.ts';
import { LevelStorage } from '../../src/adapters/storage/level-storage.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { GroupCommitter } from '../../src/app/group-commit.ts';
import { recover } from '../../src/app/recovery.ts';
import { Sequencer } from '../../src/app/sequencer.ts';
import { takeSnapshot } from '../../src/app/snapshotter.ts';
import { loadConfig } from '../../src/config/index.ts';
import { CORE_VERSION, versionsApplying } from '../../src/core/index.ts';
import { twoAccountDay } from '../support/core-harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
const silent = (): void => undefined;
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'basis-versions-'));
  dirs.push(dir);
  return dir;
}

/**
 * Journals commands straight through storage (no Exchange, so no version recorded) and
 * stops without a snapshot after them, as a crash would; with `snapshotAtStop`, as an
 * earlier version's clean stop would. Returns the last seq.
 */
async function journalWithoutSnapshot(dataDir: string, snapshotAtStop = false): Promise<number> {
  const storage = await LevelStorage.open({ dataDir, durability: 'full', log: silent });
  const recovered = await recover(storage.journal, storage.snapshots, {}, silent);
  const sequencer = new Sequencer(recovered.state, storage.journal, new ManualClock(1_700_000_000_000));
  const committer = new GroupCommitter(sequencer, storage.journal, silent);
  if (recovered.state.lastSeq === 0) for (const command of twoAccountDay()) await committer.submit(command);
  const n = recovered.state.lastSeq;
  await committer.submit({ type: 'user.register', userId: `v${n}`, username: `version${n}`, passwordHash: 'h', role: 'user' });
  if (snapshotAtStop) await takeSnapshot(sequencer.state, storage.journal, storage.snapshots, (seq) => storage.journal.pruneThrough(seq));
  const lastSeq = sequencer.state.lastSeq;
  await storage.close();
  return lastSeq;
}

async function startExchange(dataDir: string): Promise<Exchange> {
  return Exchange.start(loadConfig({ DATA_DIR: dataDir }, root), new ManualClock(1_700_000_100_000), silent);
}

async function storedVersions(dataDir: string): Promise<unknown> {
  const storage = await LevelStorage.open({ dataDir, durability: 'full', log: silent });
  const text = await storage.db.get(CORE_VERSIONS_KEY);
  await storage.close();
  return text === undefined ? undefined : JSON.parse(text);
}

describe('core versions', () => {
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('names the versions that applied a range of commands', () => {
    const spans = [
      { fromSeq: 1, version: 1 },
      { fromSeq: 50, version: 2 },
      { fromSeq: 90, version: 3 },
    ];
    assert.deepEqual(versionsApplying(spans, 10, 40), [1]);
    assert.deepEqual(versionsApplying(spans, 40, 60), [1, 2]);
    assert.deepEqual(versionsApplying(spans, 50, 89), [2]);
    assert.deepEqual(versionsApplying(spans, 95, 99), [3]);
  });

  it('a new store records that this version applies its commands from the first', async () => {
    const dir = tempDir();
    const exchange = await startExchange(dir);
    await exchange.stop();
    assert.deepEqual(await storedVersions(dir), [{ fromSeq: 1, version: CORE_VERSION }]);
  });

  it('refuses to replay commands an earlier version applied, until that version has snapshotted them', async () => {
    const dir = tempDir();
    // A store from before versions were recorded, with commands after its last snapshot.
    const lastSeq = await journalWithoutSnapshot(dir);
    await assert.rejects(startExchange(dir), (error: Error) => {
      assert.match(error.message, new RegExp(`commands 1\\.\\.${lastSeq} to replay \\(with no snapshot before them\\) applied by core version 1`));
      assert.match(error.message, /Start the version that wrote them once and stop it/);
      return true;
    });
    // That version starts, replays them and snapshots at its stop: nothing is left to replay.
    const drained = await journalWithoutSnapshot(dir, true);
    const exchange = await startExchange(dir);
    await exchange.stop();
    assert.deepEqual(await storedVersions(dir), [
      { fromSeq: 1, version: 1 },
      { fromSeq: drained + 1, version: CORE_VERSION },
    ]);
  });

  it('does not open a store a newer version wrote, saying so (not as damage, nor with advice for an upgrade)', async () => {
    const dir = tempDir();
    const first = await startExchange(dir);
    await first.stop();
    // A newer build applied commands after this one's (a downgrade after an upgrade).
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    const newer = [{ fromSeq: 1, version: CORE_VERSION }, { fromSeq: 100, version: CORE_VERSION + 1 }];
    await storage.db.put(CORE_VERSIONS_KEY, JSON.stringify(newer));
    await storage.close();
    await assert.rejects(startExchange(dir), (error: Error) => {
      assert.match(error.message, new RegExp(`written by core version ${CORE_VERSION + 1}, newer than this exchange's \\(core version ${CORE_VERSION}\\)`));
      assert.match(error.message, /restore the copy of the data folder taken before the upgrade/);
      return true;
    });
    assert.deepEqual(await storedVersions(dir), newer, 'nothing recorded over it');
  });

  it('replays commands this version applied after its last snapshot (a crash)', async () => {
    const dir = tempDir();
    const first = await startExchange(dir);
    await first.stop();
    // Commands journaled by this code after the stop's snapshot, and no snapshot after them.
    const lastSeq = await journalWithoutSnapshot(dir);
    const again = await startExchange(dir);
    assert.ok(again.state.lastSeq >= lastSeq);
    await again.stop();
  });
});
