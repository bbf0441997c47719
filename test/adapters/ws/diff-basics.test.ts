import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness } from '../../support/http-harness.ts';

describe('DIFF server: login, quotes, orders', () => {
  let h: HttpHarness;
  let url: string;
  before(async () => {
    h = await HttpHarness.start({ websocket: true });
    url = `ws://127.0.0.1:${h.service.diff?.port}/ws/diff`;
  });
  after(async () => h.stop());

  it('greets, logs in, streams quotes and shows an order to its fill', async () => {
    const alice = await h.trader('alice', 'ALICE1');
    const bob = await h.trader('bob', 'BOB1');
    const client = await DiffClient.connect(`${url}?user_id=alice`);
    await client.until((m) => m.mdhis_more_data === false, 2000, 'greeting');
    client.send({ aid: 'subscribe_quote', ins_list: 'SHFE.cu2701' });
    client.send({ aid: 'req_login', bid: 'basis', user_name: 'alice', password: 'password1' });
    await client.until((m) => m.trade?.alice?.session?.trading_day !== undefined, 5000, 'login');
    assert.equal(client.mirror.ins_list, 'SHFE.cu2701');
    assert.equal(client.mirror.quotes['SHFE.cu2701'].pre_settlement, 86500);
    assert.equal(client.mirror.trade.alice.trade_more_data, false);
    assert.equal(client.mirror.trade.alice.accounts.CNY.balance, 10_000_000);
    // Every part of trade.<key> is there after the login, empty or not (CLIENTS.md 3).
    assert.deepEqual([client.mirror.trade.alice.positions, client.mirror.trade.alice.orders, client.mirror.trade.alice.trades], [{}, {}, {}]);
    client.send({ aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'w1', exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'SELL', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 86500 });
    await client.until((m) => m.trade.alice.orders?.w1?.status === 'ALIVE', 5000, 'order alive');
    await h.order(bob, { direction: 'BUY', price: 86500, volume: 1 });
    await client.until((m) => m.trade.alice.orders.w1.status === 'FINISHED', 5000, 'order filled');
    await client.until((m) => Object.keys(m.trade.alice.trades ?? {}).length === 1 && m.trade.alice.positions?.['SHFE.cu2701']?.volume_short === 1, 5000, 'trade and position');
    await client.until((m) => m.quotes['SHFE.cu2701'].volume === 1, 5000, 'quote volume');
    client.send({ aid: 'insert_order', user_id: 'alice', order_id: 'bad', exchange_id: 'SHFE', instrument_id: 'zz9999', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 1 });
    await client.until((m) => m.trade.alice.orders.bad?.status === 'FINISHED', 5000, 'refused order');
    assert.match(client.mirror.trade.alice.orders.bad.last_msg, /instrument not found/);
    await client.until(() => client.notifications().some((n) => n.level === 'WARNING'), 5000, 'warning notify');
    client.close();
  });

  it('quotes are current for a client that connects after trades made while nobody was connected', async () => {
    const seller = await h.trader('dave', 'DAVE1');
    const buyer = await h.trader('erin', 'ERIN1');
    // A subscriber first, so the server has built the shared quote, then nobody.
    const first = await DiffClient.connect(url);
    first.send({ aid: 'subscribe_quote', ins_list: 'SHFE.cu2701' });
    await first.until((m) => m.quotes?.['SHFE.cu2701']?.pre_settlement === 86500, 5000, 'first quote');
    const volumeBefore: number = first.mirror.quotes['SHFE.cu2701'].volume;
    first.close();
    await first.until(() => h.service.diff!.connectionCount === 0, 5000, 'disconnected');
    await h.order(seller, { direction: 'SELL', price: 86510, volume: 2 });
    await h.order(buyer, { direction: 'BUY', price: 86510, volume: 2 });
    const second = await DiffClient.connect(url);
    second.send({ aid: 'subscribe_quote', ins_list: 'SHFE.cu2701' });
    await second.until((m) => m.quotes?.['SHFE.cu2701']?.volume === volumeBefore + 2, 5000, 'the trades in the quote');
    assert.equal(second.mirror.quotes['SHFE.cu2701'].last_price, 86510);
    second.close();
  });

  it('refuses a wrong password with a notify and shows no trade data', async () => {
    await h.user('carol');
    const client = await DiffClient.connect(url);
    client.send({ aid: 'req_login', user_name: 'carol', password: 'wrong-password' });
    await client.until(() => client.notifications().some((n) => n.level === 'ERROR'), 5000, 'error notify');
    assert.equal(client.mirror.trade, undefined);
    client.close();
  });
});
