import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Caller } from '../../src/app/auth/auth-service.ts';
import { OrderRateLimiter } from '../../src/app/auth/order-rate-limiter.ts';
import { ApiError } from '../../src/protocol/index.ts';

const user = (userId: string, role: 'user' | 'admin' = 'user') => ({ userId, username: userId, role, passwordVersion: 0 }) as unknown as Caller;

describe('order rate limiter', () => {
  it('lets a burst through, then refills at the rate; says how long to wait', () => {
    let now = 0;
    const limiter = new OrderRateLimiter(10, 100, () => now);
    const alice = user('alice');
    assert.equal(limiter.take(alice, 'orders', 100), 0, 'the whole burst at once');
    assert.equal(limiter.take(alice, 'orders'), 100, 'one order: a tenth of a second');
    assert.equal(limiter.take(alice, 'orders', 5), 500);
    now += 500;
    assert.equal(limiter.take(alice, 'orders', 5), 0, 'half a second refilled five');
    assert.equal(limiter.take(alice, 'orders'), 100);
    now += 1_000_000;
    assert.equal(limiter.take(alice, 'orders', 100), 0, 'refilled to the burst, not beyond');
    assert.equal(limiter.take(alice, 'orders', 1), 100);
  });

  it('keeps cancels, users and administrators apart', () => {
    const limiter = new OrderRateLimiter(1, 100, () => 0);
    const alice = user('alice');
    assert.equal(limiter.take(alice, 'orders', 100), 0);
    assert.ok(limiter.take(alice, 'orders') > 0);
    assert.equal(limiter.take(alice, 'cancels', 100), 0, 'a user out of orders may still cancel');
    assert.equal(limiter.take(user('bob'), 'orders', 100), 0, 'another user has its own');
    assert.equal(limiter.take(user('root', 'admin'), 'orders', 1_000), 0, 'administrators are not counted');
  });

  it('0 a second is no limit; over HTTP a refusal is 1001 with 429 and whole seconds to wait', () => {
    const off = new OrderRateLimiter(0, 100, () => 0);
    assert.equal(off.take(user('alice'), 'orders', 1_000_000), 0);
    const limiter = new OrderRateLimiter(2, 100, () => 0);
    limiter.admit(user('alice'), 'orders', 100);
    assert.throws(
      () => limiter.admit(user('alice'), 'orders', 3),
      (error: unknown) =>
        error instanceof ApiError &&
        error.code === 1001 &&
        error.httpStatus === 429 &&
        error.retryAfterSeconds === 2 &&
        /too many orders: a user may send 100 at once, then 2 a second; try again in 1500 ms/.test(error.message),
    );
  });
});
