/**
 * Order ids are the client's, per account: one user's two accounts may each hold an order
 * of the same id. A cancel, modify or read without account_id that could mean either is
 * refused (1001, naming the accounts) rather than acting on one of them; with account_id
 * each is reached. A batch cancel of a finished order says how it finished, as a single
 * cancel does.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';
import { refused } from '../../support/route-checks.ts';

describe('one order id in two accounts of a user', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  it('refuses a cancel, a modify and a read without account_id that could mean either account; reaches each with it', async () => {
    const gil = await h.trader('gil_ids', 'GIL1');
    await h.ok('POST', '/api/account/open', { token: gil.token, body: { user_id: gil.userId, account_id: 'GIL2', initial_balance: 10_000_000 } });
    await h.order(gil, { direction: 'BUY', price: 85000, order_id: 'same' });
    await h.order({ ...gil, accountId: 'GIL2' }, { direction: 'BUY', price: 84000, order_id: 'same' });
    const ambiguous = 'accounts GIL1, GIL2 each hold a live order same: give account_id';
    assert.equal(await refused(h, 'POST', '/api/order/cancel', { token: gil.token, body: { order_id: 'same' } }, 1001, 400), ambiguous);
    assert.equal(await refused(h, 'PUT', '/api/order/modify/same', { token: gil.token, body: { new_price: 84500 } }, 1001, 400), ambiguous);
    assert.equal(await refused(h, 'GET', '/api/order/same', { token: gil.token }, 1001, 400), 'accounts GIL1, GIL2 each hold an order same: give account_id');
    assert.equal(h.exchange.state.liveOrders.get('GIL1', 'same')?.priceTicks, 8500, 'nothing changed');
    assert.equal(h.exchange.state.liveOrders.get('GIL2', 'same')?.priceTicks, 8400, 'nothing changed');

    const modified = await h.ok('PUT', '/api/order/modify/same', { token: gil.token, body: { account_id: 'GIL2', new_price: 84500 } });
    assert.deepEqual([modified.account_id, modified.limit_price], ['GIL2', 84500]);
    assert.equal((await h.ok('GET', '/api/order/same?account_id=GIL1', { token: gil.token })).limit_price, 85000);
    const cancelled = await h.ok('POST', '/api/order/cancel', { token: gil.token, body: { account_id: 'GIL1', order_id: 'same' } });
    assert.equal(cancelled.account_id, 'GIL1');
    // Only GIL2 holds a live one now: a cancel without account_id means it.
    assert.equal((await h.ok('POST', '/api/order/cancel', { token: gil.token, body: { order_id: 'same' } })).account_id, 'GIL2');
  });

  it('a batch cancel of a finished order says how it finished, with its instrument', async () => {
    const hal = await h.trader('hal_ids', 'HAL1');
    await h.order(hal, { direction: 'BUY', price: 85000, order_id: 'done' });
    await h.ok('POST', '/api/order/cancel', { token: hal.token, body: { account_id: 'HAL1', order_id: 'done' } });
    const reply = await h.ok('POST', '/api/order/batch-cancel', { token: hal.token, body: { account_id: 'HAL1', order_ids: ['done', 'never'] } });
    const [done, never] = reply.results;
    assert.equal(done.instrument_id, 'SHFE.cu2701');
    assert.equal(done.error.code, 3001);
    assert.match(done.error.message, /^order not found: done is already finished \(CANCELLED/);
    assert.deepEqual([never.instrument_id, never.error.code, never.error.message], ['', 3001, 'order not found']);
  });
});
