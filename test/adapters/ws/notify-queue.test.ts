/**
 * NotifyQueue (spec "Notification behaviour", Limits): de-duplication by key, back-pressure
 * beyond 500 pending (lowest priority first: P3, then P2, then P1, oldest first; P0 never),
 * and delivery in arrival order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { NOTIFY_QUEUE_LIMIT, NotifyQueue } from '../../../src/adapters/ws/notify-queue.ts';

interface Note {
  readonly priority: 0 | 1 | 2 | 3;
  readonly key: string;
  readonly id: number;
}

let serial = 0;
const note = (priority: 0 | 1 | 2 | 3, key = ''): Note => ({ priority, key, id: ++serial });
const ids = (notes: readonly Note[]) => notes.map((n) => n.id);

describe('NotifyQueue', () => {
  it('has the spec limit of 500', () => {
    assert.equal(NOTIFY_QUEUE_LIMIT, 500);
  });

  it('delivers everything in arrival order, across priorities, and is empty afterwards', () => {
    const q = new NotifyQueue<Note>();
    const pushed = [note(3), note(0), note(2), note(1), note(3), note(0)];
    for (const n of pushed) q.push(n);
    assert.equal(q.size, 6);
    assert.deepEqual(ids(q.drain()), ids(pushed));
    assert.equal(q.size, 0);
    assert.deepEqual(q.drain(), []);
  });

  it('de-duplicates by non-empty key: the newer replaces the undelivered older one', () => {
    const q = new NotifyQueue<Note>();
    const first = note(1, 'risk:A');
    const other = note(2);
    const second = note(1, 'risk:A');
    q.push(first);
    q.push(other);
    q.push(second);
    assert.equal(q.size, 2);
    const drained = q.drain();
    assert.equal(drained.filter((n) => n.key === 'risk:A').length, 1);
    assert.ok(drained.includes(second) && !drained.includes(first), 'the newer one is kept');
    assert.ok(drained.includes(other));
  });

  it('de-duplicates across priorities too (a risk level going from warning to force-close)', () => {
    const q = new NotifyQueue<Note>();
    const warning = note(1, 'risk:A');
    const forceClose = note(0, 'risk:A');
    q.push(warning);
    q.push(note(3));
    q.push(forceClose);
    assert.equal(q.size, 2);
    const drained = q.drain();
    assert.ok(drained.includes(forceClose) && !drained.includes(warning));
    // ... and back down: the force-close (P0, never dropped) stays ahead of the news.
    const normal = note(2, 'risk:A');
    q.push(forceClose);
    q.push(normal);
    assert.deepEqual(q.drain(), [forceClose, normal]);
    // A warning after that supersedes the "normal", not the force-close.
    const again = note(1, 'risk:A');
    q.push(forceClose);
    q.push(normal);
    q.push(again);
    assert.deepEqual(q.drain(), [forceClose, again]);
  });

  it('keeps a force-close superseded by a lower priority through back-pressure', () => {
    const q = new NotifyQueue<Note>();
    const forceClose = note(0, 'risk:A');
    q.push(forceClose);
    q.push(note(2, 'risk:A'));
    for (let i = 0; i < 600; i++) q.push(note(1));
    const drained = q.drain();
    assert.equal(drained.length, 500);
    assert.ok(drained.includes(forceClose));
  });

  it('never de-duplicates empty keys, nor different keys, nor across deliveries', () => {
    const q = new NotifyQueue<Note>();
    const pushed = [note(2), note(2), note(1, 'a'), note(1, 'b')];
    for (const n of pushed) q.push(n);
    assert.deepEqual(ids(q.drain()), ids(pushed));
    const again = note(1, 'a');
    q.push(again);
    assert.deepEqual(q.drain(), [again], 'a key delivered before is new again');
  });

  it('beyond 500 pending drops P3 first, oldest first', () => {
    const q = new NotifyQueue<Note>();
    const p3 = Array.from({ length: 200 }, () => note(3));
    const p2 = Array.from({ length: 200 }, () => note(2));
    const p1 = Array.from({ length: 150 }, () => note(1));
    // Interleaved arrival: p3[i], p2[i], p1[i], ...
    const pushed: Note[] = [];
    for (let i = 0; i < 200; i++) for (const list of [p3, p2, p1]) if (list[i] !== undefined) pushed.push(list[i]!);
    for (const n of pushed) q.push(n);
    assert.equal(q.size, 500);
    assert.equal(q.dropped, 50);
    const kept = new Set(q.drain());
    assert.ok(p3.slice(0, 50).every((n) => !kept.has(n)), 'the 50 oldest P3 are dropped');
    assert.ok(p3.slice(50).every((n) => kept.has(n)), 'the newer P3 stay');
    assert.ok([...p2, ...p1].every((n) => kept.has(n)), 'no P2 or P1 dropped while a P3 is pending');
  });

  it('drops P2 only when no P3 is left, then P1 only when no P2 is left; P0 stays', () => {
    const q = new NotifyQueue<Note>();
    const p0 = Array.from({ length: 100 }, () => note(0));
    const p1 = Array.from({ length: 200 }, () => note(1));
    const p2 = Array.from({ length: 150 }, () => note(2));
    const p3 = Array.from({ length: 50 }, () => note(3));
    for (const n of [...p3, ...p2, ...p1, ...p0]) q.push(n);
    assert.equal(q.size, 500);
    // 100 more P0: drops all 50 P3, then the 50 oldest P2.
    const more0 = Array.from({ length: 100 }, () => note(0));
    for (const n of more0) q.push(n);
    assert.equal(q.size, 500);
    let pending = q.drain();
    let kept = new Set(pending);
    assert.ok(p3.every((n) => !kept.has(n)));
    assert.ok(p2.slice(0, 50).every((n) => !kept.has(n)) && p2.slice(50).every((n) => kept.has(n)));
    assert.ok(p1.every((n) => kept.has(n)));
    assert.ok([...p0, ...more0].every((n) => kept.has(n)));
    assert.deepEqual(ids(pending), ids([...p2.slice(50), ...p1, ...p0, ...more0]), 'arrival order of what is left');

    // Refill and push P0 until all P2 and then P1 are gone.
    for (const n of pending) q.push(n);
    const lots0 = Array.from({ length: 250 }, () => note(0));
    for (const n of lots0) q.push(n);
    pending = q.drain();
    kept = new Set(pending);
    assert.equal(pending.length, 500);
    assert.ok(p2.every((n) => !kept.has(n)), 'all P2 dropped before any P1');
    assert.ok(p1.slice(0, 150).every((n) => !kept.has(n)) && p1.slice(150).every((n) => kept.has(n)), 'then the oldest P1');
  });

  it('never drops P0, even past the limit; lower priorities arriving then are dropped', () => {
    const q = new NotifyQueue<Note>();
    const p0 = Array.from({ length: 700 }, () => note(0));
    for (const n of p0) q.push(n);
    assert.equal(q.size, 700);
    assert.equal(q.dropped, 0);
    q.push(note(3));
    q.push(note(1));
    assert.equal(q.size, 700);
    assert.equal(q.dropped, 2);
    assert.deepEqual(ids(q.drain()), ids(p0));
  });

  it('forgets the key of a dropped notification: a later one with that key is a new entry', () => {
    const q = new NotifyQueue<Note>(3);
    q.push(note(1, 'k'));
    const p0 = [note(0), note(0), note(0)];
    for (const n of p0) q.push(n); // drops the keyed P1
    assert.equal(q.size, 3);
    assert.equal(q.dropped, 1);
    const again = note(0, 'k');
    q.push(again);
    assert.equal(q.size, 4, 'nothing else is removed for the dropped key');
    assert.deepEqual(ids(q.drain()), ids([...p0, again]));
  });

  it('property: matches a reference model (drops lowest priority, oldest first; P0 kept; arrival order)', () => {
    const priority = fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(fc.oneof(priority, fc.constant('drain' as const)), { maxLength: 80 }), (limit, steps) => {
        const q = new NotifyQueue<Note>(limit);
        let model: Note[] = [];
        let dropped = 0;
        for (const step of steps) {
          if (step === 'drain') {
            assert.deepEqual(ids(q.drain()), ids(model));
            model = [];
            continue;
          }
          const n = note(step);
          q.push(n);
          model.push(n);
          while (model.length > limit) {
            let victim = -1;
            for (let p = 3; p >= 1 && victim < 0; p--) victim = model.findIndex((m) => m.priority === p);
            if (victim < 0) break;
            model.splice(victim, 1);
            dropped++;
          }
          assert.equal(q.size, model.length);
        }
        assert.equal(q.dropped, dropped);
        assert.deepEqual(ids(q.drain()), ids(model));
      }),
      { numRuns: 300 },
    );
  });

  it('property: under the limit, per key the newest and each more urgent one before it, and every key-less entry in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ priority: fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3), key: fc.constantFrom('', '', 'a', 'b', 'c') }), { maxLength: 60 }),
        (specs) => {
          const q = new NotifyQueue<Note>();
          const pushed = specs.map((s) => note(s.priority, s.key));
          for (const n of pushed) q.push(n);
          const drained = q.drain();
          for (const key of ['a', 'b', 'c']) {
            // A plain model: each notice drops the key's pending ones that are not more urgent.
            let pending: Note[] = [];
            for (const n of pushed) if (n.key === key) pending = [...pending.filter((p) => p.priority < n.priority), n];
            assert.deepEqual(drained.filter((n) => n.key === key), pending, `key ${key}`);
          }
          assert.deepEqual(ids(drained.filter((n) => n.key === '')), ids(pushed.filter((n) => n.key === '')));
          assert.equal(q.size, 0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
