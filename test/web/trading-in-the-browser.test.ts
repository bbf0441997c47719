/**
 * The front end's proof, in a real browser (Debian's Chromium through playwright-core)
 * against the real server started as an operator starts it:
 * 1. two traders in two pages: one rests an order, the other crosses it, and both pages
 *    show the fill, the position and the account change live, without a reload;
 * 2. an operator suspends an instrument in the console, and the trader's next order on it
 *    shows the 3004 message; the users console finds a user by its account id;
 * 3. the operator runs day-end settlement from the console, and the trader's page shows the
 *    new trading day; the risk, monitoring and leaderboard consoles show the accounts, and
 *    a trader's standings page (the exchange publishes them) marks the trader's own row;
 * 4. a fill that arrives while the trader is on another page is in the notifications, and a
 *    logout in another tab of the same browser logs the page out, saying why;
 * 5. a trader changes its password and its other browser is logged out, saying why; an
 *    operator resets a password from the console and sees the generated one once; the
 *    trader logs out everywhere from one browser, and the other is logged out, saying why.
 * SHFE.cu2701: multiplier 5, margin ratio 0.09; 2 lots at 86500 hold 2 x 86500 x 5 x 0.09
 * = 77,850.00 of margin on each side. Each step saves a screenshot under test-output/web/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ADMIN, BrowserWorld, logIn, placeOrder, screenshot, selectInstrument, waitForText } from './browser-kit.ts';

describe('the web front end in a browser', { timeout: 300_000 }, () => {
  let world: BrowserWorld;
  let alice: Page;
  let bob: Page;
  let admin: Page;

  before(async () => {
    world = await BrowserWorld.start();
  });

  after(async () => {
    await world?.stop();
  });

  it('two traders: a resting order, a cross, and both pages update live', async () => {
    const a = await world.trader('alice_web', 'ALICE-W');
    const b = await world.trader('bob_web', 'BOB-W');
    alice = await world.newPage();
    bob = await world.newPage();
    // Each logs in and lands in the terminal with the account to trade with.
    for (const [page, name, password, account] of [[alice, 'alice_web', a.password, 'ALICE-W'], [bob, 'bob_web', b.password, 'BOB-W']] as const) {
      await logIn(page, name, password, /\/terminal/);
      await waitForText(page.getByTestId('who'), account);
      await selectInstrument(page, 'SHFE.cu2701');
      await waitForText(page.getByTestId('account-balance'), '1,000,000.00');
    }

    await placeOrder(alice, { direction: 'SELL', price: 86500, volume: 2 });
    await waitForText(alice.getByTestId('order-outcome'), /resting, 2 left/);
    await waitForText(alice.getByTestId('open-orders'), 'SHFE.cu2701');
    // The resting ask reaches the other trader's depth.
    await waitForText(bob.getByTestId('order-book'), '86,500');

    await placeOrder(bob, { direction: 'BUY', price: 86520, volume: 2 });
    await waitForText(bob.getByTestId('order-outcome'), /filled/);

    for (const page of [alice, bob]) {
      await page.getByText(/^Positions \(\d+\)$/).click();
      await waitForText(page.getByTestId('account-margin'), '77,850.00');
      await waitForText(page.getByTestId('positions'), 'SHFE.cu2701');
      await waitForText(page.getByTestId('trades'), '86,500');
    }
    // The candle of the minute and the notifications follow, too.
    for (const page of [alice, bob]) {
      await waitForText(page.getByTestId('chart-legend'), /C 86,500\s+V 2/);
      await waitForText(page.getByTestId('notifications'), 'SHFE.cu2701');
    }
    // Alice's resting order is gone from her open orders, without a reload.
    await alice.getByText('Open orders (0)').waitFor();
    assert.match(await alice.getByTestId('positions').innerText(), /2 \(2\/0\)/);
    assert.match(await bob.getByTestId('positions').innerText(), /2 \(2\/0\)/);
    // A new resting bid reaches the other trader's depth live. Bob holds cu2701, so its
    // quote moving makes his page read his money and positions again, and only those: the
    // orders and trades of an active account are half a megabyte a read.
    const bobReads: string[] = [];
    let lastRead = Date.now();
    bob.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/api/account/BOB-W') return;
      bobReads.push(url.search);
      lastRead = Date.now();
    });
    // Reads the fill started may still come (a notification delivered late reads
    // everything, rightly): the page is quiet first.
    while (Date.now() - lastRead < 600) await bob.waitForTimeout(100);
    bobReads.length = 0;
    await placeOrder(alice, { direction: 'BUY', price: 86400, volume: 3 });
    await waitForText(alice.getByTestId('order-outcome'), /resting, 3 left/);
    await waitForText(bob.getByTestId('order-book'), '86,400');
    for (let waited = 0; bobReads.length === 0 && waited < 5_000; waited += 100) await bob.waitForTimeout(100);
    assert.deepEqual([...new Set(bobReads)], ['?limit=0']);
    // "Close" on a position prefills the order that closes it (SHFE: today's lots need CLOSETODAY).
    await bob.getByRole('button', { name: 'Close long' }).click();
    await waitForText(bob.getByTestId('submit-order'), 'Sell closetoday 2 @ 86,500');
    // Two others trade at a new price: bob's position is re-marked (his account and
    // positions patched over DIFF), and still only his money is read.
    bobReads.length = 0;
    const others = [await world.trader('erin_web', 'ERIN-W'), await world.trader('finn_web', 'FINN-W')] as const;
    for (const [trader, account, direction] of [[others[0], 'ERIN-W', 'SELL'], [others[1], 'FINN-W', 'BUY']] as const) {
      await world.api.ok('POST', '/api/order/submit', {
        token: trader.token,
        body: { user_id: trader.userId, account_id: account, instrument_id: 'cu2701', exchange_id: 'SHFE', direction, offset: 'OPEN', volume: 1, price: 86_440, order_type: 'LIMIT' },
      });
    }
    await waitForText(bob.getByTestId('positions'), '86,440');
    for (let waited = 0; bobReads.length === 0 && waited < 5_000; waited += 100) await bob.waitForTimeout(100);
    assert.deepEqual([...new Set(bobReads)], ['?limit=0']);
    await screenshot(alice, '1-alice-after-fill');
    await screenshot(bob, '1-bob-after-fill');
  });

  it('an operator suspends an instrument and the trader\'s next order on it shows 3004', async () => {
    admin = await world.newPage({ theme: 'dark' });
    await logIn(admin, ADMIN.username, ADMIN.password, /\/console\/instruments/);
    await admin.getByTestId('suspend-SHFE.al2701').click();
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByTestId('resume-SHFE.al2701').waitFor();
    await waitForText(admin.getByTestId('admin-instruments'), 'suspended');
    await screenshot(admin, '2-console-suspended');

    await selectInstrument(bob, 'SHFE.al2701');
    await placeOrder(bob, { direction: 'BUY', price: 21300, volume: 1 });
    await waitForText(bob.getByTestId('order-rejection'), /Error 3004: .*suspended/i);
    await screenshot(bob, '2-bob-rejected-3004');

    // The users console searches on the server: a competition has more users than a page.
    await admin.goto('/console/users');
    await admin.getByText('alice_web').waitFor();
    await admin.getByPlaceholder('Search name, id or account').fill('BOB-w');
    await admin.getByText('alice_web').waitFor({ state: 'detached' });
    await admin.getByText('bob_web').waitFor();

    // The operator enrols a class from a pasted list; the exchange generates the passwords not given.
    await admin.getByTestId('enrol-lines').locator('textarea').fill('class_ann\nclass_ben,secret-ben,250000');
    await admin.getByRole('button', { name: 'Enrol 2 users' }).click();
    const enrolled = admin.getByTestId('enrol-results');
    await waitForText(enrolled, 'class_ben');
    assert.equal(await enrolled.getByText('enrolled', { exact: true }).count(), 2);
    assert.match(await enrolled.locator('tr', { hasText: 'class_ann' }).innerText(), /class_ann\s+[\w-]{12}\s+A[0-9a-f]{12}/);
    await screenshot(admin, '1-console-enrolment');
    const ben = await world.api.ok('POST', '/api/auth/login', { body: { username: 'class_ben', password: 'secret-ben' } });
    assert.equal((await world.api.ok('GET', '/api/user/' + ben.user_id + '/accounts', { token: ben.token })).accounts[0].balance, 250_000);
  });

  it('a holiday declared in the calendar console, then settlement from the console: the trader sees the new trading day, past the holiday', async () => {
    const before = (await world.api.ok('GET', '/health')).trading_day as string;
    await waitForText(alice.getByTestId('trading-day'), before);
    // The next weekday is declared a holiday: the settlement moves the day past it.
    const holiday = weekdayAfter(before);
    await admin.goto('/console/calendar');
    await waitForText(admin.getByTestId('calendar-trading-day'), before);
    await waitForText(admin.getByTestId('calendar-next-day'), holiday);
    const firstDay = admin.getByTestId('holiday-from').locator('input');
    await firstDay.fill(holiday);
    await firstDay.press('Enter');
    await admin.getByTestId('holiday-name').locator('input').fill('Founders Day');
    await admin.getByTestId('declare-holiday').click();
    await waitForText(admin.getByTestId('holidays'), 'Founders Day');
    await waitForText(admin.getByTestId('calendar-next-day'), weekdayAfter(holiday));
    await screenshot(admin, '3-console-calendar');
    // The trader plans by the same calendar: the header's trading day opens it.
    await alice.getByTestId('trading-day').click();
    const calendar = alice.getByTestId('trading-calendar');
    await waitForText(calendar.getByTestId('holidays-ahead'), `${holiday} · Founders Day`);
    await waitForText(calendar.getByTestId('next-trading-day'), weekdayAfter(holiday));
    await screenshot(alice, '3-trader-calendar');
    await alice.keyboard.press('Escape');
    await admin.goto('/console/settlement');
    // A price set for the coming settlement shows as the exchange holds it (al2701: no one
    // here holds it, so nothing in this day's figures moves).
    const al = admin.locator('tr', { hasText: 'SHFE.al2701' });
    await waitForText(al, 'VWAP / last');
    await al.locator('input').fill('21305');
    await al.locator('input').blur();
    await al.getByRole('button', { name: 'Set' }).click();
    await waitForText(al, '21,305');
    assert.equal(await al.locator('td').filter({ hasText: /^21,305$/ }).count(), 1, 'the set price in its own column');
    await admin.getByTestId('execute-settlement').click();
    // The question names the day, and the console sends it: a second click settles nothing more.
    await waitForText(admin.locator('.n-dialog'), `Settle trading day ${before}?`);
    await waitForText(admin.locator('.n-dialog'), `the next trading day, ${weekdayAfter(holiday)} (after the holidays: Founders Day, ${holiday})`);
    await admin.getByRole('button', { name: 'Confirm' }).click();
    const summary = admin.getByTestId('settlement-summary');
    await waitForText(summary, before);
    const next = (await world.api.ok('GET', '/health')).trading_day as string;
    assert.equal(next, weekdayAfter(holiday));
    await waitForText(summary, next);
    await waitForText(admin.getByTestId('settlement-history'), next);
    await screenshot(admin, '3-console-settlement');
    // The detail's account lines come a page at a time, and the search asks the server.
    await admin.getByTestId('settlement-history').getByRole('button', { name: 'Detail' }).first().click();
    const accountLines = admin.getByTestId('settlement-accounts');
    await waitForText(accountLines, 'ALICE-W');
    await admin.getByTestId('settlement-account-search').locator('input').fill('bob-w');
    await accountLines.getByText('ALICE-W').waitFor({ state: 'detached' });
    await waitForText(accountLines, 'BOB-W');
    await admin.keyboard.press('Escape');

    // The risk console lists every account on request, the riskiest first (server-sorted).
    await admin.goto('/console/risk');
    await admin.getByText('No account owing or at warning level or above').waitFor();
    await admin.getByRole('switch', { name: 'Show every account' }).click();
    await admin.getByText('All accounts by risk ratio').waitFor();
    await admin.getByText('ALICE-W').waitFor();

    // The trader's page moves to the new day by itself; today's volume became yesterday's.
    await waitForText(alice.getByTestId('trading-day'), `Trading day ${next}`);
    await waitForText(alice.getByTestId('positions'), '2 (0/2)');
    await screenshot(alice, '3-alice-new-trading-day');

    // The monitoring console shows the process's memory, the heap and the history's archive.
    await admin.goto('/console/monitoring');
    await admin.getByText('JavaScript heap').waitFor();
    await admin.getByText(/^\d+ records, [\d.]+ MB$/).waitFor();

    // The leaderboard ranks every account by what its trading made; its search asks the server.
    await admin.goto('/console/leaderboard');
    const board = admin.getByTestId('leaderboard');
    await waitForText(board, 'ALICE-W');
    await waitForText(board, 'BOB-W');
    await admin.getByPlaceholder('Search user or account').fill('bob-w');
    await board.getByText('ALICE-W').waitFor({ state: 'detached' });
    await waitForText(board, 'BOB-W');
    // The board is read a page at a time; the heading counts what the search found.
    await admin.getByText('Leaderboard (1 found)').waitFor();
    await screenshot(admin, '3-console-leaderboard');
    // The download is the board as the search has it, every row in one file.
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('leaderboard-csv').click()]);
    assert.match(download.suggestedFilename(), /^leaderboard-profit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
    assert.equal(csv.length, 2);
    assert.match(csv[1]!, /^\d+,bob_web,BOB-W,/, 'its rank is on the whole board');

    // The exchange publishes its standings: traders have the page, their own row marked.
    await alice.getByRole('link', { name: 'Standings' }).first().click();
    const standings = alice.getByTestId('standings');
    await waitForText(standings, 'BOB-W');
    await waitForText(standings.locator('tr', { hasText: 'ALICE-W' }), 'you');
    assert.doesNotMatch(await standings.locator('tr', { hasText: 'BOB-W' }).innerText(), /\byou\b/);
    await screenshot(alice, '3-trader-standings');

    // The trader reads the settled day's statement: money, positions at the settlement price, trades.
    await alice.getByRole('link', { name: 'Funds' }).first().click();
    // What a withdrawal can take is shown beside available (less, with margin in use).
    await alice.getByText('Withdrawable', { exact: true }).waitFor();
    await alice.getByTestId(`statement-${before}`).click();
    await waitForText(alice.getByTestId('statement-positions'), 'SHFE.cu2701');
    await waitForText(alice.getByTestId('statement-trades'), 'SELL OPEN');
    await screenshot(alice, '3-trader-statement');
    await alice.keyboard.press('Escape');
  });

  it('keeps notifications that arrive on another page, and follows a logout in another tab, saying so', async () => {
    const carol = await world.trader('carol_web', 'CAROL-W');
    const dan = await world.trader('dan_web', 'DAN-W');
    const page = await world.newPage();
    await logIn(page, 'carol_web', carol.password, /\/terminal/);
    // The page starts on /funds: the terminal's code is not loaded when the fill arrives.
    await page.goto('/funds');
    await page.getByText('Funds', { exact: true }).first().waitFor();
    const order = (token: string, accountId: string, direction: 'BUY' | 'SELL', order_id: string) =>
      world.api.ok('POST', '/api/order/submit', {
        token,
        body: { account_id: accountId, instrument_id: 'cu2701', exchange_id: 'SHFE', direction, offset: 'OPEN', volume: 1, price: 86_300, price_type: 'LIMIT', order_id },
      });
    await order(dan.token, 'DAN-W', 'SELL', 'dan-away');
    await order(carol.token, 'CAROL-W', 'BUY', 'carol-away');
    await page.waitForTimeout(1_000);
    await page.getByRole('link', { name: 'Terminal' }).first().click();
    await waitForText(page.getByTestId('notifications'), 'carol-away');

    // The same browser, another tab: logging out there logs this page out too.
    const other = await page.context().newPage();
    other.setDefaultTimeout(30_000);
    await other.goto('/terminal');
    await other.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL(/\/login/);
    await waitForText(page.getByTestId('logout-reason'), 'Logged out in another tab of this browser.');
    await screenshot(page, '4-logged-out-in-another-tab');
  });

  it('a trader changes its password: its other browser is logged out saying why; an operator resets one and sees it once; log out everywhere', async () => {
    const gwen = await world.trader('gwen_web', 'GWEN-W');
    const laptop = await world.newPage();
    const phone = await world.newPage();
    await logIn(laptop, 'gwen_web', gwen.password, /\/terminal/);
    await logIn(phone, 'gwen_web', gwen.password, /\/terminal/);
    // A second account with no amount typed is not opened with 0.
    await phone.goto('/accounts');
    await phone.locator('input[name=initial_balance]').fill('');
    await phone.locator('input[name=initial_balance]').blur();
    await phone.getByText('Enter an amount of 0 or more').waitFor();
    assert.equal(await phone.getByRole('button', { name: 'Open account' }).isDisabled(), true);
    await phone.goto('/terminal');
    // Another tab of the laptop's browser: it shares the session, and follows the change.
    const laptopTab = await laptop.context().newPage();
    laptopTab.setDefaultTimeout(30_000);
    await laptopTab.goto('/funds');
    await laptopTab.getByText('Withdrawable').first().waitFor();

    await laptop.getByTestId('change-password').click();
    // A wrong current password is refused; typing again puts the refusal away.
    await laptop.getByLabel('Current password').fill('not-gwens-password');
    await laptop.getByLabel('New password', { exact: true }).fill('gwen-new-secret');
    await laptop.getByLabel('New password again').fill('gwen-new-secret');
    await laptop.getByRole('button', { name: 'Change password' }).click();
    await laptop.getByTestId('password-error').waitFor();
    await laptop.getByLabel('Current password').fill(gwen.password);
    await laptop.getByTestId('password-error').waitFor({ state: 'detached' });
    await laptop.getByLabel('New password', { exact: true }).fill('gwen-new-secret');
    await laptop.getByLabel('New password again').fill('gwen-new-secrex');
    await waitForText(laptop.getByTestId('password-problem'), 'The two new passwords differ.');
    await laptop.getByLabel('New password again').fill('gwen-new-secret');
    await screenshot(laptop, '5-change-password');
    // The change's answer held back a while: the old token is refused, and the live data
    // closed, before the page and its other tab have the new token. Neither may log out.
    await laptop.route('**/api/auth/password', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ response });
    });
    await laptop.getByRole('button', { name: 'Change password' }).click();
    await laptop.getByText('Password changed. Your other sessions were logged out.').waitFor();
    // The laptop carries on with the token the change answered; the phone's was ended.
    await phone.waitForURL(/\/login/);
    await waitForText(phone.getByTestId('logout-reason'), 'Your password was changed: log in with the new one.');
    await screenshot(phone, '5-logged-out-by-password-change');
    await laptop.getByRole('link', { name: 'Funds' }).first().click();
    await laptop.getByText('Withdrawable').first().waitFor();
    assert.match(laptop.url(), /\/funds/);
    // The other tab took the new token (it waits for it a few seconds before giving up).
    await laptopTab.waitForTimeout(4_000);
    assert.match(laptopTab.url(), /\/funds/);
    await laptopTab.getByRole('link', { name: 'Terminal' }).first().click();
    await laptopTab.waitForURL(/\/terminal/);
    await waitForText(laptopTab.getByTestId('who'), 'gwen_web');

    // The operator resets it: a generated password, shown once, that logs in.
    await admin.goto('/console/users');
    await admin.getByPlaceholder('Search name, id or account').fill('gwen_web');
    await admin.getByText('gwen_web').first().click();
    await waitForText(admin.getByTestId('password-changed'), /Last changed .* by gwen_web/);
    await admin.getByTestId('reset-password').click();
    await admin.getByRole('button', { name: 'Confirm' }).click();
    const shown = admin.getByTestId('generated-password');
    await waitForText(shown, 'New password of gwen_web');
    await waitForText(admin.getByTestId('password-changed'), /Last changed .* by admin/);
    await screenshot(admin, '5-console-password-reset');
    const generated = (await shown.locator('code').innerText()).trim();
    assert.match(generated, /^[A-Za-z0-9]{12}$/);
    // And opens an account for her from the same panel.
    await admin.getByLabel('New account id').fill('GWEN-2');
    await admin.getByPlaceholder('opening balance').fill('2500.5');
    await admin.getByTestId('open-account').click();
    await admin.getByText('GWEN-2 opened with').waitFor();
    await admin.getByRole('cell', { name: 'GWEN-2' }).first().waitFor();
    await laptop.waitForURL(/\/login/);
    await logIn(phone, 'gwen_web', generated, /\/terminal/);

    // Gwen logs out everywhere from her phone: the laptop is logged out saying why, the
    // phone stays, and the password is the same.
    await logIn(laptop, 'gwen_web', generated, /\/terminal/);
    await phone.getByTestId('logout-everywhere').click();
    await phone.getByLabel('Password', { exact: true }).fill('not-gwens-password');
    await phone.getByRole('button', { name: 'Log out everywhere else' }).click();
    await waitForText(phone.getByTestId('logout-everywhere-error'), 'password is not the current password');
    await phone.getByLabel('Password', { exact: true }).fill(generated);
    await phone.getByRole('button', { name: 'Log out everywhere else' }).click();
    await phone.getByText('Every other session of yours was logged out.').waitFor();
    await laptop.waitForURL(/\/login/);
    await waitForText(laptop.getByTestId('logout-reason'), 'You were logged out of every session: log in again.');
    await screenshot(laptop, '5-logged-out-everywhere');
    await phone.getByRole('link', { name: 'Funds' }).first().click();
    await phone.getByText('Withdrawable').first().waitFor();
    await logIn(laptop, 'gwen_web', generated, /\/terminal/);
  });
});

/** The first Monday-to-Friday date after `day` (YYYY-MM-DD). */
function weekdayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
  return date.toISOString().slice(0, 10);
}
