import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../src/app/clock.ts';
import { ConditionalExpiry } from '../../src/app/conditional-expiry.ts';
import type { Command, CoreState } from '../../src/core/index.ts';

/** The two figures the timer reads of the core's conditional book. */
function fakeBook(nextExpiry: number, earliest: number) {
  const book = { nextExpiry, earliest };
  const state = { conditionals: { get nextExpiry() { return book.nextExpiry; }, earliestExpiry: () => book.earliest } } as unknown as CoreState;
  return { book, state };
}

function expiryWith(state: CoreState, clock: ManualClock, answer: { code: number; message: string } = { code: 1000, message: '' }) {
  const sent: Command[] = [];
  const logged: string[] = [];
  const expiry = new ConditionalExpiry(() => state, async (command) => {
    sent.push(command);
    return { result: answer };
  }, clock, (line) => logged.push(line));
  return { expiry, sent, logged };
}

describe('conditional orders expire on time on a quiet exchange', () => {
  it('sends conditional.expire-due once the earliest valid_until has passed, not before', async () => {
    const clock = new ManualClock(1_000);
    const { state } = fakeBook(1_500, 1_500);
    const { expiry, sent } = expiryWith(state, clock);
    clock.set(1_500); // valid through 1,500
    await expiry.expireDue();
    assert.deepEqual(sent, []);
    clock.set(1_501);
    await expiry.expireDue();
    assert.deepEqual(sent, [{ type: 'conditional.expire-due' }]);
    await expiry.stop();
  });

  it('sends nothing for a deadline the core still keeps of an order finished since', async () => {
    const clock = new ManualClock(2_000);
    // The kept earliest (1,500) was a cancelled order's; the pending ones run to 9,000.
    const { state } = fakeBook(1_500, 9_000);
    const { expiry, sent } = expiryWith(state, clock);
    expiry.watch();
    await expiry.expireDue();
    assert.deepEqual(sent, []);
    await expiry.stop();
  });

  it('logs a refusal and sends nothing after it stopped', async () => {
    const clock = new ManualClock(2_000);
    const { state } = fakeBook(1_500, 1_500);
    const { expiry, sent, logged } = expiryWith(state, clock, { code: 1001, message: 'no' });
    await expiry.expireDue();
    assert.equal(sent.length, 1);
    assert.deepEqual(logged, ['conditional orders: expiry refused (1001 no)']);
    await expiry.stop();
    await expiry.expireDue();
    assert.equal(sent.length, 1);
  });

  it('its timer fires at the deadline by itself', async () => {
    const clock = { now: () => Date.now() };
    const deadline = Date.now() + 30;
    const { state } = fakeBook(deadline, deadline);
    const sent: Command[] = [];
    const expiry = new ConditionalExpiry(() => state, async (command) => {
      sent.push(command);
      return { result: { code: 1000, message: '' } };
    }, clock, () => undefined);
    expiry.watch();
    const until = Date.now() + 2_000;
    while (sent.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(sent, [{ type: 'conditional.expire-due' }]);
    await expiry.stop();
  });
});
