import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MAX_HTTP_CONNECTIONS, REQUEST_TIMEOUT_MS } from '../../../src/adapters/http/server.ts';
import { SHUTDOWN_GRACE_MS } from '../../../src/adapters/http/shutdown-gate.ts';
import { HttpHarness } from '../../support/http-harness.ts';

describe('HTTP API: a trading day in-process', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  it('crosses two orders and shows the fill on both sides', async () => {
    const alice = await h.trader('alice', 'ALICE1');
    const bob = await h.trader('bob', 'BOB1');
    const resting = await h.order(alice, { direction: 'SELL', price: 86500, volume: 2, order_id: 'a1' });
    assert.equal(resting.status, 'ALIVE');
    const crossing = await h.order(bob, { direction: 'BUY', price: 86500, volume: 2, order_id: 'b1' });
    assert.equal(crossing.status, 'FINISHED');
    assert.equal(crossing.exchange_status, 'FILLED');
    assert.equal(crossing.trades.length, 1);
    const positions = await h.ok('GET', `/api/position/account/${bob.accountId}`, { token: bob.token });
    assert.equal(positions.positions['SHFE.cu2701'].volume_long, 2);
    const quote = await h.ok('GET', '/api/market/tick/SHFE.cu2701');
    assert.equal(quote.last_price, 86500);
    assert.equal(quote.volume, 2);
    assert.equal(quote.open_interest, 2);
    const klines = await h.ok('GET', '/api/market/kline/SHFE.cu2701?period=4&count=10');
    assert.equal(klines.klines.length, 1);
    assert.equal(klines.klines[0].volume, 2);
    const openapi = await h.service.http.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(openapi.statusCode, 200);
    assert.ok(Object.keys(openapi.json().paths).length > 50);
  });

  it('bounds what clients can hold: a request arrives whole in time, and connections are capped', () => {
    assert.equal(h.service.http.server.requestTimeout, REQUEST_TIMEOUT_MS);
    assert.equal(h.service.http.server.maxConnections, MAX_HTTP_CONNECTIONS);
  });
});

/**
 * A registration sent over a raw keep-alive connection and held inside the exchange
 * until `release`: a request in flight while the test begins the shutdown.
 */
async function registrationInFlight(h: HttpHarness) {
  const auth = h.service.auth;
  const register = auth.register.bind(auth);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const registering = new Promise<void>((started) => {
    auth.register = async (...args) => {
      started();
      await held;
      return register(...args);
    };
  });
  const socket = connect(h.httpPort!, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const connection = { socket, received: '', release, ended: new Promise((resolve) => socket.once('close', resolve)) };
  socket.on('data', (chunk: Buffer) => {
    connection.received += chunk.toString();
  });
  const body = JSON.stringify({ username: 'in-flight', password: 'password1' });
  socket.write(`POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  await registering;
  return connection;
}

const turn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HTTP API: shutting down', () => {
  it('a request that arrives on an open connection once shutdown began: 500 / 1005 in the envelope, and the connection closed', async () => {
    const h = await HttpHarness.start({ listen: true });
    try {
      const connection = await registrationInFlight(h);
      const closing = h.service.http.close();
      // Once the close has begun, a second request on the same connection; then the first goes on.
      await turn(20);
      connection.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      await turn(20);
      connection.release();
      await connection.ended;
      await closing;
      const responses = connection.received.split(/(?=HTTP\/1\.1 )/);
      assert.equal(responses.length, 2, connection.received);
      assert.match(responses[0]!, /^HTTP\/1\.1 200/, 'the request in flight is answered');
      assert.match(responses[1]!, /^HTTP\/1\.1 500/);
      assert.match(responses[1]!, /\r\nconnection: close\r\n/i);
      const envelope = JSON.parse(responses[1]!.slice(responses[1]!.indexOf('\r\n\r\n') + 4));
      assert.deepEqual(envelope, { success: false, data: null, error: { code: 1005, message: 'the exchange is shutting down and takes no new requests' } });
    } finally {
      await h.stop();
    }
  });

  it('a keep-alive connection idle when shutdown begins still answers a request sent within the grace, then closes', async () => {
    const h = await HttpHarness.start({ listen: true });
    try {
      const socket = connect(h.httpPort!, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString();
      });
      const ended = new Promise((resolve) => socket.once('close', resolve));
      socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      await turn(100);
      assert.match(received, /^HTTP\/1\.1 200/);
      const closing = h.service.http.close();
      // An order a client sends at that moment, on the connection it keeps: answered, not cut off.
      await turn(SHUTDOWN_GRACE_MS / 5);
      socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      await ended;
      await closing;
      const responses = received.split(/(?=HTTP\/1\.1 )/);
      assert.equal(responses.length, 2, received);
      assert.match(responses[1]!, /^HTTP\/1\.1 500/);
      assert.match(responses[1]!, /"code":1005/);
    } finally {
      await h.stop();
    }
  });

  it('a keep-alive connection busy when shutdown begins is closed once its answer is out, not at its keep-alive timeout', async () => {
    const h = await HttpHarness.start({ listen: true });
    try {
      const connection = await registrationInFlight(h);
      const started = performance.now();
      const closing = h.service.http.close();
      await turn(20);
      connection.release();
      await closing;
      // The server is closed once it wrote the answer; the client reads it by its socket's end.
      await connection.ended;
      assert.match(connection.received, /^HTTP\/1\.1 200/, 'the request in flight is answered');
      // It waited for the keep-alive timeout before (72 s).
      assert.ok(performance.now() - started < 5_000, `closed after ${Math.round(performance.now() - started)} ms`);
    } finally {
      await h.stop();
    }
  });
});
