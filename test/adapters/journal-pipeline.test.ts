import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ClassicLevel } from 'classic-level';
import { JournalCorruptionError, LevelJournal, MAX_WRITES_IN_FLIGHT } from '../../src/adapters/storage/level-journal.ts';
import { LevelStorage } from '../../src/adapters/storage/level-storage.ts';
import { journalKey, PRUNED_THROUGH_KEY, sidecarKey, snapshotKey } from '../../src/adapters/storage/keys.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { GroupCommitter } from '../../src/app/group-commit.ts';
import { recover } from '../../src/app/recovery.ts';
import { Sequencer } from '../../src/app/sequencer.ts';
import { takeSnapshot } from '../../src/app/snapshotter.ts';
import { stateHash } from '../../src/app/state-hash.ts';
import type { Command, StampedCommand } from '../../src/core/index.ts';
import { twoAccountDay } from '../support/core-harness.ts';

const silent = (): void => undefined;

/** A stand-in engine whose writes finish when the test says, in any order. */
class ControlledEngine {
  readonly writes: { ops: { key: string }[]; finish: () => void; fail: (error: Error) => void }[] = [];
  iterator() {
    return { async *[Symbol.asyncIterator]() {} };
  }
  keys() {
    return { async *[Symbol.asyncIterator]() {} };
  }
  async get(): Promise<string | undefined> {
    return undefined;
  }
  async put(): Promise<void> {}
  batch(ops: { key: string }[]): Promise<void> {
    return new Promise<void>((resolve, reject) => this.writes.push({ ops, finish: resolve, fail: reject }));
  }
}

function record(seq: number): StampedCommand {
  return { seq, ts: 1_700_000_000_000 + seq, command: { type: 'trading-day.end' } };
}

/** Resolution order of promises, observed after the microtask queue drained. */
function track(promises: Promise<void>[]): { settled: string[] } {
  const seen = { settled: [] as string[] };
  promises.forEach((p, i) =>
    p.then(
      () => seen.settled.push(`ok${i}`),
      () => seen.settled.push(`failed${i}`),
    ),
  );
  return seen;
}

const drain = () => new Promise<void>((resolve) => setImmediate(resolve));

async function controlledJournal() {
  const engine = new ControlledEngine();
  const journal = await LevelJournal.open(engine as unknown as ClassicLevel<string, string>, { sync: true, log: silent });
  let seq = 0;
  const append = (n: number) => {
    for (let i = 0; i < n; i++) journal.append(record(++seq));
  };
  return { engine, journal, append };
}

