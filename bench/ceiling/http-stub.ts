/**
 * The exchange's own HTTP server with one route more: POST /bench/order/submit does what
 * POST /api/order/submit does before and after the exchange (the same body schema and
 * validator, the access hook with its token check, the owner check of the account, the
 * order request turned into a command, the order view in the envelope through the same
 * response schema) but hands nothing to the exchange: no sequencer, journal, matching or
 * history. Everything else (fastify's options, the logger at LOG_LEVEL, the hooks, /health)
 * is the real server's, built by buildHttpServer on a real exchange.
 *
 * Run as its own process (`node --import tsx bench/ceiling/http-stub.ts <port> <data dir>`);
 * it prints "ready" once listening. The admin is bench:http's (BENCH_ADMIN).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuthService } from '../../src/app/auth/auth-service.ts';
import { ensureAdmin } from '../../src/app/auth/admin-bootstrap.ts';
import { loadOrCreateJwtSecret } from '../../src/app/auth/jwt-secret.ts';
import { LoginLimiter } from '../../src/app/auth/login-limiter.ts';
import { OrderRateLimiter } from '../../src/app/auth/order-rate-limiter.ts';
import { TokenService } from '../../src/app/auth/tokens.ts';
import { systemClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { ProcessMonitor } from '../../src/app/process-figures.ts';
import { tradingAccount } from '../../src/app/services/access.ts';
import { type OrderRequest, toPlaceOrder } from '../../src/app/services/order-requests.ts';
import { replies } from '../../src/adapters/http/schemas/envelope.ts';
import { SubmitBody } from '../../src/adapters/http/schemas/order-request.ts';
import { OrderSchema } from '../../src/adapters/http/schemas/resources.ts';
import { buildHttpServer } from '../../src/adapters/http/server.ts';
import { loadConfig } from '../../src/config/index.ts';
import { ok } from '../../src/protocol/index.ts';
import { orderView } from '../../src/protocol/resource-views.ts';
import { BENCH_ADMIN } from '../http/server.ts';

const [port, dataDir] = [Number(process.argv[2]), process.argv[3]!];
const config = loadConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password }, process.cwd());
const quiet = (): void => undefined;
const exchange = await Exchange.start(config, systemClock, quiet);
const tokens = new TokenService(loadOrCreateJwtSecret(config.auth.jwtSecret, config.dataDir), config.auth.tokenTtlHours * 3_600_000, () => systemClock.now());
const auth = new AuthService(exchange, tokens, new LoginLimiter());
await ensureAdmin(auth, exchange.state, { username: BENCH_ADMIN.username, password: BENCH_ADMIN.password }, quiet);
const ctx = {
  exchange,
  auth,
  banks: config.banks,
  figures: new ProcessMonitor(),
  now: () => systemClock.now(),
  orderEntries: new OrderRateLimiter(config.trading.ordersPerSecondPerUser, config.trading.orderBurstPerUser),
};
const app = await buildHttpServer(
  ctx,
  // As the exchange runs in bench:http (src/app/main.ts, LOG_LEVEL=warn).
  { logger: { level: process.env.LOG_LEVEL ?? 'warn', redact: ['req.headers.authorization', 'req.headers.cookie'] } },
);

let sequence = 0;
app.withTypeProvider<TypeBoxTypeProvider>().post('/bench/order/submit', { schema: { hide: true, body: SubmitBody, response: replies(OrderSchema) } }, async (request) => {
  const account = tradingAccount(exchange.state, request.caller, request.body);
  ctx.orderEntries.admit(request.caller, 'orders');
  const command = toPlaceOrder(exchange.state, account.accountId, request.body as OrderRequest);
  const now = systemClock.now();
  const exchangeOrderId = ++sequence;
  // Every field written out: a spread of the command here cost 13 µs a request (V8 builds
  // a fresh hidden class for each such object), more than the rest of the route.
  const order = {
    accountId: command.accountId,
    orderId: command.orderId,
    instrumentId: command.instrumentId,
    direction: command.direction,
    offset: command.offset,
    priceType: command.priceType,
    exchangeOrderId,
    limitPrice: command.price,
    volume: command.volume,
    volumeLeft: command.volume,
    timeCondition: command.timeCondition,
    volumeCondition: command.volumeCondition,
    minVolume: command.minVolume ?? 0,
    validUntilDate: command.validUntilDate ?? '',
    insertTs: now,
    status: 'ACCEPTED',
    lastMsg: '',
    filledVolume: 0,
    tradeIds: [],
    updateTs: now,
  };
  return ok(orderView(order, request.caller.userId, 0));
});

await app.listen({ host: '127.0.0.1', port });
console.log('ready');
process.once('SIGTERM', () => {
  void app.close().then(() => exchange.stop()).then(() => process.exit(0));
});
