/**
 * DIFF's bank transfers with a plain client: req_transfer moves money as REST does, each
 * attempt appears under trade.<key>.transfers with one notify (the core's), refusals made
 * before the exchange are notifies, a login shows the newest 100 attempts (every one is
 * on the REST list), and a connected client is sent every attempt after those it holds.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';

describe('DIFF bank transfers', () => {
  let h: HttpHarness;
  let url: string;
  let dave: TestUser & { accountId: string };

  before(async () => {
    h = await HttpHarness.start({ websocket: true });
    url = `ws://127.0.0.1:${h.service.diff?.port}/ws/diff`;
    dave = await h.trader('dave', 'DAVE1');
  });
  after(async () => h.stop());

  async function loggedIn(): Promise<DiffClient> {
    const client = await DiffClient.connect(url);
    client.send({ aid: 'req_login', bid: 'basis', user_name: 'dave', password: 'password1' });
    await client.until((m) => m.trade?.dave?.trade_more_data === false, 5000, 'login');
    return client;
  }
  const transfers = (client: DiffClient) => Object.values(client.mirror.trade?.dave?.transfers ?? {}) as any[];

  it('refuses before the exchange, with a notify: not logged in, another account, another currency', async () => {
    const stranger = await DiffClient.connect(url);
    stranger.send({ aid: 'req_transfer', bank_id: 'ICBC', bank_password: 'b', future_password: 'password1', amount: 10 });
    await stranger.until(() => stranger.notifications().some((n) => /log in first/.test(n.content)), 5000, 'log in first');
    stranger.close();
    const client = await loggedIn();
    client.send({ aid: 'req_transfer', bank_id: 'ICBC', bank_password: 'b', future_account: 'SOMEONE', future_password: 'password1', amount: 10 });
    await client.until(() => client.notifications().some((n) => /future_account SOMEONE is not the account this session shows \(DAVE1\)/.test(n.content)), 5000, 'another account');
    client.send({ aid: 'req_transfer', bank_id: 'ICBC', bank_password: 'b', future_password: 'password1', currency: 'USD', amount: 10 });
    await client.until(() => client.notifications().some((n) => /currency USD/.test(n.content)), 5000, 'another currency');
    client.send({ aid: 'req_transfer', bank_id: 'ICBC', bank_password: 'b', future_password: 'password1', amount: 'ten' });
    await client.until(() => client.notifications().some((n) => /req_transfer: amount/.test(n.content)), 5000, 'an amount that is no number');
    assert.deepEqual(transfers(client), [], 'nothing reached the exchange');
    client.close();
  });

  it('moves money (an amount as text too), one notify each; a login shows the newest 100 attempts', async () => {
    const client = await loggedIn();
    client.send({ aid: 'req_transfer', bank_id: 'ICBC', bank_password: 'b', future_account: 'DAVE1', future_password: 'password1', amount: '250.50' });
    await client.until((m) => m.trade.dave.accounts.CNY.balance === 10_000_250.5, 5000, 'the balance');
    assert.deepEqual(transfers(client).map((t) => [t.amount, t.error_id]), [[250.5, 0]]);
    client.send({ aid: 'req_transfer', bank_id: 'NOBANK', bank_password: 'b', future_password: 'password1', amount: 1 });
    await client.until(() => transfers(client).length === 2, 5000, 'an attempt at a bank that does not exist');
    // 103 attempts more, straight to the exchange (each password check takes a hash's time).
    for (let i = 0; i < 103; i++) {
      await h.service.exchange.submit({ type: 'account.bank-transfer', transferId: `TX${i}`, accountId: 'DAVE1', bankId: 'NOBANK', bankName: '', amount: i + 2, credentialError: '' });
    }
    await client.until(() => transfers(client).length === 105, 5000, '105 attempts');
    assert.ok(transfers(client).every((t) => t.error_id === 0 || /unknown bank_id NOBANK/.test(t.error_msg)));
    await client.until(() => client.notifications().filter((n) => /bank transfer of/.test(n.content)).length === 105, 5000, 'one notify an attempt');
    const listed = await h.ok('GET', `/api/account/${dave.accountId}/transfers?limit=1000`, { token: dave.token });
    assert.equal(listed.length, 105);
    client.close();
    const later = await loggedIn();
    const shown = transfers(later);
    assert.deepEqual(
      shown.map((t) => t.transfer_id).sort(),
      listed.slice(-100).map((t: { transfer_id: string }) => t.transfer_id).sort(),
      'the newest 100',
    );
    later.close();
  });

  it('a client that peeks late is sent every attempt it missed, not only the newest 100', async () => {
    const client = await loggedIn();
    const held = transfers(client).length;
    client.autoPeek = false;
    // The answer to the login's last peek may still be on its way: let it land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 150; i++) {
      await h.service.exchange.submit({ type: 'account.bank-transfer', transferId: `TY${i}`, accountId: 'DAVE1', bankId: 'NOBANK', bankName: '', amount: i + 1, credentialError: '' });
    }
    client.autoPeek = true;
    client.send({ aid: 'peek_message' });
    await client.until(() => transfers(client).length === held + 150, 5000, 'all 150');
    client.close();
  });
});
