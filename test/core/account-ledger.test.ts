import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_ACCOUNTS_PER_USER, MAX_LIVE_ORDERS_PER_ACCOUNT, positionViews, ResultCode } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';
import { expectAccount } from '../support/ledger-checks.ts';

/** Copper with a round commission rate: 1 per 10,000 of turnover. */
const CU = { ...COPPER, commissionRate: 0.0001 };
const ID = CU.instrumentId;

function harness(): CoreHarness {
  const x = new CoreHarness([CU]);
  for (const account of ['A', 'B', 'C', 'D']) x.ensureAccount(account, 1_000_000);
  return x;
}

describe('account ledger: open, partial fill, cancel, mark, close', () => {
  it('follows every step to the cent', () => {
    const x = harness();

    // B sells 2 @ 70000 to open; it rests.
    // frozen = 2 lots x (margin 70000x5x0.1 = 35000 + commission 70000x5x0.0001 = 35) = 70070
    assert.equal(x.place('B', 'b1', 'SELL', 70000, 2).code, ResultCode.Success);
    expectAccount(x, 'B', { balance: 1_000_000, frozen_margin: 70_070, frozen_commission: 70, available: 929_930 });

    // A buys 3 @ 70000: 2 trade, 1 rests.
    // commission 2x70000x5x0.0001 = 70; margin 2x70000x5x0.1 = 70000; frozen 1 lot = 35035
    // balance 1,000,000 - 70 = 999,930; available 999,930 - 70,000 - 35,035 = 894,895
    x.place('A', 'a1', 'BUY', 70000, 3);
    expectAccount(x, 'A', { commission: 70, margin: 70_000, frozen_margin: 35_035, balance: 999_930, available: 894_895 });
    expectAccount(x, 'B', { commission: 70, margin: 70_000, frozen_margin: 0, balance: 999_930, available: 929_930 });

    // A cancels the resting lot: its frozen 35,035 comes back exactly.
    x.cancel('A', 'a1');
    expectAccount(x, 'A', { frozen_margin: 0, frozen_commission: 0, available: 929_930 });

    // C and D trade 1 @ 70500: the last price moves and marks A and B.
    // A: float (70500-70000)x2x5 = 5000; margin 2x70500x5x0.1 = 70500
    //    balance 999,930 + 5,000 = 1,004,930; available 1,004,930 - 70,500 = 934,430
    x.place('C', 'c1', 'SELL', 70500, 1);
    x.place('D', 'd1', 'BUY', 70500, 1);
    expectAccount(x, 'A', { float_profit: 5_000, margin: 70_500, balance: 1_004_930, available: 934_430 });
    expectAccount(x, 'B', { float_profit: -5_000, margin: 70_500, balance: 994_930, available: 924_430 });

    // On SHFE, CLOSE takes only earlier lots: A's lots are today's, so it is refused.
    const close = x.place('A', 'a2', 'SELL', 70500, 1, { offset: 'CLOSE' });
    assert.equal(close.code, ResultCode.PositionLimitExceeded);
    assert.match(close.message, /CLOSETODAY/);

    // A closes 1 today's lot @ 70500 against D's new bid.
    // close profit (70500-70000)x1x5 = 2500; commission 70 + 70500x5x0.0001 = 105.25
    // remaining long 1: float 2500, margin 35250
    // balance 1,000,000 + 2,500 - 105.25 + 2,500 = 1,004,894.75; available - 35,250 = 969,644.75
    x.place('D', 'd2', 'BUY', 70500, 1);
    assert.equal(x.place('A', 'a3', 'SELL', 70500, 1, { offset: 'CLOSETODAY' }).code, ResultCode.Success);
    expectAccount(x, 'A', {
      close_profit: 2_500,
      commission: 105.25,
      float_profit: 2_500,
      margin: 35_250,
      balance: 1_004_894.75,
      available: 969_644.75,
    });
    const position = positionViews(x.state, 'A')[ID]!;
    assert.deepEqual(
      [position.volume_long, position.volume_long_today, position.open_price_long, position.float_profit_long, position.margin_long],
      [1, 1, 70000, 2500, 35250],
    );
  });

  it(`opens at most ${MAX_ACCOUNTS_PER_USER} accounts for one user; the next is refused and nothing changes`, () => {
    const x = harness();
    const userId = 'u-A';
    for (let n = 1; n < MAX_ACCOUNTS_PER_USER; n++) assert.equal(x.run({ type: 'account.open', userId, accountId: `A${n}`, initialBalance: 0 }).code, ResultCode.Success);
    const refused = x.run({ type: 'account.open', userId, accountId: 'one-more', initialBalance: 0 });
    assert.equal(refused.code, ResultCode.ParameterError);
    assert.match(refused.message, /most one user may hold/);
    assert.equal(x.state.accounts.has('one-more'), false);
    assert.equal(x.state.users.get(userId)!.accountIds.length, MAX_ACCOUNTS_PER_USER);
    // Another user is not affected.
    assert.equal(x.run({ type: 'account.open', userId: 'u-B', accountId: 'B2', initialBalance: 0 }).code, ResultCode.Success);
  });

  it(`takes at most ${MAX_LIVE_ORDERS_PER_ACCOUNT} live orders per account; the next that could rest is refused with a record, an IOC is not, and a cancel makes room`, () => {
    const x = harness();
    x.ensureAccount('MM', 1e11);
    for (let n = 0; n < MAX_LIVE_ORDERS_PER_ACCOUNT; n++) assert.equal(x.place('MM', `r${n}`, 'BUY', 69000 + (n % 50) * 10, 1).code, ResultCode.Success);
    const refused = x.place('MM', 'one-more', 'BUY', 69000, 1);
    assert.equal(refused.code, ResultCode.ParameterError);
    assert.match(refused.message, /most an account may have/);
    assert.equal(eventsOfType(refused, 'order.rejected').length, 1, 'the client sees the refusal as an order');
    assert.equal(x.state.accounts.get('MM')!.liveOrders.size, MAX_LIVE_ORDERS_PER_ACCOUNT);
    assert.equal(x.place('B', 'other', 'BUY', 69000, 1).code, ResultCode.Success, 'another account is not affected');
    // An order that cannot rest (IOC: trades at once or ends) is not refused for it.
    assert.equal(x.place('C', 'ask', 'SELL', 69500, 1).code, ResultCode.Success);
    const ioc = x.place('MM', 'ioc', 'BUY', 69500, 1, { timeCondition: 'IOC' });
    assert.equal(ioc.code, ResultCode.Success);
    assert.equal(eventsOfType(ioc, 'trade.executed').length, 1);
    x.cancel('MM', 'r0');
    assert.equal(x.place('MM', 'after-cancel', 'BUY', 69000, 1).code, ResultCode.Success);
  });

  it('refuses an order the available funds cannot cover with "Insufficient funds" (2004)', () => {
    const x = new CoreHarness([CU]);
    x.ensureAccount('poor', 30_000);
    // one lot needs 35,000 margin + 35 commission > 30,000
    const result = x.place('poor', 'p', 'BUY', 70000, 1);
    assert.equal(result.code, ResultCode.InsufficientMargin);
    assert.match(result.message, /^Insufficient funds/);
    expectAccount(x, 'poor', { frozen_margin: 0, available: 30_000 });
  });

  it('freezes market orders at the limit price and releases what did not trade', () => {
    const x = harness();
    x.place('B', 'b1', 'SELL', 70000, 1);
    // buy 2 at market: frozen at limit-up 75600: 2 x (37800 + 37.8); 1 trades at 70000, 1 is cancelled
    x.place('A', 'm', 'BUY', 0, 2, { priceType: 'MARKET' });
    expectAccount(x, 'A', { frozen_margin: 0, margin: 35_000, commission: 35, balance: 999_965, available: 964_965 });
  });

  it('frozen accounts place no orders and withdraw nothing (2005)', () => {
    const x = harness();
    x.run({ type: 'account.set-frozen', accountId: 'A', frozen: true });
    assert.equal(x.place('A', 'a', 'BUY', 70000, 1).code, ResultCode.AccountFrozen);
    assert.equal(x.run({ type: 'account.withdraw', accountId: 'A', amount: 1 }).code, ResultCode.AccountFrozen);
    x.run({ type: 'account.set-frozen', accountId: 'A', frozen: false });
    assert.equal(x.place('A', 'a', 'BUY', 70000, 1).code, ResultCode.Success);
  });

  it('withdraws only what is available (2003), less a cent its live orders need clear of forced liquidation (4001), and takes deposits to the cent', () => {
    const x = harness();
    x.place('A', 'a', 'BUY', 70000, 1); // freezes 35,035
    assert.equal(x.run({ type: 'account.withdraw', accountId: 'A', amount: 964_966 }).code, ResultCode.InsufficientBalance);
    // All of available would leave the bid, filled, at a risk ratio of exactly 1.0.
    const all = x.run({ type: 'account.withdraw', accountId: 'A', amount: 964_965 });
    assert.equal(all.code, ResultCode.RiskRatioExceeded);
    assert.match(all.message, /^Risk ratio limit exceeded: .*force-close threshold 1 .*; at most 964964\.99 of available 964965 can go$/);
    assert.equal(x.run({ type: 'account.withdraw', accountId: 'A', amount: 964_964.99 }).code, ResultCode.Success);
    assert.equal(x.run({ type: 'account.deposit', accountId: 'A', amount: 0.015 }).code, ResultCode.ParameterError);
    assert.equal(x.run({ type: 'account.deposit', accountId: 'A', amount: 10.01 }).code, ResultCode.Success);
    expectAccount(x, 'A', { deposit: 1_000_010.01, withdraw: 964_964.99, available: 10.02 });
    // With nothing in use, all of it can go.
    x.cancel('A', 'a');
    assert.equal(x.run({ type: 'account.withdraw', accountId: 'A', amount: 35_045.02 }).code, ResultCode.Success);
    expectAccount(x, 'A', { available: 0 });
  });

  it('refuses deposits that would take a balance or a day\'s deposits past ten trillion (1001), so sums stay exact', () => {
    const x = harness();
    const deposit = (amount: number) => x.run({ type: 'account.deposit', accountId: 'A', amount });
    const withdraw = (amount: number) => x.run({ type: 'account.withdraw', accountId: 'A', amount });
    for (let i = 0; i < 9; i++) assert.equal(deposit(1e12).code, ResultCode.Success);
    // 9,000,001,000,000 now: one more trillion would pass the cap; what fits is taken to the cent.
    const refused = deposit(1e12);
    assert.equal(refused.code, ResultCode.ParameterError);
    assert.match(refused.message, /would exceed 10000000000000/);
    assert.equal(deposit(999_999_000_000).code, ResultCode.Success);
    assert.equal(deposit(0.01).code, ResultCode.ParameterError);
    expectAccount(x, 'A', { balance: 10_000_000_000_000 });
    // Money moved out and in again still counts towards the day's deposits.
    assert.equal(withdraw(1e12).code, ResultCode.Success);
    assert.equal(deposit(1e12).code, ResultCode.ParameterError, "the day's deposits are at the cap");
    expectAccount(x, 'A', { balance: 9_000_000_000_000, deposit: 10_000_000_000_000, withdraw: 1_000_000_000_000 });
    // An amount past the cap is told so, however large (1e308's cents are no number).
    for (const amount of [1e16, 1e308]) assert.match(deposit(amount).message, /must not exceed 1000000000000, got/);
  });

  it('freezes a sell at the best bid it meets (it trades there), so the funds check covers its fills', () => {
    // Tick 1 worth 1, margin 10%, commission 1/10,000, band 2,500..7,500.
    const T = { ...COPPER, instrumentId: 'DCE.t1', exchangeId: 'DCE' as const, productId: 't', priceTick: 1, volumeMultiple: 1, marginRatio: 0.1, commissionRate: 0.0001, limitUpRate: 0.5, limitDownRate: 0.5, preSettlement: 5000 };
    const x = new CoreHarness([T]);
    x.ensureAccount('A', 100_000);
    x.ensureAccount('B', 275.2);
    const on = { instrumentId: T.instrumentId };
    x.place('A', 'bid', 'BUY', 7500, 2, on);
    // At its own price 2,500 a lot needs 250.25; it would trade at 7,500 and need 750.75.
    for (const extra of [{}, { priceType: 'MARKET' as const, timeCondition: 'IOC' as const }]) {
      const sell = x.place('B', 's', 'SELL', 2500, 1, { ...on, ...extra });
      assert.equal(sell.code, ResultCode.InsufficientMargin, sell.message);
      assert.match(sell.message, /needs 750\.76: 750\.75 for margin and commission/);
    }
    x.run({ type: 'account.deposit', accountId: 'B', amount: 500 });
    assert.equal(x.place('B', 's', 'SELL', 2500, 1, on).code, ResultCode.Success);
    // Margin 750 and commission 0.75 at the fill price: available never went below zero.
    expectAccount(x, 'B', { margin: 750, commission: 0.75, frozen_margin: 0, available: 24.45 });
    // Only the lots the bids can take are priced at them: 1 lot at 7,500 (750.75) and 9
    // resting at 2,500 (250.25 each), 3,003 for ten; the resting lots keep their own price's
    // freeze. The account needs a cent more than that (at exactly 3,003 its orders, filled,
    // would leave it at the force-close ratio), and ends at that cent, not below.
    x.ensureAccount('C', 3003.01);
    const ten = x.place('C', 'ten', 'SELL', 2500, 10, on);
    assert.equal(ten.code, ResultCode.Success, ten.message);
    expectAccount(x, 'C', { margin: 750, commission: 0.75, frozen_margin: 2252.25, available: 0.01 });
    // With self-trade prevention, matching stops at the account's own best bid: a sell
    // below it trades with nothing, and is frozen at its own price.
    // D has 700.70 for its bid at 7,000 and 260.26 for a lot at 2,600, not 600.60 at A's 6,000.
    x.ensureAccount('D', 960.96);
    x.place('D', 'own', 'BUY', 7000, 1, on);
    x.place('A', 'other', 'BUY', 6000, 1, on);
    const own = x.place('D', 'sell', 'SELL', 2600, 1, on);
    assert.equal(own.code, ResultCode.Success, own.message);
    assert.equal(eventsOfType(own, 'trade.executed').length, 0, 'stopped at its own bid');
  });

  it('freezes each lot\'s margin and commission rounded up to the cent: lots worth a few cents are not free', () => {
    // A lot at 0.02 is worth 2 cents: 0.4 cents of margin and 0.0004 of commission, each
    // frozen as 1 cent. Rounded to the nearest cent, a million lots froze nothing.
    const P = { ...COPPER, instrumentId: 'USER.p1', exchangeId: 'USER' as const, productId: 'p', priceTick: 0.01, volumeMultiple: 1, marginRatio: 0.2, commissionRate: 0.0002, limitUpRate: 0.5, limitDownRate: 0.5, preSettlement: 0.02 };
    const x = new CoreHarness([P]);
    x.ensureAccount('A', 100);
    const many = x.place('A', 'many', 'BUY', 0.02, 1_000_000, { instrumentId: P.instrumentId });
    assert.equal(many.code, ResultCode.InsufficientMargin);
    assert.match(many.message, /needs 20000\.01: 20000 for margin and commission/);
    assert.equal(x.place('A', 'some', 'BUY', 0.02, 4_999, { instrumentId: P.instrumentId }).code, ResultCode.Success);
    expectAccount(x, 'A', { frozen_margin: 99.98, available: 0.02 });
  });

  it('takes a close from an account whose available went negative: closing is what reduces its risk', () => {
    const T = { ...COPPER, instrumentId: 'DCE.t1', exchangeId: 'DCE' as const, productId: 't', priceTick: 1, volumeMultiple: 1, marginRatio: 0.1, commissionRate: 0.0001, limitUpRate: 0.5, limitDownRate: 0.5, preSettlement: 5000 };
    const x = new CoreHarness([T]);
    for (const id of ['A', 'C', 'D', 'E']) x.ensureAccount(id, 100_000);
    x.ensureAccount('B', 560);
    const on = { instrumentId: T.instrumentId };
    x.place('A', 'a', 'BUY', 5000, 1, on);
    x.place('B', 's', 'SELL', 5000, 1, on);
    // The price rises to 5,250: B's balance 559.5 - 250 = 309.5 against margin 525, ratio 1.7.
    // The forced liquidation that follows finds no offer to close against.
    x.place('C', 'c', 'SELL', 5250, 1, on);
    x.place('D', 'd', 'BUY', 5250, 1, on);
    const b = x.state.accounts.get('B')!;
    assert.ok(b.available < 0, `available ${b.available}`);
    // B bids to close (an offer resting first would be taken by B's liquidation at once),
    // and E sells into the bid.
    const close = x.place('B', 'close', 'BUY', 5250, 1, { ...on, offset: 'CLOSE' });
    assert.equal(close.code, ResultCode.Success, close.message);
    x.place('E', 'e', 'SELL', 5250, 1, on);
    assert.equal(positionViews(x.state, 'B')['DCE.t1']?.volume_short ?? 0, 0);
  });

  it('a modify that the funds cannot cover leaves the old order and its frozen funds as they were', () => {
    const x = new CoreHarness([CU]);
    x.ensureAccount('A', 50_000);
    x.place('A', 'a', 'BUY', 70000, 1); // frozen 35,035; available 14,965
    assert.equal(x.modify('A', 'a', 70000, 2).code, ResultCode.InsufficientMargin);
    expectAccount(x, 'A', { frozen_margin: 35_035, available: 14_965 });
    assert.equal(x.modify('A', 'a', 69000, 1).code, ResultCode.Success);
    // 69000x5x0.1 = 34500 + 34.5 commission
    expectAccount(x, 'A', { frozen_margin: 34_534.5, available: 15_465.5 });
  });

  it('a frozen account cannot modify its orders (2005): a modify places a new order', () => {
    const x = new CoreHarness([CU]);
    x.ensureAccount('A', 1_000_000);
    x.place('A', 'a', 'BUY', 69000, 1);
    assert.equal(x.run({ type: 'account.set-frozen', accountId: 'A', frozen: true }).code, ResultCode.Success);
    const modify = x.modify('A', 'a', 70000, 5);
    assert.equal(modify.code, ResultCode.AccountFrozen);
    assert.equal(modify.events.length, 0);
    assert.equal(x.state.liveOrders.get('A', 'a')?.volumeLeft, 1);
    assert.equal(x.cancel('A', 'a').code, ResultCode.Success, 'cancelling is still allowed');
  });

  it('a deposit reports the balance at the current prices, however lazily the account was marked', () => {
    const x = new CoreHarness([CU]);
    x.ensureAccount('A', 1_000_000);
    x.place('B', 'b1', 'SELL', 70000, 10);
    x.place('A', 'a1', 'BUY', 70000, 10);
    // Others trade at 71,000: A's float profit is (71,000 - 70,000) x 10 x 5 = 50,000.
    x.place('C', 'c1', 'SELL', 71000, 1);
    x.place('D', 'd1', 'BUY', 71000, 1);
    const deposit = x.run({ type: 'account.deposit', accountId: 'A', amount: 100 });
    const [moved] = eventsOfType(deposit, 'account.funds-moved');
    expectAccount(x, 'A', { balance: moved!.balance });
    assert.equal(moved!.balance, x.state.accounts.get('A')!.balance / 100);
  });
});


describe('money rounding', () => {
  it('rounds a commission of exactly half a cent away from zero, whatever the binary noise of the product', () => {
    // A PTA-like contract: 4,500 x 3 lots x 5 x 0.00013 = 8.775, which the product of
    // cents and rate computes as 877.4999999999999 cents.
    const PTA = { ...COPPER, instrumentId: 'CZCE.TA701', exchangeId: 'CZCE' as const, productId: 'ta', priceTick: 2, commissionRate: 0.00013, preSettlement: 4500 };
    assert.equal(2250 * 1000 * 3 * 0.00013 === 877.5, false, 'the product this test is about carries noise');
    const x = new CoreHarness([PTA]);
    for (const account of ['A', 'B']) x.ensureAccount(account, 1_000_000);
    assert.equal(x.place('B', 'b1', 'SELL', 4500, 3, { instrumentId: PTA.instrumentId }).code, ResultCode.Success);
    assert.equal(x.place('A', 'a1', 'BUY', 4500, 3, { instrumentId: PTA.instrumentId }).code, ResultCode.Success);
    expectAccount(x, 'A', { commission: 8.78 });
    expectAccount(x, 'B', { commission: 8.78 });
  });
});
