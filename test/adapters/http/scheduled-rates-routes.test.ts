/**
 * Rate changes announced for a coming settlement over HTTP: PUT
 * /api/admin/instrument/{id}/update with at_settlement_of, shown to everyone as the
 * instrument's scheduled_rates, applied by that day's settlement; DELETE
 * /api/admin/instrument/{id}/scheduled-rates withdraws one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { refused, refusedNaming } from '../../support/route-checks.ts';

const CU = 'SHFE.cu2701';

describe('rates scheduled for a settlement, over HTTP', () => {
  let h: HttpHarness;
  let trader: TestUser;
  let today: string;
  const admin = () => ({ token: h.admin.token });
  const update = (body: Record<string, unknown>) => h.call('PUT', `/api/admin/instrument/${CU}/update`, { ...admin(), body });
  const publicView = async () => (await h.ok('GET', '/api/market/instruments?limit=100')).find((i: { instrument_id: string }) => i.instrument_id === CU);

  before(async () => {
    h = await HttpHarness.start();
    trader = await h.user('rates_trader');
    today = (await h.ok('GET', '/api/market/calendar')).trading_day;
  });
  after(() => h.stop());

  it('are shown at once and applied by the settlement of their day', async () => {
    const before = await publicView();
    const scheduled = await h.ok('PUT', `/api/admin/instrument/${CU}/update`, { ...admin(), body: { margin_rate: 0.2, limit_up_rate: 0.09, at_settlement_of: today.replace(/-/g, '') } });
    assert.deepEqual(scheduled.scheduled_rates, { at_settlement_of: today, margin_rate: 0.2, limit_up_rate: 0.09 });
    assert.equal(scheduled.margin_rate, before.margin_rate, 'nothing changes before the settlement');
    assert.deepEqual((await publicView()).scheduled_rates, scheduled.scheduled_rates, 'the market sees the announcement');
    await h.ok('POST', '/api/admin/settlement/execute', { ...admin(), body: {} });
    const after = await publicView();
    assert.deepEqual([after.margin_rate, after.limit_up_rate, after.scheduled_rates], [0.2, 0.09, null]);
  });

  it('a withdrawal leaves the rates as they are; 1004 when none is scheduled', async () => {
    const day = (await h.ok('GET', '/api/market/calendar')).trading_day;
    await h.ok('PUT', `/api/admin/instrument/${CU}/update`, { ...admin(), body: { commission_rate: 0.001, at_settlement_of: day } });
    const withdrawn = await h.ok('DELETE', `/api/admin/instrument/${CU}/scheduled-rates`, admin());
    assert.equal(withdrawn.scheduled_rates, null);
    assert.equal(await refused(h, 'DELETE', `/api/admin/instrument/${CU}/scheduled-rates`, admin(), 1004, 404), `${CU} has no rate change scheduled`);
  });

  it('refuses a settled day, a weekend, a date in neither form; traders are refused', async () => {
    const past = await update({ margin_rate: 0.3, at_settlement_of: '2020-01-02' });
    assert.deepEqual([past.status, past.body.error?.code], [400, 1001]);
    assert.match(past.body.error!.message, /2020-01-02 is settled/);
    const saturday = await update({ margin_rate: 0.3, at_settlement_of: '2099-01-03' });
    assert.match(saturday.body.error!.message, /no settlement falls on 2099-01-03 \(a Saturday\)/);
    await refusedNaming(h, 'PUT', `/api/admin/instrument/${CU}/update`, { ...admin(), body: { margin_rate: 0.3, at_settlement_of: '2099-0105' } }, 1001, 400, 'at_settlement_of');
    await refusedNaming(h, 'PUT', `/api/admin/instrument/${CU}/update`, { ...admin(), body: { margin_rate: 0.3, at_settlement_of: '2099-02-30' } }, 1001, 400, 'at_settlement_of');
    await refused(h, 'PUT', `/api/admin/instrument/${CU}/update`, { ...admin(), body: { at_settlement_of: '2099-01-05' } }, 1001, 400);
    await refused(h, 'DELETE', `/api/admin/instrument/${CU}/scheduled-rates`, { token: trader.token }, 1003, 403);
    assert.equal((await publicView()).scheduled_rates, null, 'nothing scheduled by the refusals');
  });
});