describe('journal writes in flight', () => {
  it(`runs ${MAX_WRITES_IN_FLIGHT} writes at once and acknowledges in seq order, whatever order the engine finishes in`, async () => {
    const { engine, journal, append } = await controlledJournal();
    const commits = Array.from({ length: MAX_WRITES_IN_FLIGHT }, () => {
      append(2);
      return journal.commit();
    });
    assert.equal(engine.writes.length, MAX_WRITES_IN_FLIGHT, 'later writes start before the first ends');
    const seen = track(commits);
    for (let i = MAX_WRITES_IN_FLIGHT - 1; i >= 1; i--) engine.writes[i]!.finish();
    await drain();
    assert.deepEqual(seen.settled, [], 'later writes alone acknowledge nothing');
    engine.writes[0]!.finish();
    await drain();
    assert.deepEqual(seen.settled, commits.map((_, i) => `ok${i}`));
  });

  it('a commit with every slot busy waits, then takes everything pending in one write', async () => {
    const { engine, journal, append } = await controlledJournal();
    const inFlight = Array.from({ length: MAX_WRITES_IN_FLIGHT }, () => {
      append(1);
      return journal.commit();
    });
    append(1);
    const waiting1 = journal.commit();
    append(1);
    const waiting2 = journal.commit();
    assert.equal(engine.writes.length, MAX_WRITES_IN_FLIGHT);
    engine.writes[0]!.finish();
    await drain();
    assert.equal(engine.writes.length, MAX_WRITES_IN_FLIGHT + 1, 'one write for the two waiting commits');
    assert.deepEqual(engine.writes.at(-1)!.ops.map((op) => op.key), [journalKey(MAX_WRITES_IN_FLIGHT + 1)]);
    const seen = track([...inFlight, waiting1, waiting2]);
    engine.writes.at(-1)!.finish();
    await drain();
    assert.deepEqual(seen.settled, ['ok0'], 'the waiting commits wait for the writes started before theirs');
    for (let i = 1; i < MAX_WRITES_IN_FLIGHT; i++) engine.writes[i]!.finish();
    await drain();
    assert.equal(seen.settled.length, MAX_WRITES_IN_FLIGHT + 2);
    assert.deepEqual(seen.settled, seen.settled.map((_, i) => `ok${i}`));
    assert.equal(engine.writes.length, MAX_WRITES_IN_FLIGHT + 1, 'the second waiting commit found nothing left to write');
  });

  it('a failed write fails every commit after it, even those whose own write succeeded', async () => {
    const { engine, journal, append } = await controlledJournal();
    append(1);
    const a = journal.commit();
    append(1);
    const b = journal.commit();
    const seen = track([a, b]);
    engine.writes[1]!.finish();
    engine.writes[0]!.fail(new Error('disk full'));
    await drain();
    assert.deepEqual(seen.settled.sort(), ['failed0', 'failed1']);
    append(1);
    await assert.rejects(journal.commit(), /disk full/);
  });

  it('many commits waiting for a slot all settle, with one write for all of them', async () => {
    const { engine, journal, append } = await controlledJournal();
    const commits: Promise<void>[] = [];
    for (let i = 0; i < MAX_WRITES_IN_FLIGHT + 5; i++) {
      append(1);
      commits.push(journal.commit());
    }
    const seen = track(commits);
    for (const write of engine.writes.slice()) write.finish();
    await drain();
    assert.equal(engine.writes.length, MAX_WRITES_IN_FLIGHT + 1, 'the waiting commits shared one write');
    engine.writes.at(-1)!.finish();
    await drain();
    assert.equal(seen.settled.length, commits.length, 'none left hanging');
    assert.ok(seen.settled.every((s) => s.startsWith('ok')));
  });

  it('after a failure, commits waiting for a slot are refused, not left hanging', async () => {
    const { engine, journal, append } = await controlledJournal();
    const commits: Promise<void>[] = [];
    for (let i = 0; i < MAX_WRITES_IN_FLIGHT + 3; i++) {
      append(1);
      commits.push(journal.commit());
    }
    const seen = track(commits);
    engine.writes[0]!.fail(new Error('disk full'));
    for (const write of engine.writes.slice(1)) write.finish();
    await drain();
    assert.equal(seen.settled.length, commits.length);
    assert.ok(seen.settled.every((s) => s.startsWith('failed')));
  });

  it(`never more than ${MAX_WRITES_IN_FLIGHT} writes unacknowledged: later writes ending first free no slot`, async () => {
    const { engine, journal, append } = await controlledJournal();
    for (let i = 0; i < MAX_WRITES_IN_FLIGHT; i++) {
      append(1);
      void journal.commit();
    }
    // Every write but the first ends; the first is still running.
    for (const write of engine.writes.slice(1)) write.finish();
    await drain();
    append(1);
    void journal.commit();
    await drain();
    assert.equal(engine.writes.length, MAX_WRITES_IN_FLIGHT, 'no new write while the first is unacknowledged');
    engine.writes[0]!.finish();
    await drain();
    assert.equal(engine.writes.length, MAX_WRITES_IN_FLIGHT + 1);
  });
});

const session: Command[] = [
  ...twoAccountDay(),
  { type: 'account.deposit', accountId: 'A', amount: 100 },
  { type: 'account.deposit', accountId: 'B', amount: 200 },
];

async function openExchange(dataDir: string, log: (line: string) => void = silent) {
  const storage = await LevelStorage.open({ dataDir, durability: 'full', log });
  const recovered = await recover(storage.journal, storage.snapshots, {}, log);
  const sequencer = new Sequencer(recovered.state, storage.journal, new ManualClock(1_700_000_000_000));
  const committer = new GroupCommitter(sequencer, storage.journal, log);
  sequencer.onApplied(({ stamped }) => storage.journal.attach(stamped.seq, { seq: stamped.seq }));
  return { storage, recovered, sequencer, committer };
}

/** One command per batch, so that each seq is its own stored batch. */
async function runOneByOne(dir: string, commands: readonly Command[]): Promise<string[]> {
  const x = await openExchange(dir);
  const hashes = [stateHash(x.sequencer.state)];
  for (const c of commands) {
    await x.committer.submit(c);
    hashes.push(stateHash(x.sequencer.state));
  }
  await x.storage.close();
  return hashes;
}

