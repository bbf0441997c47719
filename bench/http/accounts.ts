/**
 * The traders of the benchmark, prepared over HTTP: users registered and logged in, each
 * with several accounts opened with a balance large enough for every order of the run.
 * The accounts come interleaved by user (the first account of every user, then the
 * second, ...): with an even number of users, account i belongs to a user of i's parity,
 * so that the order streams (orders.ts: even accounts buy, odd ones sell) never have a
 * user's buy meet its own sell, which self-trade prevention (per user) would stop.
 */
import { FetchClient } from '../../test/support/fetch-client.ts';

/** 100 billion: far more margin than a run can use, well inside the exchange's 1 trillion cap per movement. */
export const BENCH_BALANCE = 100_000_000_000;

export interface BenchAccount {
  readonly userId: string;
  readonly token: string;
  readonly accountId: string;
}

export async function prepareAccounts(api: FetchClient, users: number, accountsPerUser: number): Promise<BenchAccount[]> {
  if (users % 2 !== 0) throw new Error('an even number of users is needed (buyers and sellers)');
  const accounts: BenchAccount[] = new Array(users * accountsPerUser);
  // Registration and login hash passwords (scrypt): a few at a time.
  for (let first = 0; first < users; first += 4) {
    const chunk = Array.from({ length: Math.min(4, users - first) }, (_, k) => first + k);
    const traders = await Promise.all(chunk.map((i) => api.userWithToken(`bench-u${i}`, `bench-pass-${i}`)));
    for (const [k, trader] of traders.entries()) {
      for (let j = 0; j < accountsPerUser; j++) {
        const accountId = `BENCH-${chunk[k]}-${j}`;
        await api.ok('POST', '/api/account/open', {
          token: trader.token,
          body: { user_id: trader.userId, account_id: accountId, initial_balance: BENCH_BALANCE },
        });
        accounts[j * users + chunk[k]!] = { userId: trader.userId, token: trader.token, accountId };
      }
    }
  }
  return accounts;
}
