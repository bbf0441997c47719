/**
 * The DIFF protocol on the HTTP API's own port (for the web front end, served from that
 * origin): the same sessions as the DIFF port, logged in by the token in the URL; other
 * upgrade paths are refused.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness } from '../../support/http-harness.ts';

describe('DIFF over the HTTP port', () => {
  let h: HttpHarness;
  let base: string;
  before(async () => {
    h = await HttpHarness.start({ websocket: true });
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
  });

  it('refuses upgrades outside /ws and /ws/diff', async () => {
    await assert.rejects(DiffClient.connect(`${base}/api/market/instruments`), /Unexpected server response: 404/);
  });
});
