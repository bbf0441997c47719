/**
 * FanOutQueue: deliveries in arrival order, at most one turn's budget at a time, the
 * rest in later turns of the event loop, with the loop's I/O between turns.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FanOutQueue } from '../../../src/adapters/ws/fan-out-queue.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A queue whose every delivery takes 1 ms of a fake clock. */
function queueOf(budgetMs: number) {
  let clock = 0;
  const delivered: string[] = [];
  const queue = new FanOutQueue<string>(
    budgetMs,
    (item) => {
      delivered.push(item);
      clock += 1;
    },
    () => clock,
  );
  return { queue, delivered };
}

describe('FanOutQueue', () => {
  it('delivers everything at once when it fits the budget', () => {
    const { queue, delivered } = queueOf(10);
    for (const item of ['a', 'b', 'c']) queue.add(item);
    queue.drain();
    assert.deepEqual(delivered, ['a', 'b', 'c']);
    assert.equal(queue.size, 0);
  });

  it('stops at the budget and delivers the rest in later turns of the event loop', async () => {
    const { queue, delivered } = queueOf(2);
    for (const item of ['a', 'b', 'c', 'd', 'e']) queue.add(item);
    queue.drain();
    assert.deepEqual(delivered, ['a', 'b']);
    // Not in this turn's microtasks either: the event loop gets its turn first.
    await Promise.resolve();
    assert.deepEqual(delivered, ['a', 'b']);
    await nextTurn();
    assert.deepEqual(delivered, ['a', 'b', 'c', 'd']);
    await nextTurn();
    assert.deepEqual(delivered, ['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps the place of an item added again while it waits, and puts a delivered one at the end', async () => {
    const { queue, delivered } = queueOf(1);
    for (const item of ['a', 'b', 'c']) queue.add(item);
    queue.drain();
    queue.add('c');
    queue.add('a');
    assert.equal(queue.size, 3);
    await nextTurn();
    await nextTurn();
    await nextTurn();
    assert.deepEqual(delivered, ['a', 'b', 'c', 'a']);
  });

  it('forgets an item that left, and drainSoon delivers in a later turn, once', async () => {
    const { queue, delivered } = queueOf(100);
    for (const item of ['a', 'b', 'c']) queue.add(item);
    queue.forget('b');
    queue.drainSoon();
    queue.drainSoon();
    assert.deepEqual(delivered, []);
    await nextTurn();
    assert.deepEqual(delivered, ['a', 'c']);
  });
});
