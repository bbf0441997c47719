/**
 * A child process for the crash tests: starts the exchange on DATA_DIR and submits a
 * stream of orders as fast as acknowledgements come back, printing `ack <orderId>` for
 * each command once it is durable. The parent kills it with SIGKILL at random moments.
 * RUN names this run so order ids never repeat across restarts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { loadConfig } from '../../src/config/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = process.env.RUN ?? '0';
const config = loadConfig(process.env, root);
const exchange = await Exchange.start(config, systemClock, () => undefined);
const state = exchange.sequencer.state;
if (!state.users.has('crash-user')) {
  await exchange.submit({ type: 'user.register', userId: 'crash-user', username: 'crasher', passwordHash: 'x', role: 'user' });
}
for (const accountId of ['CA', 'CB']) {
  if (!state.accounts.has(accountId)) {
    await exchange.submit({ type: 'account.open', userId: 'crash-user', accountId, initialBalance: 1_000_000_000 });
  }
}
process.stdout.write('ready\n');

let i = 0;
// A window of commands in flight, so that group commits carry several at a time.
const inFlight = new Set<Promise<void>>();
for (;;) {
  while (inFlight.size < 16) {
    const n = i++;
    const orderId = `r${run}-${n}`;
    const submitted = exchange
      .submit({
        type: 'order.place',
        accountId: n % 2 === 0 ? 'CA' : 'CB',
        orderId,
        instrumentId: 'SHFE.cu2701',
        direction: n % 2 === 0 ? 'BUY' : 'SELL',
        offset: 'OPEN',
        priceType: 'LIMIT',
        price: 86500 + ((n * 7) % 11) * 10 - 50,
        volume: 1 + (n % 3),
        timeCondition: 'GFD',
        volumeCondition: 'ANY',
      })
      .then(() => {
        process.stdout.write(`ack ${orderId}\n`);
      });
    const tracked = submitted.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }
  await Promise.race(inFlight);
}
