/**
 * The shared budget of slow DIFF clients' backlogs (unread bytes beyond the largest
 * message each was sent): every backlog counts however small, none counts for a client
 * that keeps up, the running total is recounted from the sockets before anyone is
 * closed, and those closed are the furthest behind, only as many as needed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { UnreadBudget } from '../../../src/adapters/ws/unread-budget.ts';

const MB = 1 << 20;

interface Fake {
  name: string;
  countedBacklog: number;
  /** The backlog its socket holds now. */
  backlog: number;
}

function fake(name: string): Fake {
  return { name, countedBacklog: 0, backlog: 0 };
}

function budgetOf(limit: number): UnreadBudget<Fake> {
  return new UnreadBudget<Fake>(limit, (c) => c.backlog);
}

function sendTo(budget: UnreadBudget<Fake>, connection: Fake, backlog: number): string[] {
  connection.backlog = backlog;
  return budget.note(connection, backlog).map((c) => c.name);
}

describe('the unread budget of slow DIFF clients', () => {
  it('does not count clients that keep up: the message in flight is no backlog', () => {
    const budget = budgetOf(2 * MB);
    for (let i = 0; i < 100; i++) assert.deepEqual(sendTo(budget, fake(`c${i}`), 0), []);
    assert.equal(budget.countedBytes, 0);
  });

  it('counts small backlogs too: many clients a little behind are closed like one far behind', () => {
    const budget = budgetOf(3 * MB);
    const clients = Array.from({ length: 8 }, (_, i) => fake(`c${i}`));
    const closed: string[] = [];
    // Each falls behind in small steps, as a client does that stops reading notifies.
    for (let step = 1; step <= 25; step++) {
      for (const client of clients) if (!closed.includes(client.name)) closed.push(...sendTo(budget, client, step * 40 * 1024));
    }
    assert.ok(closed.length > 0, 'eight clients of nearly a megabyte each are over three');
    assert.ok(budget.countedBytes <= 3 * MB);
  });

  it('closes the client furthest behind once the total is over, and only it', () => {
    const budget = budgetOf(5 * MB);
    const [a, b, c] = [fake('a'), fake('b'), fake('c')];
    assert.deepEqual(sendTo(budget, a, 2 * MB), []);
    assert.deepEqual(sendTo(budget, b, 1.5 * MB), []);
    assert.deepEqual(sendTo(budget, c, 3 * MB), ['c']);
    assert.equal(budget.countedBytes, 3.5 * MB);
    assert.equal(c.countedBacklog, 0, 'a closed client is forgotten');
  });

  it('recounts from the sockets before closing anyone: what drained since is not held against them', () => {
    const budget = budgetOf(5 * MB);
    const [a, b] = [fake('a'), fake('b')];
    sendTo(budget, a, 4 * MB);
    a.backlog = 0; // read by its client since; no send told the budget
    assert.deepEqual(sendTo(budget, b, 3 * MB), []);
    assert.equal(budget.countedBytes, 3 * MB);
    assert.equal(a.countedBacklog, 0);
  });

  it('forgets a client that closed, and one that caught up', () => {
    const budget = budgetOf(10 * MB);
    const [a, b] = [fake('a'), fake('b')];
    sendTo(budget, a, 4 * MB);
    sendTo(budget, b, 3 * MB);
    budget.forget(a);
    budget.forget(a);
    assert.equal(budget.countedBytes, 3 * MB);
    sendTo(budget, b, -10);
    assert.equal(budget.countedBytes, 0);
  });

  it('keeps the exact total of what it counted, never under what is held, never over the budget after a send', () => {
    const LIMIT = 8 * MB;
    fc.assert(
      fc.property(
        fc.array(fc.record({ who: fc.integer({ min: 0, max: 5 }), backlog: fc.integer({ min: -MB, max: 6 * MB }), drain: fc.boolean() }), { maxLength: 60 }),
        (steps) => {
          const budget = budgetOf(LIMIT);
          const clients = Array.from({ length: 6 }, (_, i) => fake(`c${i}`));
          const open = new Set(clients);
          for (const { who, backlog, drain } of steps) {
            const client = clients[who]!;
            if (!open.has(client)) continue;
            if (drain) for (const other of open) other.backlog = Math.floor(other.backlog / 2);
            for (const name of sendTo(budget, client, backlog)) {
              const closed = clients.find((c) => c.name === name)!;
              open.delete(closed);
              closed.backlog = 0;
            }
            const counted = [...open].reduce((sum, c) => sum + c.countedBacklog, 0);
            assert.equal(budget.countedBytes, counted);
            const held = [...open].filter((c) => c.countedBacklog > 0).reduce((sum, c) => sum + Math.max(0, c.backlog), 0);
            assert.ok(held <= budget.countedBytes, 'the count may be stale only upwards');
            assert.ok(budget.countedBytes <= LIMIT, 'over the budget after a send');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
