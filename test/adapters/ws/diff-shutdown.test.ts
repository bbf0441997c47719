/**
 * Shutdown with a DIFF client that never answers the close: it is cut off after a short
 * grace, instead of holding the shutdown (and its snapshot) for ws's 30-second close
 * timeout, longer than supervisors wait before they kill the process.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
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

describe('DIFF server shutdown', () => {
  it('cuts off a client that does not answer the close, so the shutdown finishes in about a second', async () => {
    const h = await HttpHarness.start({ websocket: true });
    const client = await silentClient(h.service.diff!.port);
    const started = performance.now();
    await h.stop();
    const seconds = (performance.now() - started) / 1000;
    assert.ok(seconds < 10, `the shutdown took ${seconds.toFixed(1)} s (ws alone waits 30 s)`);
    client.destroy();
  });
});
