/**
 * The REST stack of the exchange with no exchange behind it: the same framework, body
 * schema, validators, request-id hook and response schemas as the real server, but a
 * submit is answered at once with an order view built from the request (no sequencer,
 * journal, matching or history). What this stub answers per second is the most any
 * implementation of the route on this stack can answer on this machine.
 *
 * Run as its own process (`node --import tsx bench/ceiling/http-stub.ts <port>`); it prints
 * "ready" once listening.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { HealthStatus } from '../../src/adapters/http/routes/monitoring-routes.ts';
import { replies } from '../../src/adapters/http/schemas/envelope.ts';
import { SubmitBody } from '../../src/adapters/http/schemas/order-request.ts';
import { OrderSchema } from '../../src/adapters/http/schemas/resources.ts';
import { BODY_LIMIT_BYTES } from '../../src/adapters/http/server.ts';
import { installValidation } from '../../src/adapters/http/validation.ts';
import { ok } from '../../src/protocol/index.ts';
import { orderView } from '../../src/protocol/resource-views.ts';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES }).withTypeProvider<TypeBoxTypeProvider>();
installValidation(app);
app.addHook('onRequest', (request, reply, done) => {
  reply.header('x-request-id', request.id);
  done();
});
/** Bearer tokens seen before: the real server also remembers verified tokens by their text. */
const callers = new Map<string, string>();
app.addHook('preHandler', (request, reply, done) => {
  const header = request.headers.authorization;
  if (request.url !== '/health' && (header === undefined || !header.startsWith('Bearer '))) {
    reply.code(401).send({ success: false, data: null, error: { code: 1002, message: 'no token' } });
    return;
  }
  if (header !== undefined && !callers.has(header)) callers.set(header, `user-${callers.size}`);
  done();
});

const started = Date.now();
app.get('/health', { schema: { response: replies(HealthStatus) } }, async () =>
  ok({ status: 'ok', seq: 0, trading_day: '2026-11-24', uptime_seconds: Math.floor((Date.now() - started) / 1000) }),
);

let sequence = 0;
app.post('/api/order/submit', { schema: { body: SubmitBody, response: replies(OrderSchema) } }, async (request) => {
  const body = request.body;
  const exchangeOrderId = ++sequence;
  const now = Date.now();
  const record = {
    accountId: body.account_id ?? '',
    orderId: body.order_id ?? `o${exchangeOrderId}`,
    instrumentId: body.instrument_id,
    exchangeOrderId,
    direction: body.direction,
    offset: body.offset,
    priceType: body.price_type ?? 'LIMIT',
    limitPrice: body.price ?? body.limit_price ?? 0,
    volume: body.volume,
    volumeLeft: body.volume,
    timeCondition: body.time_condition ?? 'GFD',
    volumeCondition: body.volume_condition ?? 'ANY',
    minVolume: body.min_volume ?? 0,
    validUntilDate: body.valid_until_date ?? '',
    insertTs: now,
    status: 'ALIVE',
    lastMsg: '',
    filledVolume: 0,
    tradeIds: [],
    updateTs: now,
  };
  return ok(orderView(record, callers.get(request.headers.authorization!) ?? '', 0));
});

await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
