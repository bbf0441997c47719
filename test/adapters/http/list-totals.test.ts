/**
 * Paged lists tell their total in X-Total-Count (before limit and offset), and the API
 * document says so on every route that takes `limit`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';

describe('HTTP list totals (X-Total-Count)', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  const totalOf = async (url: string, token?: string): Promise<{ total: number; items: unknown[] }> => {
    const reply = await h.call('GET', url, token === undefined ? {} : { token });
    assert.equal(reply.status, 200, reply.raw);
    const header = reply.headers['x-total-count'];
    assert.match(String(header), /^\d+$/, `${url}: X-Total-Count ${String(header)}`);
    return { total: Number(header), items: reply.body.data as unknown[] };
  };

  it('counts what the pages page through: orders, trades, accounts, instruments, the tape', async () => {
    const seller = await h.trader('tot_s', 'TOT_S');
    const buyer = await h.trader('tot_b', 'TOT_B');
    for (let i = 0; i < 3; i++) {
      await h.order(seller, { direction: 'SELL', price: 86500, volume: 1 });
      await h.order(buyer, { direction: 'BUY', price: 86500, volume: 1 });
    }
    await h.order(seller, { direction: 'SELL', price: 87000, volume: 1 });

    const sellerOrders = await totalOf(`/api/order/user/${seller.userId}?limit=1&offset=1`, seller.token);
    assert.deepEqual([sellerOrders.total, sellerOrders.items.length], [4, 1]);
    const buyerTrades = await totalOf(`/api/trades/account/${buyer.accountId}?limit=2`, buyer.token);
    assert.deepEqual([buyerTrades.total, buyerTrades.items.length], [3, 2]);
    assert.equal((await totalOf(`/api/trades/user/${seller.userId}?offset=5`, seller.token)).items.length, 0);
    assert.equal((await totalOf(`/api/trades/user/${seller.userId}?offset=5`, seller.token)).total, 3, 'an offset past the end still tells the total');

    const accounts = (await h.asAdmin('GET', '/api/management/accounts?limit=1000')) as unknown[];
    assert.equal((await totalOf('/api/management/accounts?limit=1', h.admin.token)).total, accounts.length);
    assert.equal((await totalOf(`/api/management/orders?account_id=${seller.accountId}&limit=1`, h.admin.token)).total, 4);
    assert.equal((await totalOf(`/api/management/trades?user_id=${buyer.userId}`, h.admin.token)).total, 3);

    const instruments = (await h.ok('GET', '/api/market/instruments?limit=1000')) as unknown[];
    assert.equal((await totalOf('/api/market/instruments?limit=2')).total, instruments.length);
    const tape = await totalOf('/api/market/trades/SHFE.cu2701?limit=1');
    assert.ok(tape.total >= 3 && tape.items.length === 1, `the tape holds ${tape.total}`);
  });

  it('reads order and trade lists from the newest with sort=newest: the oldest-first list reversed, page by page', async () => {
    const seller = await h.trader('sort_s', 'SORT_S');
    const buyer = await h.trader('sort_b', 'SORT_B');
    for (let i = 0; i < 4; i++) {
      await h.order(seller, { direction: 'SELL', price: 86500 + 10 * i, volume: 1 });
      await h.order(buyer, { direction: 'BUY', price: 86500 + 10 * i, volume: 1 });
    }
    await h.order(seller, { direction: 'SELL', price: 87000, volume: 1 });
    const lists: [string, string][] = [
      [`/api/order/user/${seller.userId}`, seller.token],
      [`/api/trades/account/${buyer.accountId}`, buyer.token],
      [`/api/trades/user/${seller.userId}?account_id=${seller.accountId}`, seller.token],
      [`/api/management/orders?account_id=${seller.accountId}`, h.admin.token],
      [`/api/management/trades?user_id=${buyer.userId}`, h.admin.token],
    ];
    const id = (record: any) => record.exchange_order_id + (record.trade_id ?? '');
    for (const [url, token] of lists) {
      const join = url.includes('?') ? '&' : '?';
      const all = (await totalOf(`${url}${join}limit=1000`, token)).items.map(id);
      const newestFirst = [...all].reverse();
      for (const limit of [1, 2, 3, 100]) {
        for (let offset = 0; offset <= all.length + 1; offset++) {
          const page = await totalOf(`${url}${join}sort=newest&limit=${limit}&offset=${offset}`, token);
          assert.equal(page.total, all.length, url);
          assert.deepEqual(page.items.map(id), newestFirst.slice(offset, offset + limit), `${url} limit ${limit} offset ${offset}`);
        }
      }
      assert.deepEqual((await totalOf(`${url}${join}sort=oldest&limit=1000`, token)).items.map(id), all);
      await h.fails('GET', `${url}${join}sort=sideways`, { token }, 1001, 400);
    }
  });

  it('is documented on every route that pages', async () => {
    const doc = (await h.call('GET', '/openapi.json')).body as unknown as { paths: Record<string, Record<string, any>> };
    const paged: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const takesLimit = (operation.parameters ?? []).some((p: { in: string; name: string }) => p.in === 'query' && p.name === 'limit');
        // Not lists: a settlement's detail counts its lines in account_lines, an account
        // snapshot its orders and trades in orders_total / trades_total, a statement its
        // trades in trade_count.
        const notLists = ['/api/admin/settlement/detail/{date}', '/api/account/{account_id}', '/api/account/{account_id}/settlements/{trading_day}'];
        if (!takesLimit || notLists.includes(path)) continue;
        paged.push(`${method} ${path}`);
        assert.ok(operation.responses['200'].headers?.['x-total-count'], `${method} ${path} documents X-Total-Count`);
      }
    }
    assert.ok(paged.length >= 16, `paged routes: ${paged.join(', ')}`);
  });
});
