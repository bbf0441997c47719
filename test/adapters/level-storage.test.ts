import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { JournalCorruptionError } from '../../src/adapters/storage/level-journal.ts';
import { fileSizes, LevelStorage } from '../../src/adapters/storage/level-storage.ts';
import { ClassicLevel } from 'classic-level';
import { DAMAGE_NOTE, noteDamage, OPEN_UNCHECKED } from '../../src/adapters/storage/wal-damage.ts';
import { journalKey, JOURNAL_PREFIX, rangeEnd } from '../../src/adapters/storage/keys.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { GroupCommitter, StorageUnavailableError } from '../../src/app/group-commit.ts';
import { recover } from '../../src/app/recovery.ts';
import { Sequencer } from '../../src/app/sequencer.ts';
import { takeSnapshot } from '../../src/app/snapshotter.ts';
import { hashOfSerialized, stateHash } from '../../src/app/state-hash.ts';
import { type Command, type SerializedState, serializeState } from '../../src/core/index.ts';
import { COPPER, twoAccountDay } from '../support/core-harness.ts';

const silent = (): void => undefined;

function session(orders: number): Command[] {
  const out: Command[] = twoAccountDay();
  for (let i = 0; i < orders; i++) {
    out.push({
      type: 'order.place',
      accountId: i % 2 === 0 ? 'A' : 'B',
      orderId: `o${i}`,
      instrumentId: COPPER.instrumentId,
      direction: i % 2 === 0 ? 'BUY' : 'SELL',
      offset: 'OPEN',
      priceType: 'LIMIT',
      price: 70000 + (i % 7) * 10 - 30,
      volume: 1 + (i % 3),
      timeCondition: 'GFD',
      volumeCondition: 'ANY',
    });
  }
  return out;
}

async function openExchange(dataDir: string, log: (line: string) => void = silent) {
  const storage = await LevelStorage.open({ dataDir, durability: 'full', log });
  const recovered = await recover(storage.journal, storage.snapshots, {}, log);
  const sequencer = new Sequencer(recovered.state, storage.journal, new ManualClock(1_700_000_000_000));
  const committer = new GroupCommitter(sequencer, storage.journal, log);
  return { storage, recovered, sequencer, committer };
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'basis-storage-'));
}

/** A store holding a short session, closed; its folder, the engine's folder, its write-ahead log and last seq. */
async function closedStore(): Promise<{ dir: string; location: string; logFile: string; lastSeq: number }> {
  const dir = tempDir();
  const first = await openExchange(dir);
  for (const c of session(10)) await first.committer.submit(c);
  const lastSeq = first.sequencer.state.lastSeq;
  await first.storage.close();
  const location = path.join(dir, 'exchange.leveldb');
  const logFile = path.join(location, readdirSync(location).find((name) => /^\d+\.log$/.test(name))!);
  return { dir, location, logFile, lastSeq };
}

/** Where the write-ahead log holds the batch of `seq`. */
function batchAt(log: Buffer, seq: number): number {
  return log.lastIndexOf(Buffer.from(journalKey(seq)));
}

/** One flipped bit in the newest acknowledged batch, as a failing disk might return it. */
function flipBitInNewestBatch(logFile: string, lastSeq: number): void {
  const bytes = readFileSync(logFile);
  bytes[batchAt(bytes, lastSeq) + journalKey(lastSeq).length + 8]! ^= 0x04;
  writeFileSync(logFile, bytes);
}

