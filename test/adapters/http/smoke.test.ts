import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';

describe('HTTP API: a trading day in-process', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  it('crosses two orders and shows the fill on both sides', async () => {
    const alice = await h.trader('alice', 'ALICE1');
    const bob = await h.trader('bob', 'BOB1');
    const resting = await h.order(alice, { direction: 'SELL', price: 86500, volume: 2, order_id: 'a1' });
    assert.equal(resting.status, 'ALIVE');
    const crossing = await h.order(bob, { direction: 'BUY', price: 86500, volume: 2, order_id: 'b1' });
    assert.equal(crossing.status, 'FINISHED');
    assert.equal(crossing.exchange_status, 'FILLED');
    assert.equal(crossing.trades.length, 1);
    const positions = await h.ok('GET', `/api/position/account/${bob.accountId}`, { token: bob.token });
    assert.equal(positions.positions['SHFE.cu2701'].volume_long, 2);
    const quote = await h.ok('GET', '/api/market/tick/SHFE.cu2701');
    assert.equal(quote.last_price, 86500);
    assert.equal(quote.volume, 2);
    assert.equal(quote.open_interest, 2);
    const klines = await h.ok('GET', '/api/market/kline/SHFE.cu2701?period=4&count=10');
    assert.equal(klines.klines.length, 1);
    assert.equal(klines.klines[0].volume, 2);
    const openapi = await h.service.http.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(openapi.statusCode, 200);
    assert.ok(Object.keys(openapi.json().paths).length > 50);
  });
});
