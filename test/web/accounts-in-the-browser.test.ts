/**
 * A trader with two accounts, in a real browser: the live data (DIFF) follows the account
 * selected in the header, so what happens on it shows at once, not at the page's 10-second
 * backstop.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BrowserWorld, logIn, screenshot, waitForText } from './browser-kit.ts';

describe('a trader\'s accounts in the browser', { timeout: 120_000 }, () => {
  let world: BrowserWorld;

  before(async () => {
    world = await BrowserWorld.start();
  });

  after(async () => {
    await world?.stop();
  });

  it('the live data connects for the account selected; an order placed on it elsewhere shows at once', async () => {
    const trader = await world.trader('two_accounts', 'TWO-1');
    await world.api.ok('POST', '/api/account/open', { token: trader.token, body: { user_id: trader.userId, account_id: 'TWO-2', initial_balance: 500_000 } });
    const page = await world.newPage();
    const connections: string[] = [];
    page.on('websocket', (socket) => connections.push(socket.url()));
    await logIn(page, 'two_accounts', trader.password, /\/(terminal|accounts)/);
    await page.goto('/terminal');
    await page.getByRole('combobox', { name: 'Trading account' }).or(page.getByLabel('Trading account')).first().click();
    await page.getByText('TWO-2', { exact: true }).last().click();
    await waitForText(page.getByTestId('who'), 'two_accounts');
    const until = Date.now() + 10_000;
    while (!connections.some((url) => url.includes('account_id=TWO-2')) && Date.now() < until) await page.waitForTimeout(100);
    assert.ok(connections.some((url) => url.includes('account_id=TWO-2')), connections.join('\n'));

    // An order on TWO-2 from another client (a bot over REST): DIFF tells the page, which shows it.
    await page.waitForTimeout(1_000); // the new connection's login
    await world.api.ok('POST', '/api/order/submit', {
      token: trader.token,
      body: { user_id: trader.userId, account_id: 'TWO-2', order_id: 'bot-1', exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 86000 },
    });
    await page.getByTestId('open-orders').filter({ hasText: 'bot-1' }).first().waitFor({ state: 'attached', timeout: 5_000 });
    // A connection per account is no news: its login is neither a toast nor a notification.
    await page.locator('.n-tabs-tab', { hasText: 'Notifications' }).click();
    assert.equal(await page.getByText(/login succeeded/).count(), 0);
    await screenshot(page, 'accounts-second-account-live');
  });
});
