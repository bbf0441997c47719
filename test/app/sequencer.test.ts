import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryJournal } from '../../src/adapters/storage/memory-journal.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { GroupCommitter } from '../../src/app/group-commit.ts';
import { replayJournal } from '../../src/app/replay.ts';
import { Sequencer, SequencerHaltedError } from '../../src/app/sequencer.ts';
import { stateHash } from '../../src/app/state-hash.ts';
import { type Command, createCoreState, ResultCode } from '../../src/core/index.ts';
import { sequenceAndApply } from '../support/sequencer-harness.ts';
import { COPPER, limitOrder } from '../support/core-harness.ts';

const SETUP: Command[] = [
  { type: 'instrument.add', spec: COPPER },
  { type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' },
  { type: 'account.open', userId: 'u1', accountId: 's', initialBalance: 10_000_000 },
  { type: 'account.open', userId: 'u1', accountId: 'b', initialBalance: 10_000_000 },
];

function tradingSession(): Command[] {
  return [
    ...SETUP,
    { type: 'trading-day.begin', tradingDay: '2026-11-23' },
    limitOrder('s', '1', 'SELL', 70010, 3),
    limitOrder('s', '2', 'SELL', 70020, 3),
    limitOrder('b', '1', 'BUY', 70020, 4),
    { type: 'order.modify', accountId: 's', orderId: '2', price: 70030, volume: 5 },
    limitOrder('b', '2', 'BUY', 70000, 2),
    { type: 'order.cancel', accountId: 'b', orderId: '2' },
    limitOrder('b', '3', 'BUY', 69990, 1),
  ];
}

describe('sequencer', () => {
  it('stamps consecutive seqs and never lets time go backwards', () => {
    const clock = new ManualClock(5_000);
    const sequencer = new Sequencer(createCoreState(), new MemoryJournal(), clock);
    const first = sequenceAndApply(sequencer, { type: 'instrument.add', spec: COPPER });
    clock.set(4_000); // a wall clock stepped back (NTP)
    const second = sequenceAndApply(sequencer, limitOrder('b', '1', 'BUY', 70000, 1));
    assert.deepEqual([first.stamped.seq, first.stamped.ts], [1, 5_000]);
    assert.deepEqual([second.stamped.seq, second.stamped.ts], [2, 5_000]);
  });

  it('journals every command, refused ones included, before applying it', () => {
    const journal = new MemoryJournal();
    const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1));
    for (const command of SETUP) sequenceAndApply(sequencer, command);
    const stamped = sequencer.sequence(limitOrder('b', '1', 'BUY', 70005, 1));
    assert.deepEqual(journal.all().map((r) => r.seq), [1, 2, 3, 4, 5], 'journaled');
    assert.equal(sequencer.state.lastSeq, 4, 'not applied yet');
    const refused = sequencer.apply(stamped);
    assert.equal(refused.result.code, ResultCode.ParameterError);
    assert.equal(sequencer.state.lastSeq, 5);
  });

  it('a replay of the journal reproduces the same state hash', async () => {
    const journal = new MemoryJournal();
    const clock = new ManualClock(1_700_000_000_000);
    const live = new Sequencer(createCoreState(), journal, clock);
    for (const command of tradingSession()) {
      clock.advance(3);
      sequenceAndApply(live, command);
    }
    const replayed = createCoreState();
    assert.equal(await replayJournal(replayed, journal), tradingSession().length);
    assert.equal(stateHash(replayed), stateHash(live.state));
    assert.match(stateHash(replayed), /^[0-9a-f]{64}$/);
  });

  it('the state hash changes when the state does', () => {
    const sequencer = new Sequencer(createCoreState(), new MemoryJournal(), new ManualClock(1));
    for (const command of SETUP) sequenceAndApply(sequencer, command);
    const before = stateHash(sequencer.state);
    sequenceAndApply(sequencer, limitOrder('b', '1', 'BUY', 70000, 1));
    assert.notEqual(stateHash(sequencer.state), before);
  });

  it('halts for good after the core throws, refusing every later command', () => {
    const sequencer = new Sequencer(createCoreState(), new MemoryJournal(), new ManualClock(1));
    const broken = { type: 'no.such.command' } as unknown as Command;
    assert.throws(() => sequenceAndApply(sequencer, broken), SequencerHaltedError);
    assert.ok(sequencer.isHalted);
    assert.throws(() => sequenceAndApply(sequencer, { type: 'instrument.add', spec: COPPER }), SequencerHaltedError);
  });

  it('refuses to start on a journal the state has not caught up with', () => {
    const journal = new MemoryJournal();
    journal.append({ seq: 1, ts: 1, command: { type: 'instrument.add', spec: COPPER } });
    assert.throws(() => new Sequencer(createCoreState(), journal, new ManualClock(1)), /recover first/);
  });
});

