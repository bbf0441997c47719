/**
 * The DIFF protocol on the HTTP API's own port (for the web front end, served from that
 * origin): the same sessions as the DIFF port, logged in by the token in the URL; other
 * upgrade paths are refused.
 */
import assert from 'node:assert/strict';
import { type AddressInfo, connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness } from '../../support/http-harness.ts';

describe('DIFF over the HTTP port', () => {
  let h: HttpHarness;
  let base: string;
  before(async () => {
    h = await HttpHarness.start({ websocket: true, diffLimits: { maxOnApiPort: 3 } });
    await h.service.http.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.service.http.server.address() as AddressInfo).port}`;
  });
  after(async () => h.stop());

  it('logs in with the token in the URL and streams the account and quotes', async () => {
    const dora = await h.trader('dora', 'DORA1');
    const client = await DiffClient.connect(`${base}/ws/diff?user_id=${dora.userId}&access_token=${dora.token}`);
    client.send({ aid: 'subscribe_quote', ins_list: 'SHFE.cu2701' });
    await client.until((m) => m.trade?.[dora.userId]?.accounts?.CNY?.balance === 10_000_000, 5000, 'account over the HTTP port');
    await client.until((m) => m.quotes?.['SHFE.cu2701']?.pre_settlement === 86500, 5000, 'quote over the HTTP port');
    assert.equal(h.service.diff?.connectionCount, 1);
    client.close();
    await client.closed(5000);
  });

  it('takes at most its share of DIFF connections, so that the REST API stays reachable', async () => {
    // Earlier connections of this suite are gone on the server's side too.
    for (let i = 0; i < 100 && h.service.diff!.connectionCount > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const held = [await DiffClient.connect(`${base}/ws/diff`), await DiffClient.connect(`${base}/ws/diff`), await DiffClient.connect(`${base}/ws`)];
    await assert.rejects(DiffClient.connect(`${base}/ws/diff`), /Unexpected server response: 503/);
    // The DIFF port itself is not affected, and a closed connection makes room again.
    const direct = await DiffClient.connect(`ws://127.0.0.1:${h.service.diff!.port}/ws/diff`);
    held[0]!.close();
    await held[0]!.closed(5000);
    let again: DiffClient | undefined;
    for (let i = 0; i < 50 && again === undefined; i++) {
      again = await DiffClient.connect(`${base}/ws/diff`).catch(() => undefined);
      if (again === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(again !== undefined, 'room again once a connection closed');
    for (const client of [...held.slice(1), direct, again]) client.close();
  });

  it('refuses upgrades outside /ws and /ws/diff', async () => {
    await assert.rejects(DiffClient.connect(`${base}/api/market/instruments`), /Unexpected server response: 404/);
  });

  it('refuses upgrade requests whose target is not a URL, on both ports, and goes on serving', async () => {
    const httpPort = (h.service.http.server.address() as AddressInfo).port;
    const diffPort = h.service.diff!.port;
    for (const port of [httpPort, diffPort]) {
      for (const target of ['http://[/ws/diff', '//[/ws/diff', 'http://a:b:c/ws/diff', 'http://x:99999/ws/diff']) {
        const status = await rawUpgrade(port, target);
        assert.match(status, /^HTTP\/1\.1 4\d\d /, `${target} on port ${port}: ${status}`);
      }
    }
    const client = await DiffClient.connect(`${base}/ws/diff`);
    await client.until((m) => m.mdhis_more_data === false, 2000, 'greeting after the bad requests');
    client.close();
  });
});

/** The status line the server answers to a WebSocket upgrade for `target`, sent as raw text. */
function rawUpgrade(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
  });
}
