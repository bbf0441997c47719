/**
 * "Log out everywhere": POST /api/auth/logout-everywhere (a user its own sessions, with its
 * password) and POST /api/management/users/{user_id}/logout-everywhere (an operator, a
 * trader's). Either way every earlier token of the user is refused, over REST and DIFF,
 * its DIFF connections close with 4002, its password stays, and other users are untouched.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SIGNED_OUT_CLOSE_CODE } from '../../../src/adapters/ws/diff-limits.ts';
import type { DiffSession } from '../../../src/adapters/ws/diff-session.ts';
import { type HandlerContext, startSession } from '../../../src/adapters/ws/message-handlers.ts';
import { AuthService } from '../../../src/app/auth/auth-service.ts';
import { LoginLimiter } from '../../../src/app/auth/login-limiter.ts';
import { verifyPassword } from '../../../src/app/auth/passwords.ts';
import type { ApiError } from '../../../src/protocol/index.ts';
import { diffTestbed } from '../../support/diff-testbed.ts';
import { needsToken, refused } from '../../support/route-checks.ts';

const SIGNED_OUT = 'the user logged out everywhere after this token was issued: log in again';

describe('log out everywhere', () => {
  const bed = diffTestbed();
  const login = (username: string, password: string) => bed.h.call('POST', '/api/auth/login', { body: { username, password } });

  it("ends every session of the caller, over REST and DIFF, and answers a new token; the password stays, and other users' sessions go on", async () => {
    const { h } = bed;
    const lea = await h.trader('lea_out', 'LEA1');
    const laptop = (await h.ok('POST', '/api/auth/login', { body: { username: 'lea_out', password: 'password1' } })).token;
    const bot = await bed.connect(`/ws/diff?access_token=${encodeURIComponent(laptop)}`);
    await bot.until((m) => m.trade?.lea_out?.trade_more_data === false, 5000, 'token login');
    const terminal = await bed.connect('/ws/diff');
    await bed.login(terminal, lea);
    const bobs = await bed.connect('/ws/diff');
    await bed.login(bobs, bed.bob);
    const ended = [bot.closing(), terminal.closing()];

    const reply = await h.ok('POST', '/api/auth/logout-everywhere', { token: lea.token, body: { password: 'password1' } });
    assert.deepEqual(Object.keys(reply).sort(), ['expires_in', 'role', 'token', 'user_id', 'username']);
    assert.deepEqual([reply.user_id, reply.username], [lea.userId, 'lea_out']);

    for (const old of [lea.token, laptop]) assert.equal(await refused(h, 'GET', `/api/account/LEA1`, { token: old }, 1002, 401), SIGNED_OUT);
    for (const end of await Promise.all(ended)) assert.deepEqual(end, { code: SIGNED_OUT_CLOSE_CODE, reason: 'the user logged out everywhere: log in again' });
    assert.equal((await h.ok('GET', '/api/account/LEA1', { token: reply.token })).account_id, 'LEA1', 'the answer carries a working token');
    assert.equal((await login('lea_out', 'password1')).status, 200, 'the password stays');
    await bobs.answersPing();
    await h.ok('GET', '/api/account/BOB1', { token: bed.bob.token });

    // A DIFF connection with an old token is told why it is not logged in.
    const stale = await bed.connect(`/ws/diff?access_token=${encodeURIComponent(laptop)}`);
    await stale.until((m) => Object.values(m.notify ?? {}).some((n: any) => /issued before its user logged out everywhere/.test(n.content)), 5000, 'refusal notify');
    assert.equal(stale.mirror.trade?.lea_out, undefined);
  });

  it('refuses a wrong password (1002: nothing ends), a missing one (1001), and a missing token', async () => {
    const { h } = bed;
    const max = await h.user('max_out');
    assert.equal(await refused(h, 'POST', '/api/auth/logout-everywhere', { token: max.token, body: { password: 'not-it' } }, 1002, 401), 'password is not the current password');
    await refused(h, 'POST', '/api/auth/logout-everywhere', { token: max.token, body: {} }, 1001, 400);
    await refused(h, 'POST', '/api/auth/logout-everywhere', { token: max.token, body: { password: '' } }, 1001, 400);
    await needsToken(h, 'POST', '/api/auth/logout-everywhere', { password: 'password1' });
    assert.equal(h.exchange.state.users.get(max.userId)!.signOutVersion, 0);
    await h.ok('GET', `/api/auth/user/${max.userId}`, { token: max.token });
  });

  it("lets an operator end a trader's sessions; refuses unknown users (1004), admins (1003) and callers who are not admins (1003)", async () => {
    const { h } = bed;
    const ned = await h.trader('ned_out', 'NED1');
    const session = await bed.connect('/ws/diff');
    await bed.login(session, ned);
    const ended = session.closing();
    assert.deepEqual(await h.asAdmin('POST', `/api/management/users/${ned.userId}/logout-everywhere`), { user_id: ned.userId, username: 'ned_out' });
    assert.equal((await ended).code, SIGNED_OUT_CLOSE_CODE);
    assert.equal(await refused(h, 'GET', '/api/account/NED1', { token: ned.token }, 1002, 401), SIGNED_OUT);
    assert.equal((await login('ned_out', 'password1')).status, 200);

    await refused(h, 'POST', '/api/management/users/no-such-user/logout-everywhere', { token: h.admin.token }, 1004, 404);
    const admins = await refused(h, 'POST', `/api/management/users/${h.admin.userId}/logout-everywhere`, { token: h.admin.token }, 1003, 403);
    assert.match(admins, /is an admin: admins end their own sessions/);
    const ola = await h.user('ola_out');
    await refused(h, 'POST', `/api/management/users/${ned.userId}/logout-everywhere`, { token: ola.token }, 1003, 403);
    await h.ok('GET', `/api/auth/user/${h.admin.userId}`, { token: h.admin.token });
  });

  it('a DIFF session acts no more once its user logged out everywhere, even before the news reaches it', async () => {
    const { h } = bed;
    const pia = await h.trader('pia_out', 'PIA1');
    const client = await bed.connect('/ws/diff');
    await bed.login(client, pia);
    const ended = client.closing();
    // Applied, not yet published (the state moves before the journal write ends).
    h.exchange.state.users.get(pia.userId)!.signOutVersion++;
    client.send({ aid: 'insert_order', user_id: 'pia_out', order_id: 'pia-late', exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 80000 });
    assert.equal((await ended).code, SIGNED_OUT_CLOSE_CODE);
    assert.equal(h.exchange.state.accounts.get('PIA1')!.liveOrders.size, 0, 'no order placed');
  });

  it('refuses a login whose password check a log out everywhere overtook (1002), instead of answering a token that outlives it', async () => {
    const { h } = bed;
    const rue = await h.user('rue_out');
    const verify = async (password: string, hash: string) => {
      const right = await verifyPassword(password, hash);
      await h.exchange.submit({ type: 'user.end-sessions', userId: rue.userId, byUserId: h.admin.userId });
      return right;
    };
    const racing = new AuthService(h.exchange, h.service.auth.tokens, new LoginLimiter(), undefined, verify);
    await assert.rejects(racing.login('rue_out', 'password1', '127.0.0.9'), (error: ApiError) => {
      assert.deepEqual([error.code, error.message], [1002, 'every session of this user was ended while the login was checked: log in again']);
      return true;
    });
    assert.equal((await login('rue_out', 'password1')).status, 200, 'a login after it goes through');
  });

  it('a DIFF login that waited across a log out everywhere is refused', async () => {
    const { h } = bed;
    const quinn = await h.user('quinn_out');
    const told: string[] = [];
    let started = false;
    const session = { notifyLocal: (_level: string, _code: number, text: string) => told.push(text), loggedIn: () => (started = true) } as unknown as DiffSession;
    const ctx = { exchange: h.exchange, sessionStarts: { take: async () => 0 } } as unknown as HandlerContext;
    await h.exchange.submit({ type: 'user.end-sessions', userId: quinn.userId, byUserId: quinn.userId });
    await startSession(ctx, session, { userId: quinn.userId, username: 'quinn_out', role: 'user', passwordVersion: 0, signOutVersion: 0 }, 'quinn_out');
    assert.equal(started, false);
    assert.deepEqual(told, ['login refused: quinn_out logged out everywhere meanwhile; log in again']);
  });
});
