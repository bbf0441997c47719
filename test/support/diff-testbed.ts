import { after, before } from 'node:test';
import { DiffClient } from './diff-client.ts';
import { HttpHarness, type TestUser } from './http-harness.ts';

export type Trader = TestUser & { accountId: string };

/**
 * An exchange with its DIFF server for the enclosing `describe`: two traders, alice
 * (account ALICE1) and bob (BOB1), and clients that are terminated when the suite ends.
 * The fields are set once the suite's `before` has run.
 */
export function diffTestbed() {
  const clients: DiffClient[] = [];
  const bed = {
    h: undefined as unknown as HttpHarness,
    port: 0,
    alice: undefined as unknown as Trader,
    bob: undefined as unknown as Trader,
    /** A client on `suffix` (a path with its query), not logged in. */
    async connect(suffix: string): Promise<DiffClient> {
      const client = await DiffClient.connect(`ws://127.0.0.1:${bed.port}${suffix}`);
      clients.push(client);
      return client;
    },
    /** Logs `client` in as `user` through req_login; resolves once its trade data is there. */
    async login(client: DiffClient, user: TestUser): Promise<void> {
      client.send({ aid: 'req_login', bid: 'basis', user_name: user.username, password: 'password1' });
      await client.until((m) => m.trade?.[user.username]?.trade_more_data === false, 5000, `login of ${user.username}`);
    },
  };
  before(async () => {
    bed.h = await HttpHarness.start({ websocket: true });
    bed.port = bed.h.service.diff!.port;
    bed.alice = await bed.h.trader('alice', 'ALICE1');
    bed.bob = await bed.h.trader('bob', 'BOB1');
  });
  after(async () => {
    for (const client of clients) client.socket.terminate();
    await bed.h.stop();
  });
  return bed;
}