describe('group commit', () => {
  it('a command without acknowledgement: journaled at once, `durable` called once its batch is committed, `failed` after a lost write', async () => {
    const journal = new MemoryJournal();
    const committer = new GroupCommitter(new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000)), journal, () => undefined);
    const events: string[] = [];
    committer.onDurable((batch) => events.push(`published ${batch.map((s) => s.stamped.seq).join(',')}`));
    const sequencer = (committer as unknown as { sequencer: Sequencer }).sequencer;
    committer.submitUnacknowledged({ type: 'instrument.add', spec: COPPER }, () => events.push('durable'), (error) => events.push(`failed: ${error.message}`));
    assert.equal(journal.lastSeq, 1, 'journaled at once');
    assert.equal(sequencer.state.lastSeq, 0, 'applied only once durable');
    assert.deepEqual(events, [], 'nothing before the commit');
    await committer.flush();
    assert.deepEqual(events, ['published 1', 'durable']);

    const broken = new MemoryJournal();
    broken.commit = () => Promise.reject(new Error('disk full'));
    const failing = new GroupCommitter(new Sequencer(createCoreState(), broken, new ManualClock(1_700_000_000_000)), broken, () => undefined);
    const outcomes: string[] = [];
    const waiting = failing.submitUnacknowledged({ type: 'instrument.add', spec: COPPER }, () => outcomes.push('durable'), (error) => outcomes.push(error.message));
    assert.equal(waiting, true, 'journaled; waits for its batch');
    await failing.flush();
    const refused = failing.submitUnacknowledged({ type: 'instrument.add', spec: COPPER }, () => outcomes.push('durable'), (error) => outcomes.push(error.message));
    assert.equal(refused, false, 'refused at once, failed already called');
    assert.equal(outcomes.length, 2);
    assert.match(outcomes[0]!, /storage write failed.*disk full/);
    assert.match(outcomes[1]!, /storage write failed/, 'every later command is refused too');
  });

  it("a caller's callback that throws does not keep the batch's other callers waiting", async () => {
    const journal = new MemoryJournal();
    journal.commit = () => Promise.reject(new Error('disk full'));
    const lines: string[] = [];
    const committer = new GroupCommitter(new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000)), journal, (line) => lines.push(line));
    committer.submitUnacknowledged({ type: 'instrument.add', spec: COPPER }, () => undefined, () => {
      throw new TypeError('a bug in a failure callback');
    });
    const other = committer.submit({ type: 'instrument.add', spec: { ...COPPER, instrumentId: 'SHFE.cu2702' } });
    await assert.rejects(other, /storage write failed/);
    assert.ok(lines.some((line) => /a caller's callback failed: TypeError: a bug in a failure callback/.test(line)), lines.join('\n'));
  });

  it('a publisher that throws is logged; the batch is still acknowledged and the other publishers hear of it', async () => {
    const journal = new MemoryJournal();
    const lines: string[] = [];
    const committer = new GroupCommitter(new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000)), journal, (line) => lines.push(line));
    const heard: number[] = [];
    committer.onDurable(() => {
      throw new TypeError('a bug in a publisher');
    });
    committer.onDurable((batch) => heard.push(...batch.map((s) => s.stamped.seq)));
    const added = await committer.submit({ type: 'instrument.add', spec: COPPER });
    assert.equal(added.result.code, ResultCode.Success);
    assert.deepEqual(heard, [1]);
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /publish: a listener failed on the batch ending at seq 1: TypeError: a bug in a publisher/);
    assert.equal(committer.isFailed, false);
  });

  it('an empty group answers at once, and the next command is committed as usual', async () => {
    const journal = new MemoryJournal();
    const committer = new GroupCommitter(new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000)), journal, () => undefined);
    const empty = await Promise.race([committer.submitAll([]), new Promise((resolve) => setTimeout(() => resolve('hung'), 1000))]);
    assert.deepEqual(empty, []);
    const added = await committer.submit({ type: 'instrument.add', spec: COPPER });
    assert.equal(added.result.code, ResultCode.Success);
    assert.equal(journal.lastSeq, 1);
  });

  it('applies a command only once its journal write is durable: the state holds nothing a crash could take back', async () => {
    const { journal, commits } = deferredJournal();
    const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000));
    const committer = new GroupCommitter(sequencer, journal, () => undefined);
    const published: number[] = [];
    committer.onDurable((batch) => published.push(...batch.map((s) => s.stamped.seq)));
    const added = committer.submit({ type: 'instrument.add', spec: COPPER });
    const flushed = committer.flush();
    assert.equal(journal.lastSeq, 1, 'journaled');
    assert.equal(sequencer.state.instruments.size, 0, 'not applied while the write is in flight');
    assert.deepEqual(published, []);
    commits[0]!.resolve();
    await flushed;
    assert.equal(sequencer.state.instruments.size, 1);
    assert.deepEqual(published, [1]);
    assert.equal((await added).result.code, ResultCode.Success);
  });

  it('a later commit resolving first applies every earlier flight too, in seq order', async () => {
    const { journal, commits } = deferredJournal();
    const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000));
    const committer = new GroupCommitter(sequencer, journal, () => undefined);
    const published: number[][] = [];
    committer.onDurable((batch) => published.push(batch.map((s) => s.stamped.seq)));
    const first = committer.submitAll(SETUP.slice(0, 2));
    const firstFlush = committer.flush();
    const second = committer.submitAll(SETUP.slice(2));
    const secondFlush = committer.flush();
    // A commit resolves once its write and every earlier one are durable: the second
    // says the first is durable as well.
    commits[1]!.resolve();
    await secondFlush;
    assert.deepEqual(published, [[1, 2, 3, 4]]);
    assert.equal(sequencer.state.lastSeq, 4);
    commits[0]!.resolve();
    await firstFlush;
    assert.deepEqual(published, [[1, 2, 3, 4]], 'nothing applied twice');
    assert.deepEqual((await first).map((s) => s.stamped.seq), [1, 2]);
    assert.deepEqual((await second).map((s) => s.stamped.seq), [3, 4]);
  });

  it('a core that halts while a batch is applied: the commands before it are published and acknowledged, the rest refused', async () => {
    const journal = new MemoryJournal();
    const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000));
    const committer = new GroupCommitter(sequencer, journal, () => undefined);
    const published: number[] = [];
    committer.onDurable((batch) => published.push(...batch.map((s) => s.stamped.seq)));
    const added = committer.submit({ type: 'instrument.add', spec: COPPER });
    const broken = committer.submit({ type: 'no.such.command' } as unknown as Command);
    const after = committer.submit(SETUP[1]!);
    await committer.flush();
    assert.equal((await added).result.code, ResultCode.Success);
    await assert.rejects(broken, (error: unknown) => error instanceof SequencerHaltedError && error.journaled);
    await assert.rejects(after, (error: unknown) => error instanceof SequencerHaltedError && error.journaled && /journaled before it stopped/.test(error.message));
    assert.deepEqual(published, [1]);
    assert.equal(journal.lastSeq, 3, 'the commands sequenced before the halt was known are journaled (the next start replays them)');
    assert.ok(!sequencer.state.users.has('u1'), 'the command after the halt is not applied');
    await assert.rejects(committer.submit(SETUP[1]!), (error: unknown) => error instanceof SequencerHaltedError && !error.journaled, 'a later command is refused before the journal');
    assert.equal(journal.lastSeq, 3);
  });

  it('a write that fails before an earlier one ends: the earlier flight is applied once durable, the failed one and every later one refused', async () => {
    const { journal, commits } = deferredJournal();
    const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000));
    const committer = new GroupCommitter(sequencer, journal, () => undefined);
    const published: number[] = [];
    committer.onDurable((batch) => published.push(...batch.map((s) => s.stamped.seq)));
    const first = committer.submit(SETUP[0]!);
    const firstFlush = committer.flush();
    const second = committer.submit(SETUP[1]!);
    const secondFlush = committer.flush();
    commits[1]!.reject(new Error('disk full'));
    await secondFlush;
    await assert.rejects(second, /storage write failed.*disk full/);
    assert.equal(sequencer.state.lastSeq, 0, 'nothing applied on a failure');
    commits[0]!.resolve();
    await firstFlush;
    assert.equal((await first).result.code, ResultCode.Success, 'the earlier write was durable');
    assert.equal(sequencer.state.lastSeq, 1, 'and only it applied');
    assert.deepEqual(published, [1], 'and published at once: no later flight will be applied');
    await assert.rejects(committer.submit(SETUP[2]!), /storage write failed/);
  });

  it('an earlier write that fails fails the later flights too, and applies none of them', async () => {
    const { journal, commits } = deferredJournal();
    const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000));
    const committer = new GroupCommitter(sequencer, journal, () => undefined);
    const first = committer.submit(SETUP[0]!);
    const firstFlush = committer.flush();
    const second = committer.submit(SETUP[1]!);
    const secondFlush = committer.flush();
    // The journal fails every commit after a failed write.
    const failure = new Error('disk full');
    commits[0]!.reject(failure);
    commits[1]!.reject(failure);
    await Promise.all([firstFlush, secondFlush]);
    await assert.rejects(first, /disk full/);
    await assert.rejects(second, /disk full/);
    assert.equal(sequencer.state.lastSeq, 0);
  });

  it('a flight applied while later commands are on their way is published with the next one: one publication, acknowledged at once', async () => {
    const { journal, commits } = deferredJournal();
    const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000));
    const committer = new GroupCommitter(sequencer, journal, () => undefined);
    const published: number[][] = [];
    committer.onDurable((batch) => published.push(batch.map((s) => s.stamped.seq)));
    const first = committer.submit(SETUP[0]!);
    const firstFlush = committer.flush();
    const second = committer.submit(SETUP[1]!);
    const secondFlush = committer.flush();
    commits[0]!.resolve();
    await firstFlush;
    assert.equal((await first).result.code, ResultCode.Success, 'acknowledged once durable');
    assert.deepEqual(published, [], 'held for the flight after it');
    commits[1]!.resolve();
    await secondFlush;
    await second;
    assert.deepEqual(published, [[1, 2]]);
    const third = committer.submit(SETUP[2]!);
    const thirdFlush = committer.flush();
    commits.at(-1)!.resolve();
    await thirdFlush;
    await third;
    assert.deepEqual(published, [[1, 2], [3]], 'nothing after it: published at once');
  });

  it('a held flight is published when the next one fails or the core halts', async () => {
    for (const ending of ['write fails', 'core halts'] as const) {
      const { journal, commits } = deferredJournal();
      const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000));
      const committer = new GroupCommitter(sequencer, journal, () => undefined);
      const told: string[] = [];
      committer.onDurable((batch) => told.push(`published ${batch.map((s) => s.stamped.seq).join(',')}`));
      const first = committer.submit(SETUP[0]!);
      const firstFlush = committer.flush();
      const second = committer.submit(ending === 'core halts' ? ({ type: 'no.such.command' } as unknown as Command) : SETUP[1]!);
      second.catch(() => told.push('second refused'));
      const secondFlush = committer.flush();
      commits[0]!.resolve();
      await firstFlush;
      await first;
      assert.deepEqual(told, [], ending);
      if (ending === 'write fails') commits[1]!.reject(new Error('disk full'));
      else commits[1]!.resolve();
      await secondFlush;
      await assert.rejects(second);
      assert.deepEqual(told, ['published 1', 'second refused'], `${ending}: the held flight is published, before the refusal`);
    }
  });

  it('a caller that asked to hear after the publication waits for the held flight to be published', async () => {
    const { journal, commits } = deferredJournal();
    const sequencer = new Sequencer(createCoreState(), journal, new ManualClock(1_700_000_000_000));
    const committer = new GroupCommitter(sequencer, journal, () => undefined);
    const told: string[] = [];
    committer.onDurable((batch) => told.push(`published ${batch.map((s) => s.stamped.seq).join(',')}`));
    committer.submit(SETUP[0]!, { afterPublication: true }).then(() => told.push('told 1'));
    committer.submit(SETUP[1]!).then(() => told.push('acknowledged 2'));
    const firstFlush = committer.flush();
    committer.submit(SETUP[2]!).then(() => told.push('acknowledged 3'));
    const secondFlush = committer.flush();
    commits[0]!.resolve();
    await firstFlush;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(told, ['acknowledged 2'], 'held: the plain caller hears at once, the other waits');
    commits[1]!.resolve();
    await secondFlush;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(told, ['acknowledged 2', 'published 1,2,3', 'told 1', 'acknowledged 3']);
  });
});

/** A memory journal whose commits settle when the test says. */
function deferredJournal() {
  const journal = new MemoryJournal();
  const commits: { resolve: () => void; reject: (error: Error) => void }[] = [];
  journal.commit = () => new Promise<void>((resolve, reject) => commits.push({ resolve, reject }));
  return { journal, commits };
}