describe('recovery after writes finished out of order', () => {
  it('drops the batch after a hole (never acknowledged); the next command takes the seq', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'basis-pipeline-'));
    const hashes = await runOneByOne(dir, session);
    // The crash case: the engine had the last write but not the one before it. That one
    // held record 6 and the sidecar of record 5 (sidecars follow their record's apply);
    // the last held record 7 alone, as record 6 was never applied.
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    await storage.db.del(journalKey(6));
    await storage.db.del(sidecarKey(5));
    await storage.db.del(sidecarKey(6));
    await storage.close();
    const lines: string[] = [];
    const x = await openExchange(dir, (line) => lines.push(line));
    assert.equal(stateHash(x.recovered.state), hashes[5], 'the state of seq 5, the last acknowledged');
    assert.ok(lines.some((line) => line.includes('dropping 1 unacknowledged batch(es) from seq 7')), lines.join('\n'));
    assert.equal(x.storage.journal.lastSeq, 5);
    await x.committer.submit({ type: 'account.deposit', accountId: 'A', amount: 1 });
    await x.committer.flush();
    const history: number[] = [];
    for await (const batch of x.storage.journal.sidecars()) for (const [seq] of batch) history.push(seq);
    assert.deepEqual(history, [1, 2, 3, 4, 6], "the new record 6's sidecar; that of record 5 went with the lost write (Exchange.start rebuilds it)");
    await x.storage.close();
    const again = await openExchange(dir);
    assert.equal(again.recovered.state.lastSeq, 6);
    await again.storage.close();
  });

  it('a newer snapshot that cannot be used: recovery starts from the older one, whose journal records are kept', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'basis-pipeline-'));
    const x = await openExchange(dir);
    for (const c of session.slice(0, 2)) await x.committer.submit(c);
    await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (seq) => x.storage.journal.pruneThrough(seq));
    for (const c of session.slice(2, 4)) await x.committer.submit(c);
    const older = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (seq) => x.storage.journal.pruneThrough(seq));
    for (const c of session.slice(4, 6)) await x.committer.submit(c);
    const newer = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (seq) => x.storage.journal.pruneThrough(seq));
    await x.committer.submit(session[6]!);
    const hash = stateHash(x.sequencer.state);
    await x.storage.close();
    assert.ok(older < newer);
    // The newer snapshot becomes unreadable: recovery falls back to the older one.
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    await storage.db.put(snapshotKey(newer), 'not a snapshot');
    await storage.close();
    const again = await openExchange(dir);
    assert.deepEqual([again.recovered.snapshotSeq, again.recovered.replayed], [older, session.length - older]);
    assert.equal(stateHash(again.recovered.state), hash, 'nothing lost');
    await again.storage.close();
  });

  it('a snapshot whose projections were damaged (its state intact) is passed over for the older one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'basis-pipeline-'));
    const x = await openExchange(dir);
    const tape = (seq: number) => () => ({ marketData: { tape: [seq, 1_795_600_556_709] } });
    for (const c of session.slice(0, 4)) await x.committer.submit(c);
    const older = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (s) => x.storage.journal.pruneThrough(s), tape(1));
    for (const c of session.slice(4)) await x.committer.submit(c);
    const newer = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (s) => x.storage.journal.pruneThrough(s), tape(2));
    await x.storage.close();
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    const text = (await storage.db.get(snapshotKey(newer)))!;
    // One digit of a trade's time changed, as a flipped bit would: still JSON, still a snapshot.
    await storage.db.put(snapshotKey(newer), text.replace('1795600556709', '1795600456709'));
    await storage.close();
    const lines: string[] = [];
    const again = await openExchange(dir, (line) => lines.push(line));
    assert.equal(again.recovered.snapshotSeq, older);
    assert.deepEqual(again.recovered.projections, tape(1)());
    assert.ok(lines.some((line) => line.includes(`snapshot ${newer}'s projections hash to`)), lines.join('\n'));
    await again.storage.close();
  });

  it('both kept snapshots unusable and the journal pruned under them: recovery refuses rather than start without the records', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'basis-pipeline-'));
    const x = await openExchange(dir);
    const seqs: number[] = [];
    for (const part of [session.slice(0, 2), session.slice(2, 4), session.slice(4)]) {
      for (const c of part) await x.committer.submit(c);
      seqs.push(await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (s) => x.storage.journal.pruneThrough(s)));
    }
    await x.storage.close();
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    for (const seq of seqs.slice(1)) await storage.db.put(snapshotKey(seq), 'not a snapshot');
    await storage.close();
    await assert.rejects(openExchange(dir), (error: unknown) => error instanceof JournalCorruptionError && error.seq === 1 && /^journal records 1 to \d+ are missing \(they were pruned under/.test(error.message));
  });

  it('a data folder from before the pruning mark: a crash hole right after its snapshot is still dropped', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'basis-pipeline-'));
    const x = await openExchange(dir);
    for (const c of session.slice(0, 4)) await x.committer.submit(c);
    const seq = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (s) => x.storage.journal.pruneThrough(s));
    const hash = stateHash(x.sequencer.state);
    for (const c of session.slice(4, 7)) await x.committer.submit(c);
    await x.storage.close();
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    await storage.db.del(PRUNED_THROUGH_KEY);
    // The write right after the snapshot was lost; the two after it were not acknowledged.
    await storage.db.del(journalKey(seq + 1));
    await storage.close();
    const lines: string[] = [];
    const again = await openExchange(dir, (line) => lines.push(line));
    assert.equal(again.recovered.state.lastSeq, seq);
    assert.equal(stateHash(again.recovered.state), hash);
    assert.ok(lines.some((line) => line.includes('dropping 2 unacknowledged batch(es)')), lines.join('\n'));
    await again.storage.close();
  });

  it('a data folder from before the pruning mark: records pruned under an unusable snapshot are still refused', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'basis-pipeline-'));
    const x = await openExchange(dir);
    for (const c of session.slice(0, 4)) await x.committer.submit(c);
    const older = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (s) => x.storage.journal.pruneThrough(s));
    for (const c of session.slice(4)) await x.committer.submit(c);
    const newer = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (s) => x.storage.journal.pruneThrough(s));
    await x.storage.close();
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    await storage.db.del(PRUNED_THROUGH_KEY);
    for (const seq of [older, newer]) await storage.db.put(snapshotKey(seq), 'not a snapshot');
    await storage.close();
    await assert.rejects(openExchange(dir), (error: unknown) => error instanceof JournalCorruptionError && /pruned/.test(error.message));
  });

  for (const [what, content] of [
    ['a state of an unknown format', (seq: number) => JSON.stringify({ seq, ts: 0, hash: 'x', state: { format: 99 } })],
    ['null', () => 'null'],
    ['no hash', (seq: number) => JSON.stringify({ seq, ts: 0, state: {} })],
] as const) {
    it(`a snapshot that parses but cannot be restored (${what}) is passed over for an older one`, async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'basis-pipeline-'));
      const x = await openExchange(dir);
      for (const c of session.slice(0, 4)) await x.committer.submit(c);
      const older = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, (s) => x.storage.journal.pruneThrough(s));
      for (const c of session.slice(4)) await x.committer.submit(c);
      // Saved, not yet pruned (as after a crash between the two): the journal still has everything.
      const newer = await takeSnapshot(x.sequencer.state, x.storage.journal, x.storage.snapshots, async () => undefined);
      const hash = stateHash(x.sequencer.state);
      await x.storage.close();
      const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
      await storage.snapshots.save(newer, Buffer.from(content(newer)));
      await storage.close();
      const lines: string[] = [];
      const again = await openExchange(dir, (line) => lines.push(line));
      assert.equal(again.recovered.snapshotSeq, older);
      assert.equal(stateHash(again.recovered.state), hash);
      assert.ok(lines.some((line) => line.includes(`snapshot ${newer}`)), lines.join('\n'));
      await again.storage.close();
    });
  }

  it('a hole followed by more batches than can be in flight is lost data: recovery refuses, naming the seq', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'basis-pipeline-'));
    await runOneByOne(dir, session);
    const storage = await LevelStorage.open({ dataDir: dir, durability: 'full', log: silent });
    // More batches after the hole than there can be writes in flight.
    await storage.db.del(journalKey(session.length - MAX_WRITES_IN_FLIGHT));
    await storage.close();
    await assert.rejects(openExchange(dir), (error: unknown) => error instanceof JournalCorruptionError && error.seq === session.length - MAX_WRITES_IN_FLIGHT);
  });
});
