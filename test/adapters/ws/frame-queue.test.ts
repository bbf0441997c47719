/**
 * FrameQueue: a connection's frames in arrival order; handled at once when nothing is
 * ahead of them, after the frames ahead when one of those waits; failures reported and
 * the frames after them still handled.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrameQueue } from '../../../src/adapters/ws/frame-queue.ts';

/** A promise and the function that resolves it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const settledAll = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('FrameQueue', () => {
  it('handles a frame at once, without a promise, when nothing is ahead of it', () => {
    const queue = new FrameQueue(() => assert.fail('no failure expected'));
    const handled: string[] = [];
    let settled = 0;
    assert.equal(queue.run(() => void handled.push('a'), 'a', () => settled++), false);
    assert.equal(queue.run(() => void handled.push('b'), 'b', () => settled++), false);
    // Handled before run returned: nothing waits for a microtask.
    assert.deepEqual(handled, ['a', 'b']);
    assert.equal(settled, 0);
  });

  it('makes the frames after a waiting one wait their turn, in arrival order', async () => {
    const queue = new FrameQueue(() => assert.fail('no failure expected'));
    const handled: string[] = [];
    const settled: string[] = [];
    const login = gate();
    assert.equal(queue.run(() => (handled.push('login'), login.promise), 'login', () => settled.push('login')), true);
    assert.equal(queue.run(() => void handled.push('order'), 'order', () => settled.push('order')), true);
    assert.equal(queue.run(() => void handled.push('peek'), 'peek', () => settled.push('peek')), true);
    await settledAll();
    assert.deepEqual(handled, ['login'], 'the frames behind the login wait for it');
    login.open();
    await settledAll();
    assert.deepEqual(handled, ['login', 'order', 'peek']);
    assert.deepEqual(settled, ['login', 'order', 'peek']);
    // Nothing is ahead any more: the next frame is handled at once again.
    assert.equal(queue.run(() => void handled.push('next'), 'next'), false);
    assert.deepEqual(handled.at(-1), 'next');
  });

  it('reports a frame that throws, at once or in its turn, and goes on with the next', async () => {
    const failures: string[] = [];
    const queue = new FrameQueue((error, during) => failures.push(`${during}: ${(error as Error).message}`));
    const handled: string[] = [];
    assert.equal(
      queue.run(() => {
        throw new Error('at once');
      }, 'first'),
      false,
    );
    const wait = gate();
    queue.run(() => wait.promise.then(() => Promise.reject(new Error('after a wait'))), 'second');
    queue.run(() => {
      throw new Error('in its turn');
    }, 'third');
    queue.run(() => void handled.push('fourth'), 'fourth');
    wait.open();
    await settledAll();
    assert.deepEqual(failures, ['first: at once', 'second: after a wait', 'third: in its turn']);
    assert.deepEqual(handled, ['fourth']);
  });
});
