/**
 * The spec's money identities in GET /api/account/{id}, to the cent, after deposits,
 * withdrawals, opening and closing trades with fractional-cent commissions, price moves,
 * resting orders and day-end settlements; and the equity curve once settlements exist.
 *
 *   static_balance = pre_balance + deposit - withdraw + close_profit - commission
 *   balance        = static_balance + float_profit
 *   available      = balance - margin - frozen_margin
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { cents, hasFields, refused } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

/** cu2701: multiplier 5, margin ratio 0.09, commission rate 0.00005 (config/instruments.toml). */
const MULTIPLE = 5;
const MARGIN = 0.09;
const RATE = 0.00005;
/** Instruments the test trades (config/instruments.toml). */
const SPECS: Record<string, { multiple: number; margin: number; rate: number; tick: number }> = {
  'SHFE.cu2701': { multiple: MULTIPLE, margin: MARGIN, rate: RATE, tick: 10 },
  'SHFE.au2702': { multiple: 1000, margin: 0.15, rate: 0.00001, tick: 0.02 },
};
/** Commission of one trade, in cents, rounded half away from zero. */
const fee = (price: number, volume: number) => Math.round(RATE * price * volume * MULTIPLE * 100);

interface Snapshot {
  account_id: string;
  balance: number;
  available: number;
  margin: number;
  frozen_margin: number;
  frozen: number;
  risk_ratio: number;
  accounts: Record<string, number>;
  positions: Record<string, Record<string, number>>;
  orders: Record<string, { status: string; frozen_margin: number }>;
  trades: Record<string, { commission: number }>;
}

/** Checks every identity of one snapshot in integer cents; returns the accounts figures in cents. */
function checkIdentities(snap: Snapshot, where: string): Record<string, number> {
  const a = snap.accounts;
  const c: Record<string, number> = {};
  for (const field of [
    'pre_balance',
    'deposit',
    'withdraw',
    'static_balance',
    'close_profit',
    'commission',
    'float_profit',
    'position_profit',
    'balance',
    'margin',
    'frozen_margin',
    'available',
  ]) {
    c[field] = cents(a[field] as number, `${where} accounts.${field}`);
  }
  assert.equal(c.static_balance, c.pre_balance! + c.deposit! - c.withdraw! + c.close_profit! - c.commission!, `${where}: static_balance`);
  assert.equal(c.balance, c.static_balance! + c.float_profit!, `${where}: balance`);
  assert.equal(c.available, c.balance! - c.margin! - c.frozen_margin!, `${where}: available`);
  // Summary fields at the top agree with the accounts block.
  assert.equal(cents(snap.balance), c.balance, `${where}: top-level balance`);
  assert.equal(cents(snap.available), c.available, `${where}: top-level available`);
  assert.equal(cents(snap.margin), c.margin, `${where}: top-level margin`);
  assert.equal(cents(snap.frozen_margin), c.frozen_margin, `${where}: top-level frozen_margin`);
  assert.equal(cents(snap.frozen), c.balance! - c.available!, `${where}: frozen = balance - available`);
  // risk_ratio = margin / balance.
  const ratio = c.balance === 0 ? 0 : c.margin! / c.balance!;
  assert.ok(Math.abs((a.risk_ratio as number) - ratio) < 1e-9, `${where}: risk_ratio ${a.risk_ratio} != ${ratio}`);
  assert.equal(snap.risk_ratio, a.risk_ratio);
  // margin = sum of the positions' margins (each volume x last x multiplier x ratio).
  const positions = Object.values(snap.positions);
  assert.equal(c.margin, positions.reduce((sum, p) => sum + cents(p.margin as number), 0), `${where}: margin = sum of positions`);
  for (const p of Object.entries(snap.positions)) {
    const [key, position] = p;
    const spec = SPECS[key.split('@')[0] as string];
    assert.ok(spec !== undefined, `${where}: no test parameters for ${key}`);
    const expected = Math.round((position.volume_long! + position.volume_short!) * position.last_price! * spec.multiple * spec.margin * 100);
    assert.equal(cents(position.margin as number), expected, `${where}: ${key} margin`);
  }
  // frozen_margin = what the live orders hold.
  const live = Object.values(snap.orders).filter((o) => o.status === 'ALIVE');
  assert.equal(c.frozen_margin, live.reduce((sum, o) => sum + cents(o.frozen_margin), 0), `${where}: frozen_margin = live orders`);
  // commission = today's trades' commissions (the day's figure; it restarts at settlement).
  return c;
}

