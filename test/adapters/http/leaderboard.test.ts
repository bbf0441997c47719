/**
 * GET /api/management/leaderboard: accounts ranked by what their trading made, by
 * in-process injection. Every row is checked against the identity profit = balance -
 * net_deposits, and net_deposits against the account's own money movements
 * (/api/management/transactions), not only the example's numbers; an account that never
 * trades shows no profit through every kind of money movement and a settlement.
 *
 * Instrument SHFE.cu2701: multiplier 5, commission rate 0.00005 of the traded value.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { needsToken, refused } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };
interface Row {
  rank: number;
  account_id: string;
  user_id: string;
  username: string;
  balance: number;
  net_deposits: number;
  capital: number;
  profit: number;
  return_ratio: number | null;
  trades: number;
  risk_level: string;
  is_frozen: boolean;
}

const SIGNED: Record<string, number> = { open: 1, deposit: 1, 'transfer-in': 1, withdraw: -1, 'transfer-out': -1 };
const toCents = (yuan: number): number => Math.round(yuan * 100);

describe('HTTP /api/management/leaderboard', () => {
  let h: HttpHarness;
  let long: Trader;
  let short: Trader;
  let depositor: Trader;
  let withdrawer: Trader;
  let emptied: Trader;
  let unfunded: Trader;
  const board = (query = '') => h.asAdmin<Row[]>('GET', `/api/management/leaderboard${query}`);

  before(async () => {
    h = await HttpHarness.start();
    long = await h.trader('lb_long', 'LB-LONG', 1_000_000);
    short = await h.trader('lb_short', 'LB-SHORT', 1_000_000);
    depositor = await h.trader('lb_depositor', 'LB-DEPOSITOR', 500_000);
    withdrawer = await h.trader('lb_withdrawer', 'LB-WITHDRAWER', 1_000_000);
    emptied = await h.trader('lb_emptied', 'LB-EMPTIED', 1_000);
    unfunded = await h.trader('lb_unfunded', 'LB-UNFUNDED', 0);
    await h.asAdmin('POST', '/api/management/deposit', { user_id: depositor.userId, account_id: depositor.accountId, amount: 500_000 });
    await h.asAdmin('POST', '/api/management/withdraw', { user_id: withdrawer.userId, account_id: withdrawer.accountId, amount: 100_000 });
    await h.asAdmin('POST', '/api/management/withdraw', { user_id: emptied.userId, account_id: emptied.accountId, amount: 1_000 });
    // long buys one lot from short at 86,500; the market then trades at 87,000.
    await h.order(short, { direction: 'SELL', price: 86_500 });
    await h.order(long, { direction: 'BUY', price: 86_500 });
    await h.tradeAt(87_000);
  });
  after(async () => h.stop());

  it('ranks by profit: the position\'s gain less commission, deposits and withdrawals counting for nothing', async () => {
    const rows = await board();
    const byAccount = new Map(rows.map((row) => [row.account_id, row]));
    const commission = 21.63; // 86,500 x 5 x 0.00005 = 21.625 a side, charged to the cent
    const gain = (87_000 - 86_500) * 5; // 2,500
    const winner = byAccount.get(long.accountId)!;
    assert.equal(toCents(winner.profit), toCents(gain - commission));
    assert.equal(winner.net_deposits, 1_000_000);
    assert.equal(winner.return_ratio, Math.round(((gain - commission) / 1_000_000) * 1e6) / 1e6);
    assert.equal(winner.trades, 1);
    assert.equal(winner.username, 'lb_long');
    assert.equal(winner.user_id, long.userId);
    assert.equal(toCents(byAccount.get(short.accountId)!.profit), toCents(-gain - commission));
    const put = byAccount.get(depositor.accountId)!;
    assert.deepEqual([put.net_deposits, put.capital, put.profit, put.return_ratio, put.trades], [1_000_000, 1_000_000, 0, 0, 0]);
    const taken = byAccount.get(withdrawer.accountId)!;
    assert.deepEqual([taken.net_deposits, taken.capital, taken.profit, taken.return_ratio], [900_000, 1_000_000, 0, 0]);
    const gone = byAccount.get(emptied.accountId)!;
    assert.deepEqual([gone.net_deposits, gone.capital, gone.profit, gone.return_ratio], [0, 1_000, 0, 0]);
    // Nothing ever put in: no return to speak of.
    const none = byAccount.get(unfunded.accountId)!;
    assert.deepEqual([none.net_deposits, none.capital, none.profit, none.return_ratio], [0, 0, 0, null]);
    // The winner is first (the market's own traders at 87,000 opened flat); the loser last.
    assert.equal(rows[0]!.account_id, long.accountId);
    assert.equal(rows[0]!.rank, 1);
    assert.equal(rows.at(-1)!.account_id, short.accountId);
    assert.equal(rows.at(-1)!.rank, rows.length);
  });

  it('holds profit = balance - net_deposits on every row, with net_deposits the account\'s own money movements', async () => {
    for (const row of await board('?limit=1000')) {
      assert.equal(toCents(row.profit), toCents(row.balance) - toCents(row.net_deposits), row.account_id);
      const movements = await h.asAdmin<{ account_id: string; kind: string; amount: number }[]>('GET', `/api/management/transactions/${row.user_id}?limit=1000`);
      const funded = movements.filter((m) => m.account_id === row.account_id).reduce((sum, m) => sum + SIGNED[m.kind]! * toCents(m.amount), 0);
      assert.equal(toCents(row.net_deposits), funded, row.account_id);
      const summary = await h.asAdmin<{ balance: number }[]>('GET', `/api/management/accounts?account_id=${row.account_id}`);
      assert.equal(row.balance, summary[0]!.balance, row.account_id);
    }
  });

  it('orders ranks strictly by the metric; level accounts share a rank, in account id order', async () => {
    for (const sortBy of ['profit', 'return', 'balance'] as const) {
      const rows = await board(`?sort_by=${sortBy}&limit=1000`);
      const score = (row: Row) => (sortBy === 'profit' ? row.profit : sortBy === 'balance' ? row.balance : (row.return_ratio ?? Number.NEGATIVE_INFINITY));
      rows.forEach((row, i) => {
        if (i === 0) return assert.equal(row.rank, 1);
        const before = rows[i - 1]!;
        assert.ok(score(before) >= score(row), `${sortBy}: ${before.account_id} before ${row.account_id}`);
        if (score(before) === score(row)) {
          assert.equal(row.rank, before.rank, `${sortBy}: level accounts share a rank`);
          assert.ok(before.account_id < row.account_id, `${sortBy}: level accounts in account id order`);
        } else assert.equal(row.rank, i + 1, `${sortBy}: rank after a level group`);
      });
    }
    const ours = (rows: Row[]) => rows.filter((row) => row.account_id.startsWith('LB-')).map((row) => row.account_id);
    assert.deepEqual(ours(await board('?sort_by=balance&limit=1000')), [
      long.accountId, // 1,000,000 and the gain
      depositor.accountId, // 1,000,000 put in
      short.accountId, // 1,000,000 and the loss
      withdrawer.accountId, // 900,000
      emptied.accountId, // nothing left
      unfunded.accountId, // nothing ever
    ]);
    const byReturn = await board('?sort_by=return&limit=1000');
    assert.equal(byReturn.at(-1)!.account_id, unfunded.accountId, 'no return ranks last');
  });

  it('pages with X-Total-Count and searches by account, user id or username, keeping the whole board\'s ranks', async () => {
    const all = await board('?limit=1000');
    const page = await h.call('GET', '/api/management/leaderboard?limit=2&offset=1', { token: h.admin.token });
    assert.equal(page.status, 200);
    assert.equal(page.headers['x-total-count'], String(all.length));
    assert.deepEqual((page.body.data as Row[]).map((row) => row.account_id), all.slice(1, 3).map((row) => row.account_id));
    const found = await board('?search=LB_S');
    assert.deepEqual(found.map((row) => [row.account_id, row.rank]), [[short.accountId, all.length]]);
    assert.deepEqual(await board(`?search=${depositor.userId}`).then((rows) => rows.map((row) => row.account_id)), [depositor.accountId]);
  });

  it('keeps a winner\'s return when it withdraws its money, and shows an account frozen out of the competition', async () => {
    const before = (await board()).find((row) => row.account_id === long.accountId)!;
    await h.asAdmin('POST', '/api/management/withdraw', { user_id: long.userId, account_id: long.accountId, amount: 900_000 });
    await h.asAdmin('PUT', `/api/management/accounts/${long.accountId}/freeze`);
    const after = (await board()).find((row) => row.account_id === long.accountId)!;
    assert.deepEqual([after.profit, after.capital, after.return_ratio, after.rank], [before.profit, before.capital, before.return_ratio, before.rank]);
    assert.equal(after.net_deposits, before.net_deposits - 900_000);
    assert.equal(after.is_frozen, true);
    assert.equal(before.is_frozen, false);
  });

  it('shows no profit for an account that never trades, through every kind of money movement and a settlement', async () => {
    const idle = await h.trader('lb_idle', 'LB-IDLE', 10_000);
    const transfer = (amount: number) =>
      h.ok('POST', '/api/account/transfer', {
        token: idle.token,
        body: { account_id: idle.accountId, bank_id: 'ICBC', bank_password: 'bank-pin', future_password: 'password1', amount },
      });
    const steps: [string, () => Promise<unknown>][] = [
      ['a transfer in', () => transfer(2_500.55)],
      ['a transfer out', () => transfer(-500.55)],
      ['a deposit', () => h.asAdmin('POST', '/api/management/deposit', { user_id: idle.userId, account_id: idle.accountId, amount: 1_234.56 })],
      ['a withdrawal', () => h.asAdmin('POST', '/api/management/withdraw', { user_id: idle.userId, account_id: idle.accountId, amount: 0.01 })],
      ['a settlement', () => h.asAdmin('POST', '/api/admin/settlement/execute')],
      ['a transfer in on the next day', () => transfer(100)],
    ];
    for (const [step, perform] of steps) {
      await perform();
      const row = (await board(`?search=${idle.accountId}`))[0]!;
      assert.equal(row.profit, 0, `after ${step}`);
      assert.equal(row.balance, row.net_deposits, `after ${step}`);
    }
    assert.equal((await board(`?search=${idle.accountId}`))[0]!.net_deposits, 10_000 + 2_500.55 - 500.55 + 1_234.56 - 0.01 + 100);
  });

  it('exports the whole board as CSV in rank order, as the JSON board has it, searched alike', async () => {
    const all = await board('?sort_by=return&limit=1000');
    const reply = await h.service.http.inject({ method: 'GET', url: '/api/management/leaderboard.csv?sort_by=return', headers: { authorization: `Bearer ${h.admin.token}` } });
    assert.equal(reply.statusCode, 200);
    assert.equal(reply.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(reply.headers['content-disposition']), /^attachment; filename="leaderboard-return-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = reply.body.trimEnd().split('\r\n');
    assert.equal(header, 'rank,username,account_id,user_id,profit,return_ratio,equity,net_deposits,capital,fills,risk_level,frozen');
    assert.deepEqual(
      lines,
      all.map((r) =>
        [r.rank, r.username, r.account_id, r.user_id, r.profit.toFixed(2), r.return_ratio ?? '', r.balance.toFixed(2), r.net_deposits.toFixed(2), r.capital.toFixed(2), r.trades, r.risk_level, r.is_frozen ? 'yes' : 'no'].join(','),
      ),
    );
    const found = (await h.ok('GET', '/api/management/leaderboard.csv?search=LB_S', { token: h.admin.token })) as string;
    assert.deepEqual(found.trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[2]), [short.accountId]);
    await refused(h, 'GET', '/api/management/leaderboard.csv?limit=10', { token: h.admin.token }, 1001, 400);
    await refused(h, 'GET', '/api/management/leaderboard.csv?sort_by=luck', { token: h.admin.token }, 1001, 400);
    await refused(h, 'GET', '/api/management/leaderboard.csv', { token: long.token }, 1003, 403);
    await needsToken(h, 'GET', '/api/management/leaderboard.csv');
  });

  it('refuses an unknown metric and bad paging (1001 / 400), traders (1003 / 403), no token (1002 / 401)', async () => {
    await refused(h, 'GET', '/api/management/leaderboard?sort_by=luck', { token: h.admin.token }, 1001, 400);
    await refused(h, 'GET', '/api/management/leaderboard?limit=0', { token: h.admin.token }, 1001, 400);
    await refused(h, 'GET', '/api/management/leaderboard?search=', { token: h.admin.token }, 1001, 400);
    await refused(h, 'GET', '/api/management/leaderboard', { token: long.token }, 1003, 403);
    await needsToken(h, 'GET', '/api/management/leaderboard');
  });
});
