import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';

/** Path values each route's path schema takes, so that the query string is what is judged. */
const PATH_VALUES: Record<string, string> = { instrument_id: 'SHFE.cu2701', trading_day: '2026-11-24', date: '2026-11-24' };

describe('query strings', () => {
  let h: HttpHarness;
  let getPaths: string[];
  before(async () => {
    h = await HttpHarness.start();
    const doc = (await h.service.http.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    getPaths = Object.entries(doc.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path);
  });
  after(async () => h.stop());

  it('a parameter a route does not know is refused with 1001 / 400, naming it and what the route takes, on every GET route', async () => {
    assert.ok(getPaths.length > 40, `${getPaths.length} GET routes`);
    for (const path of getPaths) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'x');
      const message = await h.fails('GET', `${url}?no_such_parameter=1`, { token: h.admin.token }, 1001, 400);
      assert.match(message, /no_such_parameter is not a known field \(this route takes/, `${path}: ${message}`);
    }
  });

  it('names the parameters the route does take, and takes those as before', async () => {
    const message = await h.fails('GET', '/api/management/orders?search=stu12', { token: h.admin.token }, 1001, 400);
    assert.match(message, /search is not a known field \(this route takes limit, offset, sort, account_id, user_id\)/);
    assert.match(await h.fails('GET', '/health?verbose=1', {}, 1001, 400), /this route takes no parameters/);
    assert.equal((await h.service.http.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    await h.ok('GET', '/api/management/accounts?limit=5&offset=0', { token: h.admin.token });
    // A POST route's query string too, its body valid.
    const login = await h.fails('POST', '/api/auth/login?remember=1', { body: { username: 'admin', password: 'adminpass' } }, 1001, 400);
    assert.match(login, /querystring\.remember is not a known field \(this route takes no parameters\)/);
  });
});
