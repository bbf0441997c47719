/**
 * What a DIFF patch changes of the user's trade data, as the page's REST re-reads need it:
 * a price move re-marks the account and positions only (a read of the money), anything
 * else (orders, trades, the session, notifications) needs a read of everything.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tradeChange } from '../../web/src/diff/trade-change.ts';

describe("the page's reading of a DIFF patch", () => {
  it('takes a re-marked account and positions for money alone', () => {
    assert.equal(tradeChange([{ trade: { carol: { accounts: { CNY: { float_profit: 50 } }, positions: { 'SHFE.cu2701': { last_price: 86_510 } } } } }]), 'money');
    assert.equal(tradeChange([{ quotes: { 'SHFE.cu2701': { last_price: 86_510 } } }, { trade: { carol: { positions: {} } } }]), 'money');
  });

  it('takes orders, trades, the session, notifications or a whole view for everything', () => {
    assert.equal(tradeChange([{ trade: { carol: { accounts: {}, orders: { o1: { status: 'FINISHED' } } } } }]), 'all');
    assert.equal(tradeChange([{ trade: { carol: { trades: { t1: {} } } } }]), 'all');
    assert.equal(tradeChange([{ trade: { carol: { session: { trading_day: '2026-11-25' } } } }]), 'all');
    assert.equal(tradeChange([{ trade: { carol: { positions: {} } } }, { notify: { n1: { content: 'filled' } } }]), 'all');
    assert.equal(tradeChange([{ trade: { carol: null } }]), 'all');
  });

  it('finds nothing in patches without trade data or notifications', () => {
    assert.equal(tradeChange([{ quotes: { 'SHFE.cu2701': { bid_price1: 86_500 } } }, { klines: {} }]), undefined);
    assert.equal(tradeChange([]), undefined);
  });
});
