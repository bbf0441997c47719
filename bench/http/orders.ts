/**
 * The order stream of the benchmark, as ready-to-send requests (bodies stringified once):
 * LIMIT orders on SHFE.cu2701 around its reference price 86500 (tick 10), one lot each,
 * prices drawn uniformly from 86470..86530, so that about half of them cross and the rest
 * rest. Accounts take turns; with an even number of accounts, account i always sends the
 * same side (even: BUY, odd: SELL), and consecutive requests alternate BUY and SELL.
 * A user's accounts all send one side (accounts.ts), so no order ever meets a resting
 * order of its own user, and self-trade prevention never stops a cross.
 */
import { Prng } from '../engine/prng.ts';
import type { BenchAccount } from './accounts.ts';

export const INSTRUMENT = 'SHFE.cu2701';
const REFERENCE = 86_500;
const TICK = 10;
const SPREAD_TICKS = 3;

export interface PreparedRequest {
  readonly headers: Record<string, string>;
  readonly body: string;
}

function sideOf(accountIndex: number): 'BUY' | 'SELL' {
  return accountIndex % 2 === 0 ? 'BUY' : 'SELL';
}

function orderFields(prng: Prng, direction: 'BUY' | 'SELL') {
  return {
    instrument_id: INSTRUMENT,
    direction,
    offset: 'OPEN',
    volume: 1,
    price: REFERENCE + TICK * prng.between(-SPREAD_TICKS, SPREAD_TICKS),
    price_type: 'LIMIT',
  };
}

function headersOf(account: BenchAccount): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${account.token}` };
}

/** `count` single-order requests for POST /api/order/submit. */
export function submitRequests(accounts: readonly BenchAccount[], count: number, seed: number): PreparedRequest[] {
  if (accounts.length % 2 !== 0) throw new Error('an even number of accounts is needed (buyers and sellers)');
  const prng = new Prng(seed);
  return Array.from({ length: count }, (_, k) => {
    const i = k % accounts.length;
    const account = accounts[i]!;
    return { headers: headersOf(account), body: JSON.stringify({ account_id: account.accountId, ...orderFields(prng, sideOf(i)) }) };
  });
}

/** `count` requests for POST /api/order/batch, each `size` orders of one account (one side). */
export function batchRequests(accounts: readonly BenchAccount[], count: number, size: number, seed: number): PreparedRequest[] {
  if (accounts.length % 2 !== 0) throw new Error('an even number of accounts is needed (buyers and sellers)');
  const prng = new Prng(seed);
  return Array.from({ length: count }, (_, k) => {
    const i = k % accounts.length;
    const account = accounts[i]!;
    const orders = Array.from({ length: size }, () => orderFields(prng, sideOf(i)));
    return { headers: headersOf(account), body: JSON.stringify({ account_id: account.accountId, orders }) };
  });
}
