/**
 * The instrument list and the symbol catalogue (GET /api/market/instruments, /symbols and
 * the bare DIFF form /symbols.json) through in-process injection: every field, paging,
 * suspended and delisted instruments, and tqsdk-js's own search run on the catalogue.
 * Market data is public: no token is sent.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';
import { assertCopperAdminForm } from '../../support/instrument-checks.ts';
import { hasFields, refused } from '../../support/route-checks.ts';

describe('HTTP /api/market catalogues', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  describe('GET /api/market/instruments', () => {
    it('pages with limit and offset', async () => {
      const list = await h.ok('GET', '/api/market/instruments');
      assert.deepEqual(await h.ok('GET', '/api/market/instruments?limit=2&offset=3'), list.slice(3, 5));
      await refused(h, 'GET', '/api/market/instruments?limit=0', {}, 1001, 400);
    });

    it('lists every tradable instrument with its parameters and status, without a token', async () => {
      const list = await h.ok('GET', '/api/market/instruments');
      assert.ok(Array.isArray(list));
      assert.equal(list.length, 18, 'the 18 instruments of config/instruments.toml');
      const cu = list.find((i: { instrument_id: string }) => i.instrument_id === 'SHFE.cu2701');
      hasFields(cu, {
        instrument_id: 'string',
        instrument_name: 'string',
        instrument_type: 'string',
        exchange: 'string',
        contract_multiplier: 'number',
        price_tick: 'number',
        margin_rate: 'number',
        commission_rate: 'number',
        limit_up_rate: 'number',
        limit_down_rate: 'number',
        list_date: 'string',
        expire_date: 'string',
        status: 'string',
        created_at: 'string',
        updated_at: 'string',
      });
      assertCopperAdminForm(cu);
      assert.match(cu.created_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.match(cu.updated_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const au = list.find((i: { instrument_id: string }) => i.instrument_id === 'SHFE.au2702');
      assert.equal(au.price_tick, 0.02);
      assert.equal(au.contract_multiplier, 1000);
    });

    it('shows a suspended instrument as suspended, and active again once resumed', async () => {
      const statusOf = async (id: string) => (await h.ok('GET', '/api/market/instruments')).find((i: { instrument_id: string }) => i.instrument_id === id).status;
      await h.ok('PUT', '/api/admin/instrument/SHFE.rb2701/suspend', { token: h.admin.token });
      assert.equal(await statusOf('SHFE.rb2701'), 'suspended');
      await h.ok('PUT', '/api/admin/instrument/SHFE.rb2701/resume', { token: h.admin.token });
      assert.equal(await statusOf('SHFE.rb2701'), 'active');
    });
  });

  describe('GET /api/market/symbols and /api/market/symbols.json', () => {
    const ENTRY_FIELDS = {
      class: 'string',
      instrument_id: 'string',
      exchange_id: 'string',
      ins_id: 'string',
      ins_name: 'string',
      product_id: 'string',
      price_tick: 'number',
      price_decs: 'integer',
      volume_multiple: 'number',
      expired: 'boolean',
    } as const;

    it('symbols.json is the bare catalogue keyed like "SHFE.cu2701"', async () => {
      const response = await h.service.http.inject({ method: 'GET', url: '/api/market/symbols.json' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      const catalogue = response.json();
      assert.ok(!('success' in catalogue) && !('data' in catalogue), 'no envelope');
      const instruments = await h.ok('GET', '/api/market/instruments');
      assert.deepEqual(Object.keys(catalogue).sort(), instruments.map((i: { instrument_id: string }) => i.instrument_id).sort());
      for (const [key, entry] of Object.entries(catalogue) as [string, Record<string, unknown>][]) {
        hasFields(entry, ENTRY_FIELDS, key);
        assert.equal(entry.instrument_id, key);
        assert.equal(`${entry.exchange_id}.${entry.ins_id}`, key);
        assert.equal(entry.expired, false);
      }
      const cu = catalogue['SHFE.cu2701'];
      assert.deepEqual(
        Object.fromEntries(Object.keys(ENTRY_FIELDS).map((field) => [field, cu[field]])),
        {
          class: 'FUTURE',
          instrument_id: 'SHFE.cu2701',
          exchange_id: 'SHFE',
          ins_id: 'cu2701',
          ins_name: 'Copper 2701',
          product_id: 'cu',
          price_tick: 10,
          price_decs: 0,
          volume_multiple: 5,
          expired: false,
        },
      );
      assert.equal(catalogue['SHFE.au2702'].price_decs, 2);
      assert.equal(catalogue['SHFE.au2702'].price_tick, 0.02);
      assert.equal(catalogue['SHFE.au2702'].volume_multiple, 1000);
      assert.equal(catalogue['CFFEX.T2703'].price_decs, 3);
      assert.equal(catalogue['CZCE.SR701'].ins_id, 'SR701');
      assert.equal(catalogue['CZCE.SR701'].product_id, 'sr');
      assert.equal(catalogue['DCE.i2701'].price_decs, 1);
    });

    it('every futures contract has class FUTURE, the class DIFF clients filter on', async () => {
      const catalogue = (await h.service.http.inject({ method: 'GET', url: '/api/market/symbols.json' })).json();
      // Index and bond futures are futures too (tqsdk-js knows FUTURE, FUTURE_INDEX = a
      // futures index, FUTURE_CONT, OPTION, COMBINE).
      for (const id of ['CFFEX.IF2612', 'CFFEX.IC2612', 'CFFEX.T2703', 'SHFE.cu2701', 'CZCE.SR701']) {
        assert.equal(catalogue[id].class, 'FUTURE', id);
      }
    });

    it('tqsdk-js can search the catalogue (getQuotesByInput)', async () => {
      const require = createRequire(import.meta.url);
      const TQSDK = require('tqsdk/dist/umd/tqsdk-nocache');
      const catalogue = (await h.service.http.inject({ method: 'GET', url: '/api/market/symbols.json' })).json();
      // The client's own search code, run on our catalogue as its quotesInfo.
      const client = { quotesInfo: catalogue, _filterSymbol: TQSDK.prototype._filterSymbol };
      const search = (input: string): string[] => TQSDK.prototype.getQuotesByInput.call(client, input);
      assert.deepEqual(search('cu2701'), ['SHFE.cu2701']);
      assert.deepEqual(search('IF2612'), ['CFFEX.IF2612']);
      assert.deepEqual(search('T2703'), ['CFFEX.T2703']);
      assert.ok(search('cu').includes('SHFE.cu2701'));
      assert.deepEqual(search('nothing-like-this'), []);
    });

    it('/api/market/symbols carries the same catalogue in the envelope', async () => {
      const reply = await h.call('GET', '/api/market/symbols');
      assert.equal(reply.status, 200);
      assert.equal(reply.body.success, true);
      assert.equal(reply.body.error, null);
      const bare = (await h.service.http.inject({ method: 'GET', url: '/api/market/symbols.json' })).json();
      assert.deepEqual(reply.body.data, bare);
    });

    it('a delisted instrument leaves the instrument list and stays in the catalogue as expired', async () => {
      await h.ok('POST', '/api/admin/instrument/create', {
        token: h.admin.token,
        body: {
          instrument_id: 'SHFE.zn2701',
          exchange_id: 'SHFE',
          product_id: 'zn',
          instrument_name: 'Zinc 2701',
          price_tick: 5,
          volume_multiple: 5,
          margin_ratio: 0.1,
          commission: 0.0001,
          pre_settlement: 24000,
        },
      });
      let catalogue = (await h.service.http.inject({ method: 'GET', url: '/api/market/symbols.json' })).json();
      hasFields(catalogue['SHFE.zn2701'], ENTRY_FIELDS, 'zn2701');
      assert.equal(catalogue['SHFE.zn2701'].expired, false);
      assert.equal(catalogue['SHFE.zn2701'].ins_name, 'Zinc 2701');
      assert.ok((await h.ok('GET', '/api/market/instruments')).some((i: { instrument_id: string }) => i.instrument_id === 'SHFE.zn2701'));

      await h.ok('DELETE', '/api/admin/instrument/SHFE.zn2701/delist', { token: h.admin.token });
      catalogue = (await h.service.http.inject({ method: 'GET', url: '/api/market/symbols.json' })).json();
      assert.equal(catalogue['SHFE.zn2701'].expired, true);
      assert.ok(!(await h.ok('GET', '/api/market/instruments')).some((i: { instrument_id: string }) => i.instrument_id === 'SHFE.zn2701'));
      assert.equal((await h.ok('GET', '/api/market/symbols'))['SHFE.zn2701'].expired, true);
    });
  });
});
