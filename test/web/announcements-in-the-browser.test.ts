/**
 * What the exchange announces, in a real browser: a rate change scheduled for a
 * settlement shows in the trader's order entry and instrument list; the operator's
 * Calendar and Instruments pages follow a settlement made elsewhere (a holiday it skipped
 * is marked, the applied rates replace the announcement).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN, BrowserWorld, logIn, screenshot, selectInstrument, waitForText } from './browser-kit.ts';

describe('announcements in the browser', { timeout: 180_000 }, () => {
  let world: BrowserWorld;

  before(async () => {
    world = await BrowserWorld.start();
  });

  after(async () => {
    await world?.stop();
  });

  it('a scheduled margin rise reaches the trader; the operator pages follow the settlement that applies it', async () => {
    const calendar = await world.api.ok('GET', '/api/market/calendar');
    const admin = await world.api.ok('POST', '/api/auth/login', { body: ADMIN });
    const asAdmin = { token: admin.token as string };
    await world.api.ok('PUT', '/api/admin/instrument/SHFE.cu2701/update', { ...asAdmin, body: { margin_rate: 0.12, at_settlement_of: calendar.trading_day } });
    await world.api.ok('POST', '/api/admin/calendar/holidays', { ...asAdmin, body: { holidays: [{ date: calendar.next_trading_day, name: 'Founders Day' }] } });

    const trader = await world.trader('announce_t', 'ANN-T');
    const page = await world.newPage();
    await logIn(page, 'announce_t', trader.password, /\/terminal/);
    await selectInstrument(page, 'SHFE.cu2701');
    await waitForText(page.getByTestId('rates-announced'), `At the settlement of ${calendar.trading_day}: margin 0.12 (now 0.09)`);
    await waitForText(page.locator('tr', { hasText: 'SHFE.cu2701' }).first(), 'new rates');
    await screenshot(page, 'announce-trader-rates');

    const calendarPage = await world.newPage();
    await logIn(calendarPage, ADMIN.username, ADMIN.password, /\/console/);
    await calendarPage.goto('/console/calendar');
    await waitForText(calendarPage.getByTestId('holidays'), 'Founders Day');
    const instrumentsPage = await world.newPage();
    await logIn(instrumentsPage, ADMIN.username, ADMIN.password, /\/console/);
    await instrumentsPage.goto('/console/instruments');
    const copper = instrumentsPage.locator('tr', { hasText: 'SHFE.cu2701' });
    await waitForText(copper, 'new rates');

    // Settled elsewhere (another console, the API): both pages move on by themselves.
    const settled = await world.api.ok('POST', '/api/admin/settlement/execute', { ...asAdmin, body: {} });
    assert.notEqual(settled.next_trading_day, calendar.next_trading_day, 'the holiday was skipped');
    await waitForText(calendarPage.getByTestId('calendar-trading-day'), settled.next_trading_day);
    await waitForText(calendarPage.getByTestId('holidays'), 'skipped');
    await copper.getByText('new rates').waitFor({ state: 'detached' });
    await waitForText(copper, '0.12');
    await screenshot(calendarPage, 'announce-calendar-after-settlement');
  });
});
