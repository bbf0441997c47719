/**
 * GET /api/competition/leaderboard: a competition's standings for its participants, only when
 * the operator turns them on ([competition] public_leaderboard). Checked against the
 * admin's board: the same profit, or return, per account, frozen accounts left out and
 * ranked without, only the ranking's figure shown (profit and return together would tell
 * each participant's capital), the caller's own rows marked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/app/clock.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { needsToken, refused } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };
interface PublicRow {
  rank: number;
  username: string;
  account_id: string;
  value: number | null;
  trades: number;
  is_own: boolean;
}
interface AdminRow {
  account_id: string;
  profit: number;
  return_ratio: number | null;
  trades: number;
}

describe('HTTP /api/competition/leaderboard', () => {
  let h: HttpHarness;
  // The board's age is the exchange's clock: moved by hand, the once-a-second rule is exact.
  // It starts at the real time: login tokens, stamped by it, expire by the wall clock (a
  // fixed date made every login of the test expired a day later).
  const clock = new ManualClock(Date.now());
  let winner: Trader;
  let loser: Trader;
  let frozen: Trader;
  let idle: Trader;
  const standings = (token: string, query = '') => h.ok<PublicRow[]>('GET', `/api/competition/leaderboard${query}`, { token });

  before(async () => {
    h = await HttpHarness.start({ clock, adjust: (config) => ({ ...config, competition: { publicLeaderboard: true } }) });
    winner = await h.trader('pl_winner', 'PL-WINNER', 1_000_000);
    loser = await h.trader('pl_loser', 'PL-LOSER', 1_000_000);
    frozen = await h.trader('pl_frozen', 'PL-FROZEN', 1_000_000);
    idle = await h.trader('pl_idle', 'PL-IDLE', 2_000_000);
    // The winner buys from the loser at 86,500; the market then trades at 87,000. The
    // frozen account bought too, and would rank level with the winner.
    await h.order(loser, { direction: 'SELL', price: 86_500, volume: 2 });
    await h.order(winner, { direction: 'BUY', price: 86_500 });
    await h.order(frozen, { direction: 'BUY', price: 86_500 });
    await h.tradeAt(87_000);
    await h.asAdmin('PUT', `/api/management/accounts/${frozen.accountId}/freeze`);
  });
  after(async () => h.stop());

  it("shows every participant the admin's profit, or return, and nothing more, frozen accounts left out", async () => {
    const adminRows = await h.asAdmin<AdminRow[]>('GET', '/api/management/leaderboard?limit=1000');
    const adminById = new Map(adminRows.map((row) => [row.account_id, row]));
    for (const [metric, figure] of [['profit', (row: AdminRow) => row.profit], ['return', (row: AdminRow) => row.return_ratio]] as const) {
      const rows = await standings(idle.token, `?sort_by=${metric}&limit=1000`);
      const ranked = (await h.asAdmin<AdminRow[]>('GET', `/api/management/leaderboard?sort_by=${metric}&limit=1000`)).map((row) => row.account_id);
      assert.deepEqual(rows.map((row) => row.account_id), ranked.filter((id) => id !== frozen.accountId));
      for (const row of rows) {
        const full = adminById.get(row.account_id)!;
        assert.deepEqual(Object.keys(row).sort(), ['account_id', 'is_own', 'rank', 'trades', 'username', 'value']);
        assert.deepEqual([row.value, row.trades], [figure(full), full.trades]);
      }
      assert.equal(rows[0]!.account_id, winner.accountId);
      assert.equal(rows[0]!.username, 'pl_winner');
      assert.ok(rows[0]!.value! > 0);
      // Ranks are counted without the frozen account: strictly by the figure, level rows sharing one.
      rows.forEach((row, i) => {
        if (i === 0) assert.equal(row.rank, 1);
        else assert.equal(row.rank, row.value === rows[i - 1]!.value ? rows[i - 1]!.rank : i + 1);
      });
    }
    const byProfit = await standings(idle.token, '?limit=1000');
    assert.equal(byProfit.at(-1)!.account_id, loser.accountId);
  });

  it('says the standings are public (GET /api/competition)', async () => {
    assert.deepEqual(await h.ok('GET', '/api/competition', { token: idle.token }), { public_leaderboard: true });
  });

  it("marks the caller's own account only", async () => {
    const rows = await standings(loser.token, '?limit=1000');
    assert.deepEqual(
      rows.filter((row) => row.is_own).map((row) => row.account_id),
      [loser.accountId],
    );
  });

  it('ranks by return, pages with X-Total-Count and searches by username or account, keeping the ranks', async () => {
    const byReturn = await standings(idle.token, '?sort_by=return&limit=1000');
    for (let i = 1; i < byReturn.length; i++) assert.ok((byReturn[i - 1]!.value ?? -Infinity) >= (byReturn[i]!.value ?? -Infinity));
    const all = await standings(idle.token, '?limit=1000');
    const page = await h.call('GET', '/api/competition/leaderboard?limit=1&offset=1', { token: idle.token });
    assert.equal(page.headers['x-total-count'], String(all.length));
    assert.deepEqual((page.body.data as PublicRow[]).map((row) => row.account_id), [all[1]!.account_id]);
    const found = await standings(idle.token, '?search=PL_LOS');
    assert.deepEqual(found.map((row) => [row.account_id, row.rank]), [[loser.accountId, all.at(-1)!.rank]]);
    assert.deepEqual((await standings(idle.token, '?search=pl-winner')).map((row) => row.username), ['pl_winner']);
  });

  it('ranks a board at most once a second, however many participants ask', async () => {
    const before = await standings(idle.token, '?limit=1000');
    await h.order(loser, { direction: 'SELL', price: 86_500 });
    await h.order(idle, { direction: 'BUY', price: 86_500 });
    clock.advance(999);
    assert.deepEqual(await standings(idle.token, '?limit=1000'), before, 'the board of a moment ago');
    clock.advance(1);
    const after = await standings(idle.token, '?limit=1000');
    assert.equal(after.find((row) => row.account_id === idle.accountId)!.trades, 1, 'then the new fill');
  });

  it('refuses bad queries (1001 / 400), a balance ranking (1001 / 400) and callers without a token (1002 / 401)', async () => {
    await refused(h, 'GET', '/api/competition/leaderboard?sort_by=balance', { token: idle.token }, 1001, 400);
    await refused(h, 'GET', '/api/competition/leaderboard?limit=0', { token: idle.token }, 1001, 400);
    await refused(h, 'GET', '/api/competition/leaderboard?search=', { token: idle.token }, 1001, 400);
    await needsToken(h, 'GET', '/api/competition/leaderboard');
  });
});

describe('HTTP /api/competition/leaderboard on an exchange that keeps its standings private (the default)', () => {
  it('refuses traders (1003 / 403) and says which setting opens it; the admin board stays', async () => {
    const h = await HttpHarness.start();
    try {
      const trader = await h.trader('pl_private', 'PL-PRIVATE', 1_000_000);
      // GET /api/competition tells a console so without asking for the standings.
      assert.deepEqual(await h.ok('GET', '/api/competition', { token: trader.token }), { public_leaderboard: false });
      const message = await refused(h, 'GET', '/api/competition/leaderboard', { token: trader.token }, 1003, 403);
      assert.match(message, /public_leaderboard/);
      await refused(h, 'GET', '/api/competition/leaderboard', { token: h.admin.token }, 1003, 403);
      assert.ok((await h.asAdmin<AdminRow[]>('GET', '/api/management/leaderboard')).some((row) => row.account_id === trader.accountId));
    } finally {
      await h.stop();
    }
  });
});
