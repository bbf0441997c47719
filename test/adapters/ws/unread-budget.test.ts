/**
 * The shared budget of slow DIFF clients' unread bytes: only clients past the tracking
 * threshold count, the running total is recounted from the sockets before anyone is
 * closed, and the ones closed are the largest, only as many as needed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TRACKED_FROM_BYTES, UnreadBudget } from '../../../src/adapters/ws/unread-budget.ts';

const MB = TRACKED_FROM_BYTES;

interface Fake {
  name: string;
  countedUnread: number;
  /** What its socket holds now. */
  unread: number;
}

function fake(name: string): Fake {
  return { name, countedUnread: 0, unread: 0 };
}

function sendTo(budget: UnreadBudget<Fake>, connection: Fake, unread: number): string[] {
  connection.unread = unread;
  return budget.note(connection, unread).map((c) => c.name);
}

describe('the unread budget of slow DIFF clients', () => {
  it('does not count clients that keep up', () => {
    const budget = new UnreadBudget<Fake>(2 * MB, (c) => c.unread);
    const clients = Array.from({ length: 100 }, (_, i) => fake(`c${i}`));
    for (const client of clients) assert.deepEqual(sendTo(budget, client, MB - 1), []);
    assert.equal(budget.countedBytes, 0);
  });

  it('closes the client with the most unread once the total is over, and only it', () => {
    const budget = new UnreadBudget<Fake>(5 * MB, (c) => c.unread);
    const [a, b, c] = [fake('a'), fake('b'), fake('c')];
    assert.deepEqual(sendTo(budget, a, 2 * MB), []);
    assert.deepEqual(sendTo(budget, b, 1.5 * MB), []);
    assert.deepEqual(sendTo(budget, c, 3 * MB), ['c']);
    assert.equal(budget.countedBytes, 3.5 * MB);
    assert.equal(c.countedUnread, 0, 'a closed client is forgotten');
  });

  it('recounts from the sockets before closing anyone: what drained since is not held against them', () => {
    const budget = new UnreadBudget<Fake>(5 * MB, (c) => c.unread);
    const [a, b] = [fake('a'), fake('b')];
    sendTo(budget, a, 4 * MB);
    a.unread = 0; // read by its client since; no send told the budget
    assert.deepEqual(sendTo(budget, b, 3 * MB), []);
    assert.equal(budget.countedBytes, 3 * MB);
    assert.equal(a.countedUnread, 0);
  });

  it('forgets a client that closed, and one that caught up', () => {
    const budget = new UnreadBudget<Fake>(10 * MB, (c) => c.unread);
    const [a, b] = [fake('a'), fake('b')];
    sendTo(budget, a, 4 * MB);
    sendTo(budget, b, 3 * MB);
    budget.forget(a);
    assert.equal(budget.countedBytes, 3 * MB);
    sendTo(budget, b, 10);
    assert.equal(budget.countedBytes, 0);
  });

  it('keeps the exact total of what it tracks, and never more than the budget after a send', () => {
    const LIMIT = 8 * MB;
    fc.assert(
      fc.property(
        fc.array(fc.record({ who: fc.integer({ min: 0, max: 5 }), unread: fc.integer({ min: 0, max: 6 * MB }), drain: fc.boolean() }), { maxLength: 60 }),
        (steps) => {
          const budget = new UnreadBudget<Fake>(LIMIT, (c) => c.unread);
          const clients = Array.from({ length: 6 }, (_, i) => fake(`c${i}`));
          const open = new Set(clients);
          for (const { who, unread, drain } of steps) {
            const client = clients[who]!;
            if (!open.has(client)) continue;
            if (drain) for (const other of open) other.unread = Math.floor(other.unread / 2);
            for (const name of sendTo(budget, client, unread)) {
              const closed = clients.find((c) => c.name === name)!;
              open.delete(closed);
              closed.unread = 0;
            }
            const counted = [...open].reduce((sum, c) => sum + c.countedUnread, 0);
            assert.equal(budget.countedBytes, counted);
            for (const c of open) assert.ok(c.countedUnread === 0 || c.countedUnread >= TRACKED_FROM_BYTES);
            // What the budget counts is never less than what the sockets hold past the threshold.
            const held = [...open].filter((c) => c.unread >= TRACKED_FROM_BYTES && c.countedUnread > 0).reduce((sum, c) => sum + c.unread, 0);
            assert.ok(held <= budget.countedBytes);
            assert.ok(budget.countedBytes <= LIMIT, 'over the budget after a send');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
