/**
 * Shutdown with a DIFF client that never answers the close: it is cut off after a short
 * grace, instead of holding the shutdown (and its snapshot) for ws's 30-second close
 * timeout, longer than supervisors wait before they kill the process.
 */
import assert from 'node:assert/strict';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';

/** A WebSocket connection opened by hand that then reads nothing and answers nothing. */
function silentClient(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'GET /ws/diff HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    socket.once('data', (chunk) => {
      if (!chunk.toString('latin1').startsWith('HTTP/1.1 101')) reject(new Error(`no upgrade: ${chunk.toString('latin1')}`));
      else {
        socket.pause(); // from here on it reads nothing, so it never answers the close frame
        resolve(socket);
      }
    });
    socket.on('error', reject);
  });
}

/** A TCP connection that sends `text` (maybe nothing, maybe half a request) and then waits. */
function idleConnection(port: number, text: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      if (text !== '') socket.write(text);
      resolve(socket);
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

async function timedStop(h: HttpHarness): Promise<number> {
  const started = performance.now();
  await h.stop();
  return (performance.now() - started) / 1000;
}

describe('server shutdown with connections that do not go away', () => {
  it('cuts off a DIFF client that does not answer the close, so the shutdown finishes in about a second', async () => {
    const h = await HttpHarness.start({ websocket: true });
    const client = await silentClient(h.service.diff!.port);
    const seconds = await timedStop(h);
    assert.ok(seconds < 10, `the shutdown took ${seconds.toFixed(1)} s (ws alone waits 30 s)`);
    client.destroy();
  });

  it('cuts off such a client that came through the API port too', async () => {
    const h = await HttpHarness.start({ websocket: true, listen: true });
    const client = await silentClient(h.httpPort!);
    const seconds = await timedStop(h);
    assert.ok(seconds < 10, `the shutdown took ${seconds.toFixed(1)} s`);
    client.destroy();
  });

  it('closes connections that sent nothing, or half a request, on both ports', async () => {
    const h = await HttpHarness.start({ websocket: true, listen: true });
    const idle = await Promise.all([
      idleConnection(h.service.diff!.port, ''),
      idleConnection(h.service.diff!.port, 'GET /ws/diff HTTP/1.1\r\nHost: x\r\n'),
      idleConnection(h.httpPort!, ''),
      idleConnection(h.httpPort!, 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\n'),
    ]);
    const seconds = await timedStop(h);
    assert.ok(seconds < 15, `the shutdown took ${seconds.toFixed(1)} s`);
    for (const socket of idle) socket.destroy();
  });
});

describe('DIFF server start', () => {
  it('refuses to start on a port in use, with the reason, instead of crashing', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const lines: string[] = [];
    await assert.rejects(HttpHarness.start({ websocket: true, env: { WS_PORT: String(port) }, log: (line) => lines.push(line) }), (error: Error) => {
      assert.match(error.message, /the DIFF server cannot listen on .*:\d+: the port is in use .*\(check server\.ws_host and server\.ws_port or WS_PORT\)/);
      assert.match((error.cause as Error).message, /EADDRINUSE/, 'the system\'s own words stay as the cause');
      return true;
    });
    await new Promise<void>((resolve) => busy.close(() => resolve()));
    assert.ok(!lines.some((l) => l.startsWith('storage: recovered')), `the port is checked before recovery:\n${lines.join('\n')}`);
  });
});

