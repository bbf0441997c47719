/**
 * How the page writes numbers and builds closing orders: prices with the instrument's
 * decimals (from its tick), money with two, and the order a "Close" click prefills.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMoney, formatPercent, formatPrice, tickDecimals } from '../../web/src/format.ts';
import { closingTicket } from '../../web/src/ticket.ts';

describe('the page\'s number formats', () => {
  it('takes a price\'s decimals from the instrument\'s tick', () => {
    assert.deepEqual([10, 1, 0.5, 0.2, 0.02, 0.005, 1e-7].map(tickDecimals), [0, 0, 1, 1, 2, 3, 7]);
    assert.equal(tickDecimals(undefined), 2);
  });

  it('writes prices with those decimals, and no price as a dash', () => {
    assert.equal(formatPrice(86500, 0), '86,500');
    assert.equal(formatPrice(108.2, 3), '108.200');
    assert.equal(formatPrice(790.5, 1), '790.5');
    assert.equal(formatPrice(0, 2), '—');
    assert.equal(formatPrice(undefined, 2), '—');
  });

  it('writes money with two decimals and ratios as percentages', () => {
    assert.equal(formatMoney(999956.75), '999,956.75');
    assert.equal(formatMoney(-43.25), '-43.25');
    assert.equal(formatMoney(Number.NaN), '—');
    assert.equal(formatPercent(0.0779), '7.79%');
    // A loss too small to show is no loss on the page (the leaderboard showed "-0.00%").
    assert.deepEqual([formatPercent(-0.00001), formatMoney(-0.004), formatMoney(-0.005)], ['0.00%', '0.00', '-0.01']);
  });
});

describe('closing a position from the positions table', () => {
  it('closes yesterday\'s lots first on SHFE and INE, where today\'s need CLOSETODAY', () => {
    assert.deepEqual(closingTicket('SHFE.cu2701', 'SHFE', 'long', { today: 2, his: 3 }, 86500), {
      instrument: 'SHFE.cu2701', direction: 'SELL', offset: 'CLOSEYESTERDAY', volume: 3, price: 86500,
    });
    assert.deepEqual(closingTicket('INE.sc2701', 'INE', 'short', { today: 2, his: 0 }, 465), {
      instrument: 'INE.sc2701', direction: 'BUY', offset: 'CLOSETODAY', volume: 2, price: 465,
    });
  });

  it('closes everything with CLOSE elsewhere', () => {
    assert.deepEqual(closingTicket('DCE.m2701', 'DCE', 'short', { today: 1, his: 4 }, 3010), {
      instrument: 'DCE.m2701', direction: 'BUY', offset: 'CLOSE', volume: 5, price: 3010,
    });
  });
});