describe('durable journal on LevelDB', () => {
  it('a restart replays the journal to the same state hash', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    const results = await Promise.all(session(40).map((c) => first.committer.submit(c)));
    assert.equal(results.at(-1)!.stamped.seq, 45);
    const hash = stateHash(first.sequencer.state);
    await first.storage.close();

    const second = await openExchange(dir);
    assert.deepEqual([second.recovered.snapshotSeq, second.recovered.replayed], [0, 45]);
    assert.equal(stateHash(second.recovered.state), hash);
    await second.storage.close();
  });

  it('a record the core cannot apply stops the start, naming its seq and type', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    for (const c of twoAccountDay()) await first.committer.submit(c);
    // A command the core throws on: journaled, then the core halts.
    await assert.rejects(first.committer.submit({ type: 'no.such.command' } as unknown as Command));
    await first.committer.drain().catch(() => undefined);
    await first.storage.close();
    await assert.rejects(openExchange(dir), /journal record 6 \(no\.such\.command\) cannot be replayed: unknown command type/);
  });

  it('a second process on the same DATA_DIR is told so, with the store\'s own reason', async () => {
    const dir = tempDir();
    const first = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    await assert.rejects(LevelStorage.open({ dataDir: dir, durability: 'full', log: silent }), /another exchange process is using this DATA_DIR \(.*lock/i);
    await first.close();
  });

  it('a store whose CURRENT file is missing is refused, and none of its files is touched', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    for (const c of session(20)) await first.committer.submit(c);
    // Tables hold the records, as after a compaction or a restart.
    await first.storage.db.compactRange('\u0000', '\uffff');
    await first.storage.close();
    const location = path.join(dir, 'exchange.leveldb');
    rmSync(path.join(location, 'CURRENT'));
    const files = () => readdirSync(location).filter((name) => name !== 'LOG' && name !== 'LOG.old').map((name) => [name, statSync(path.join(location, name)).size]);
    const before = files();
    await assert.rejects(LevelStorage.open({ dataDir: dir, durability: 'full', log: silent }), /store at .* is damaged: it holds files but no CURRENT file.*Nothing was changed/);
    assert.deepEqual(files(), before);
  });

  it('commits one event-loop turn as one batch and acknowledges only after it is durable', async () => {
    const dir = tempDir();
    const x = await openExchange(dir);
    let durableBatches = 0;
    x.committer.onDurable(() => durableBatches++);
    const pending = session(10).map((c) => x.committer.submit(c));
    await Promise.all(pending);
    assert.equal(durableBatches, 1, 'all commands of one turn went in one batch');
    let entries = 0;
    for await (const _ of x.storage.db.keys({ gte: JOURNAL_PREFIX, lt: rangeEnd(JOURNAL_PREFIX) })) entries++;
    assert.equal(entries, 1, 'one storage write for the batch');
    const seqs: number[] = [];
    for await (const batch of x.storage.journal.readFrom(0)) seqs.push(...batch.map((r) => r.seq));
    assert.deepEqual(seqs, Array.from({ length: 15 }, (_, i) => i + 1));
    await x.storage.close();
  });

  it('says when it starts a new, empty store (a mistyped DATA_DIR), and not when it opens one', async () => {
    const dir = path.join(tempDir(), 'not', 'there', 'yet');
    const lines: string[] = [];
    const first = await LevelStorage.open({ dataDir: dir, durability: 'full', log: (line) => lines.push(line) });
    await first.close();
    assert.ok(lines.some((line) => /no store at .*: starting a new, empty exchange there/.test(line)), lines.join('\n'));
    lines.length = 0;
    const again = await LevelStorage.open({ dataDir: dir, durability: 'full', log: (line) => lines.push(line) });
    await again.close();
    assert.ok(!lines.some((line) => line.includes('starting a new')), lines.join('\n'));
  });

  it('a snapshot round trip: same hash, journal pruned through the older snapshot kept, later records replayed', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    const commands = session(30);
    for (const c of commands.slice(0, 10)) await first.committer.submit(c);
    const olderSeq = await takeSnapshot(first.sequencer.state, first.storage.journal, first.storage.snapshots, (seq) => first.storage.journal.pruneThrough(seq));
    for (const c of commands.slice(10, 20)) await first.committer.submit(c);
    const snapSeq = await takeSnapshot(first.sequencer.state, first.storage.journal, first.storage.snapshots, (seq) => first.storage.journal.pruneThrough(seq));
    for (const c of commands.slice(20)) await first.committer.submit(c);
    const hash = stateHash(first.sequencer.state);
    await first.storage.close();

    const second = await openExchange(dir);
    assert.deepEqual([second.recovered.snapshotSeq, second.recovered.replayed], [snapSeq, commands.length - snapSeq]);
    assert.equal(stateHash(second.recovered.state), hash);
    let oldest = Infinity;
    for await (const key of second.storage.db.keys({ gte: JOURNAL_PREFIX, lt: rangeEnd(JOURNAL_PREFIX), limit: 1 })) oldest = Number(key.slice(2));
    assert.equal(oldest, olderSeq + 1, 'records covered by the older snapshot are gone; those after it stay, to fall back on it');
    await second.storage.close();
  });

  it('a snapshot written in the previous state format (resting orders as objects) still restores', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    // Orders that rest (prices apart), so the books are not empty.
    const commands = session(0);
    for (const c of commands) await first.committer.submit(c);
    for (let i = 0; i < 6; i++) {
      await first.committer.submit({
        type: 'order.place', accountId: i % 2 === 0 ? 'A' : 'B', orderId: `r${i}`, instrumentId: COPPER.instrumentId,
        direction: i % 2 === 0 ? 'BUY' : 'SELL', offset: 'OPEN', priceType: 'LIMIT', price: i % 2 === 0 ? 69000 - i * 10 : 71000 + i * 10,
        volume: 1 + i, timeCondition: 'GFD', volumeCondition: 'ANY',
      });
    }
    const state = first.sequencer.state;
    const hash = stateHash(state);
    // The same state as format 2 wrote it: each resting order an object with its field names.
    const current = serializeState(state);
    const asObjects = (instrumentId: string, rows: readonly unknown[][]) =>
      rows.map((r) => ({
        accountId: r[0], orderId: r[1], instrumentId, exchangeOrderId: r[2], direction: r[3], offset: r[4], priceType: r[5], limitPrice: r[6],
        volume: r[8], volumeLeft: r[9], timeCondition: r[10], volumeCondition: r[11], minVolume: r[12], validUntilDate: r[13], insertTs: r[14],
        status: r[15], lastMsg: r[16], priceTicks: r[7], funded: r[17] === 1, marginPerLot: r[18], commissionPerLot: r[19], reservedHis: r[20], reservedToday: r[21],
      }));
    const legacy = {
      ...current,
      format: 2,
      instruments: current.instruments.map((i) => ({ ...i, bids: asObjects(i.spec.instrumentId, i.bids as unknown[][]), asks: asObjects(i.spec.instrumentId, i.asks as unknown[][]) })),
    };
    assert.ok(legacy.instruments.some((i) => i.bids.length > 0 && i.asks.length > 0), 'both books hold orders');
    const text = JSON.stringify({ seq: state.lastSeq, ts: state.lastTs, hash: hashOfSerialized(legacy as SerializedState), state: legacy });
    await first.storage.snapshots.save(state.lastSeq, Buffer.from(text));
    await first.storage.journal.pruneThrough(state.lastSeq);
    await first.storage.close();
    const second = await openExchange(dir);
    assert.equal(second.recovered.snapshotSeq, state.lastSeq, 'the format-2 snapshot was used');
    assert.equal(second.recovered.replayed, 0);
    assert.equal(stateHash(second.recovered.state), hash);
    await second.storage.close();
  });

  it('a crash between saving a snapshot and pruning the journal loses and duplicates nothing', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    for (const c of session(20)) await first.committer.submit(c);
    await takeSnapshot(first.sequencer.state, first.storage.journal, first.storage.snapshots, async () => undefined);
    const hash = stateHash(first.sequencer.state);
    await first.storage.close();
    const second = await openExchange(dir);
    assert.equal(second.recovered.replayed, 0);
    assert.equal(stateHash(second.recovered.state), hash);
    await second.storage.close();
  });

  it('an unreadable last record refuses the start at every byte offset: the engine stores a batch whole, so it is damage to a stored one', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    for (const c of session(10)) await first.committer.submit(c);
    const lastSeq = first.sequencer.state.lastSeq;
    const full = (await first.storage.db.get(journalKey(lastSeq)))!;
    await first.storage.close();
    for (let cut = 0; cut < full.length; cut++) {
      const storage = await LevelStorage.open({ dataDir: dir, durability: 'relaxed', log: silent });
      await storage.db.put(journalKey(lastSeq), full.slice(0, cut));
      await assert.rejects(
        recover(storage.journal, storage.snapshots, {}, silent),
        (error: unknown) => error instanceof JournalCorruptionError && error.seq === lastSeq,
        `cut at byte ${cut}`,
      );
      // Nothing was dropped: with the batch restored, the exchange starts with all of it.
      await storage.db.put(journalKey(lastSeq), full);
      const recovered = await recover(storage.journal, storage.snapshots, {}, silent);
      assert.equal(recovered.state.lastSeq, lastSeq);
      await storage.close();
    }
  });

  it('sidecars are stored with their batch and outlive pruning', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    // A sidecar for every command, as the exchange attaches the history a command adds.
    first.sequencer.onApplied(({ stamped }) => first.storage.journal.attach(stamped.seq, { seq: stamped.seq }));
    for (const c of session(6)) await first.committer.submit(c);
    const lastSeq = first.sequencer.state.lastSeq;
    await takeSnapshot(first.sequencer.state, first.storage.journal, first.storage.snapshots, (seq) => first.storage.journal.pruneThrough(seq));
    const seqs = async (journal: typeof first.storage.journal): Promise<number[]> => {
      const out: number[] = [];
      for await (const batch of journal.sidecars()) for (const [seq] of batch) out.push(seq);
      return out;
    };
    const all = Array.from({ length: lastSeq }, (_, i) => i + 1);
    assert.deepEqual(await seqs(first.storage.journal), all, 'kept after the journal was pruned');
    await first.storage.close();
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'relaxed', log: silent });
    await recover(storage.journal, storage.snapshots, {}, silent);
    assert.deepEqual(await seqs(storage.journal), all, 'and after a restart');
    await storage.close();
  });

  it('damage in the newest block of the write-ahead log stops the start, and keeps stopping it until an operator decides', async () => {
    const { dir, location, logFile, lastSeq } = await closedStore();
    // The storage engine drops the rest of that block of its log and opens all the same.
    flipBitInNewestBatch(logFile, lastSeq);

    await assert.rejects(openExchange(dir), /is damaged: the storage engine dropped part of its write-ahead log .*dropping \d+ bytes.*acknowledged may be missing/);
    const note = path.join(location, DAMAGE_NOTE);
    assert.match(readFileSync(note, 'utf8'), /Corruption/);
    // The next start is refused too: the engine's log no longer shows the damage, the note does.
    await assert.rejects(openExchange(dir), /lost part of its write-ahead log at an earlier start, and waits for a decision/);
    // The operator goes on with what remains: fewer commands than were acknowledged.
    rmSync(note);
    const second = await openExchange(dir);
    assert.ok(second.recovered.state.lastSeq < lastSeq, `recovered through ${second.recovered.state.lastSeq} of ${lastSeq}`);
    await second.storage.close();
    assert.equal(existsSync(note), false);
  });

  it('a start that ended before it read the engine\'s log (killed, or a failing disk) leaves the damage for the next to find', async () => {
    const { dir, location, logFile, lastSeq } = await closedStore();
    flipBitInNewestBatch(logFile, lastSeq);
    // A start marks its open, opens, and ends before reading the log: the engine has dropped
    // the damaged records for good, and its log of that open is all that says so.
    writeFileSync(path.join(location, OPEN_UNCHECKED), '');
    const engine = new ClassicLevel(location);
    await engine.open();
    await engine.close();
    await assert.rejects(openExchange(dir), /is damaged: the storage engine dropped part of its write-ahead log .*dropping \d+ bytes/);
    assert.ok(existsSync(path.join(location, DAMAGE_NOTE)));
    assert.equal(existsSync(path.join(location, OPEN_UNCHECKED)), false, 'the note carries the decision now');
    // A note that cannot be written is said in the error, and the open stays marked unread.
    const nowhere = path.join(dir, 'no-such-folder');
    assert.match(noteDamage(nowhere, ['(ignoring error) x.log: dropping 5 bytes; Corruption: checksum mismatch'], new Date()).message, /could not be written: .*the next start will find the damage again/);
  });

  it('a clean start leaves no marker behind; a folder the start cannot write in is refused as the store', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    await first.storage.close();
    assert.deepEqual(readdirSync(path.join(dir, 'exchange.leveldb')).filter((name) => name === OPEN_UNCHECKED || name === DAMAGE_NOTE), []);
    // (A directory where the mark goes: the write fails as on a read-only or full disk.)
    mkdirSync(path.join(dir, 'exchange.leveldb', OPEN_UNCHECKED));
    await assert.rejects(openExchange(dir), /^Error: cannot open the store at .*exchange\.leveldb \(EISDIR/);
  });

  it('a crash while the last batch was written (a torn, never acknowledged record) is no damage', async () => {
    const { dir, location, logFile, lastSeq } = await closedStore();
    const bytes = readFileSync(logFile);
    writeFileSync(logFile, bytes.subarray(0, batchAt(bytes, lastSeq) + 4));
    const second = await openExchange(dir);
    assert.equal(second.recovered.state.lastSeq, lastSeq - 1);
    await second.storage.close();
    assert.equal(existsSync(path.join(location, DAMAGE_NOTE)), false);
  });

  it('a corrupt record in the middle refuses to start, naming its seq', async () => {
    const dir = tempDir();
    const first = await openExchange(dir);
    for (const c of session(10)) await first.committer.submit(c);
    await first.storage.db.put(journalKey(7), '{"seq":7,"ts":');
    await first.storage.close();
    await assert.rejects(openExchange(dir), (error: unknown) => error instanceof JournalCorruptionError && error.seq === 7 && /journal record 7/.test(error.message));
  });

  it('a storage write error stops acceptance and acknowledges nothing it did not store', async () => {
    const dir = tempDir();
    const x = await openExchange(dir);
    await x.committer.submit(session(0)[0]!);
    await x.storage.close();
    await assert.rejects(x.committer.submit(session(0)[1]!), StorageUnavailableError);
    await assert.rejects(x.committer.submit(session(0)[2]!), StorageUnavailableError);
    assert.ok(x.committer.isFailed);
  });

  it('reports the engine figures and runs a real compaction', async () => {
    const dir = tempDir();
    const x = await openExchange(dir);
    for (const c of session(50)) await x.committer.submit(c);
    await x.storage.compact();
    const figures = x.storage.figures();
    assert.ok(figures.sstable_count >= 1, 'compaction wrote SSTables');
    assert.ok(figures.sstable_total_size_mb > 0);
    for (const value of Object.values(figures)) assert.ok(Number.isFinite(value) && value >= 0);
    await x.storage.close();
  });

  it('measures the files a folder lists, skipping one deleted in between (a table a compaction merged)', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '000001.ldb'), 'x'.repeat(10));
    assert.deepEqual(fileSizes(dir, ['000001.ldb', '000002.ldb']), [{ name: '000001.ldb', size: 10 }]);
  });
});