describe('HTTP account money identities and the equity curve across settlements', () => {
  let h: HttpHarness;
  let x: Trader;
  let y: Trader;
  let z: Trader;
  let w: Trader;
  const snapshot = async (t: Trader): Promise<Snapshot> => h.ok('GET', `/api/account/${t.accountId}`, { token: t.token });
  const all = () => [x, y, z, w];

  before(async () => {
    h = await HttpHarness.start();
    x = await h.trader('money_x', 'MX', 1_000_000);
    y = await h.trader('money_y', 'MY', 1_000_000);
    z = await h.trader('money_z', 'MZ', 1_000_000);
    w = await h.trader('money_w', 'MW', 1_000_000);
  });
  after(async () => h.stop());

  it('holds on fresh accounts after deposits and withdrawals', async () => {
    await h.ok('POST', '/api/account/deposit', { token: x.token, body: { account_id: 'MX', amount: 1234.56 } });
    await h.ok('POST', '/api/account/withdraw', { token: x.token, body: { account_id: 'MX', amount: 234.5 } });
    await h.ok('POST', '/api/account/deposit', { token: x.token, body: { account_id: 'MX', amount: 0.07 } });
    const c = checkIdentities(await snapshot(x), 'MX fresh');
    assert.equal(c.deposit, 100_000_000 + 123_456 + 7);
    assert.equal(c.withdraw, 23_450);
    assert.equal(c.balance, 100_000_000 + 123_456 + 7 - 23_450);
    for (const t of all()) checkIdentities(await snapshot(t), t.accountId);
  });

  it('holds after opening trades, a price move, a close and a resting order, with exact figures', async () => {
    // X buys 3 lots at 86500 from Y (one-lot commissions have half cents: 21.625).
    await h.order(y, { direction: 'SELL', price: 86500, volume: 1, order_id: 'y1' });
    await h.order(y, { direction: 'SELL', price: 86500, volume: 1, order_id: 'y2' });
    await h.order(y, { direction: 'SELL', price: 86500, volume: 1, order_id: 'y3' });
    const bought = await h.order(x, { direction: 'BUY', price: 86500, volume: 3, order_id: 'x1' });
    assert.equal(bought.trades.length, 3);
    // Z and W move the last price to 86630.
    await h.order(z, { direction: 'SELL', price: 86630, volume: 1, order_id: 'z1' });
    await h.order(w, { direction: 'BUY', price: 86630, volume: 1, order_id: 'w1' });
    let c = checkIdentities(await snapshot(x), 'MX after the move');
    assert.equal(c.commission, 3 * fee(86500, 1));
    assert.equal(c.float_profit, (86630 - 86500) * 3 * MULTIPLE * 100);
    assert.equal(c.close_profit, 0);
    // X closes 1 today's lot at 86650 to W: close profit (86650 - 86500) x 1 x 5.
    await h.order(w, { direction: 'BUY', price: 86650, volume: 1, order_id: 'w2' });
    await h.order(x, { direction: 'SELL', price: 86650, volume: 1, offset: 'CLOSETODAY', order_id: 'x2' });
    // X rests a bid for 2 lots: frozen margin.
    await h.order(x, { direction: 'BUY', price: 86000, volume: 2, order_id: 'x3' });
    const snap = await snapshot(x);
    c = checkIdentities(snap, 'MX after the close');
    assert.equal(c.close_profit, 150 * MULTIPLE * 100);
    assert.equal(c.commission, 3 * fee(86500, 1) + fee(86650, 1));
    assert.equal(c.float_profit, (86650 - 86500) * 2 * MULTIPLE * 100);
    assert.equal(c.margin, Math.round(2 * 86650 * MULTIPLE * MARGIN * 100));
    assert.ok(c.frozen_margin! >= Math.round(2 * 86000 * MULTIPLE * MARGIN * 100), 'the bid freezes at least its margin');
    assert.equal(
      c.commission,
      Object.values(snap.trades).reduce((sum, t) => sum + cents(t.commission), 0),
      'commission = sum of the trades',
    );
    for (const t of all()) checkIdentities(await snapshot(t), t.accountId);
  });

  it('holds for the short side and every other account, whose close profits and commissions mirror the trades', async () => {
    const cy = checkIdentities(await snapshot(y), 'MY');
    assert.equal(cy.commission, 3 * fee(86500, 1));
    // Y is short 3 at 86500, last 86650: float = (86500 - 86650) x 3 x 5.
    assert.equal(cy.float_profit, (86500 - 86650) * 3 * MULTIPLE * 100);
    const cw = checkIdentities(await snapshot(w), 'MW');
    assert.equal(cw.commission, fee(86630, 1) + fee(86650, 1));
    assert.equal(cw.float_profit, (86650 - 86630 + 0) * MULTIPLE * 100);
  });

  it('holds after a settlement: pre_balance carries the equity, and the equity curve gains a point', async () => {
    const before = new Map<string, number>();
    for (const t of all()) before.set(t.accountId, cents((await snapshot(t)).balance));
    await h.ok('POST', '/api/admin/settlement/set-price', { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: 86600 } });
    const summary = await h.ok('POST', '/api/admin/settlement/execute', { token: h.admin.token });
    hasFields(summary, { settlement_date: 'string', total_accounts: 'integer', settled_accounts: 'integer', failed_accounts: 'integer', force_closed_accounts: 'array' });
    const settledAt = summary.executed_at as number;

    const snap = await snapshot(x);
    const c = checkIdentities(snap, 'MX settled');
    // Settled at 86600: X's equity = before - (86650 - 86600) x 2 x 5 (its 2 lots re-marked).
    assert.equal(c.pre_balance, before.get('MX')! - 50 * 2 * MULTIPLE * 100);
    assert.equal(c.deposit, 0);
    assert.equal(c.withdraw, 0);
    assert.equal(c.commission, 0);
    assert.equal(c.close_profit, 0);
    // Positions are marked at the settlement price (docs/decisions.md): nothing floats yet.
    assert.equal(c.float_profit, 0);
    assert.equal(c.balance, c.pre_balance);
    // The GFD bid was cancelled at settlement.
    assert.equal(c.frozen_margin, 0);
    const position = snap.positions['SHFE.cu2701']!;
    assert.equal(position.volume_long_his, 2);
    assert.equal(position.volume_long_today, 0);
    assert.equal(position.last_price, 86600);
    for (const t of all()) checkIdentities(await snapshot(t), `${t.accountId} settled`);

    // The equity curve: the settlement point (equity at settlement), then now.
    const curve = (await h.ok('GET', `/api/account/${x.userId}/equity-curve`, { token: x.token })).equity_curve as { timestamp: number; equity: number }[];
    assert.equal(curve.length, 2);
    for (const point of curve) hasFields(point, { timestamp: 'integer', equity: 'number' }, 'point');
    assert.equal(curve[0]!.timestamp, settledAt);
    assert.equal(cents(curve[0]!.equity), c.pre_balance);
    assert.ok(curve[1]!.timestamp >= settledAt);
    assert.equal(cents(curve[1]!.equity), c.balance);
    const byAccount = (await h.ok('GET', '/api/account/MX/equity-curve', { token: x.token })).equity_curve;
    assert.deepEqual(
      byAccount.map((p: { equity: number }) => p.equity),
      curve.map((p) => p.equity),
    );
  });

  it('holds on the next day after more trading, and a second settlement adds a second point', async () => {
    await h.ok('POST', '/api/account/deposit', { token: x.token, body: { account_id: 'MX', amount: 10.01 } });
    // X closes one of yesterday's lots (CLOSE closes yesterday's first) at 86700 to Z.
    await h.order(z, { direction: 'BUY', price: 86700, volume: 1, order_id: 'z2' });
    await h.order(x, { direction: 'SELL', price: 86700, volume: 1, offset: 'CLOSE', order_id: 'x4' });
    const c = checkIdentities(await snapshot(x), 'MX day 2');
    assert.equal(c.deposit, 1001);
    // Close profit against the settlement price: (86700 - 86600) x 1 x 5.
    assert.equal(c.close_profit, 100 * MULTIPLE * 100);
    assert.equal(c.commission, fee(86700, 1));
    assert.equal(c.float_profit, 100 * 1 * MULTIPLE * 100);
    for (const t of all()) checkIdentities(await snapshot(t), `${t.accountId} day 2`);

    await h.ok('POST', '/api/admin/settlement/execute', { token: h.admin.token });
    const settled = checkIdentities(await snapshot(x), 'MX settled twice');
    const curve = (await h.ok('GET', `/api/account/${x.userId}/equity-curve`, { token: x.token })).equity_curve as { timestamp: number; equity: number }[];
    assert.equal(curve.length, 3);
    assert.ok(curve[0]!.timestamp <= curve[1]!.timestamp && curve[1]!.timestamp <= curve[2]!.timestamp);
    assert.equal(cents(curve[1]!.equity), settled.pre_balance);
    assert.equal(cents(curve[2]!.equity), settled.balance);
    // The admin and the owner see the same curve; others may not.
    assert.deepEqual((await h.ok('GET', `/api/account/${x.userId}/equity-curve`, { token: h.admin.token })).equity_curve.slice(0, 2), curve.slice(0, 2));
    await refused(h, 'GET', `/api/account/${x.userId}/equity-curve`, { token: y.token }, 1003, 403);
  });

  it('holds for every account through a pseudo-random day on two instruments (fractional prices, opens and closes)', async () => {
    const traders: Trader[] = [];
    for (let i = 0; i < 4; i++) traders.push(await h.trader(`money_r${i}`, `MR${i}`, 5_000_000));
    let seed = 20_261_123;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const reference: Record<string, number> = { 'SHFE.cu2701': 86600, 'SHFE.au2702': 930 };
    let trades = 0;
    for (let step = 0; step < 40; step++) {
      const instrument = pick(Object.keys(SPECS));
      const spec = SPECS[instrument]!;
      const ticks = Math.round((random() - 0.5) * 40);
      const price = Math.round((reference[instrument]! + ticks * spec.tick) * 100) / 100;
      const maker = pick(traders);
      const taker = pick(traders.filter((t) => t !== maker));
      const takerSide = random() < 0.5 ? 'BUY' : 'SELL';
      const makerSide = takerSide === 'BUY' ? 'SELL' : 'BUY';
      const volume = 1 + Math.floor(random() * 3);
      // Close today's opposite lots when there are enough, else open.
      const offsetFor = async (t: Trader, side: 'BUY' | 'SELL') => {
        const p = (await h.ok('GET', `/api/position/account/${t.accountId}`, { token: t.token })).positions[instrument];
        const opposite = p === undefined ? 0 : side === 'BUY' ? p.volume_short_today - p.volume_short_frozen : p.volume_long_today - p.volume_long_frozen;
        return opposite >= volume && random() < 0.7 ? 'CLOSETODAY' : 'OPEN';
      };
      const id = instrument.split('.')[1] as string;
      await h.order(maker, { direction: makerSide, price, volume, instrument_id: id, offset: await offsetFor(maker, makerSide) });
      const filled = await h.order(taker, { direction: takerSide, price, volume, instrument_id: id, offset: await offsetFor(taker, takerSide) });
      trades += filled.trades.length;
      if (step % 10 === 9) for (const t of traders) checkIdentities(await snapshot(t), `${t.accountId} step ${step}`);
    }
    assert.ok(trades >= 30, `most steps traded (${trades})`);
    for (const t of traders) {
      const snap = await snapshot(t);
      const c = checkIdentities(snap, `${t.accountId} end of day`);
      assert.equal(c.commission, Object.values(snap.trades).reduce((sum, trade) => sum + cents(trade.commission), 0), `${t.accountId}: commission`);
    }
    await h.ok('POST', '/api/admin/settlement/execute', { token: h.admin.token });
    for (const t of [...traders, ...all()]) checkIdentities(await snapshot(t), `${t.accountId} settled`);
  });
});
