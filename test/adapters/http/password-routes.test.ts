/**
 * Changing passwords: POST /api/auth/password (a user its own, with the current one) and
 * POST /api/management/users/{user_id}/password (an operator's reset, given or generated).
 * Either way the user's earlier tokens are refused and its DIFF sessions end; other users
 * are untouched.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PASSWORD_CHANGED_CLOSE_CODE } from '../../../src/adapters/ws/diff-limits.ts';
import type { DiffSession } from '../../../src/adapters/ws/diff-session.ts';
import { type HandlerContext, startSession } from '../../../src/adapters/ws/message-handlers.ts';
import { AuthService } from '../../../src/app/auth/auth-service.ts';
import { LoginLimiter } from '../../../src/app/auth/login-limiter.ts';
import { hashPassword, verifyPassword } from '../../../src/app/auth/passwords.ts';
import type { ApiError } from '../../../src/protocol/index.ts';
import { diffTestbed } from '../../support/diff-testbed.ts';
import { needsToken, refused } from '../../support/route-checks.ts';

describe('password changes', () => {
  const bed = diffTestbed();
  const login = (username: string, password: string) => bed.h.call('POST', '/api/auth/login', { body: { username, password } });

  it('lets a user change its own password: earlier tokens are refused, the answer carries a working one, and its DIFF sessions end', async () => {
    const { h } = bed;
    const carol = await h.trader('carol', 'CAROL1');
    const otherTab = (await h.ok('POST', '/api/auth/login', { body: { username: 'carol', password: 'password1' } })).token;
    const byPassword = await bed.connect('/ws/diff');
    await bed.login(byPassword, carol);
    const byToken = await bed.connect(`/ws/diff?access_token=${encodeURIComponent(carol.token)}`);
    await byToken.until((m) => m.trade?.carol?.trade_more_data === false, 5000, 'token login');
    const bobs = await bed.connect('/ws/diff');
    await bed.login(bobs, bed.bob);
    const ended = [byPassword.closing(), byToken.closing()];

    const changed = await h.ok('POST', '/api/auth/password', { token: carol.token, body: { password: 'password1', new_password: 'carol-new-secret' } });
    assert.deepEqual(Object.keys(changed).sort(), ['expires_in', 'role', 'token', 'user_id', 'username']);
    assert.deepEqual([changed.user_id, changed.username, changed.role], [carol.userId, 'carol', 'user']);

    for (const old of [carol.token, otherTab]) {
      const message = await refused(h, 'GET', `/api/auth/user/${carol.userId}`, { token: old }, 1002, 401);
      assert.equal(message, 'the password was changed after this token was issued: log in again');
    }
    assert.equal((await h.ok('GET', `/api/account/CAROL1`, { token: changed.token })).account_id, 'CAROL1');
    const record = await h.ok('GET', `/api/auth/user/${carol.userId}`, { token: changed.token });
    assert.equal(record.password_changed_by, 'carol');
    assert.ok(Math.abs(Date.parse(record.password_changed_at) - Date.now()) < 60_000, record.password_changed_at);
    for (const end of await Promise.all(ended)) assert.deepEqual(end, { code: PASSWORD_CHANGED_CLOSE_CODE, reason: 'the password was changed: log in again' });
    await bobs.answersPing();

    assert.equal((await login('carol', 'password1')).body.error?.code, 1002);
    assert.equal((await login('carol', 'carol-new-secret')).status, 200);
    // A DIFF connection with a token of the old password is told why it is not logged in.
    const stale = await bed.connect(`/ws/diff?access_token=${encodeURIComponent(carol.token)}`);
    await stale.until((m) => Object.values(m.notify ?? {}).some((n: any) => /issued before the password changed/.test(n.content)), 5000, 'refusal notify');
    assert.equal(stale.mirror.trade?.carol, undefined);
    const fresh = await bed.connect(`/ws/diff?access_token=${encodeURIComponent(changed.token)}`);
    await fresh.until((m) => m.trade?.carol?.trade_more_data === false, 5000, 'login with the new token');
  });

  it('refuses a wrong current password (1002, nothing changes), the same password again, a short one, and a missing token', async () => {
    const { h } = bed;
    const dan = await h.user('dan_pw');
    const wrong = await refused(h, 'POST', '/api/auth/password', { token: dan.token, body: { password: 'not-it', new_password: 'dan-new-secret' } }, 1002, 401);
    assert.equal(wrong, 'password is not the current password');
    await refused(h, 'POST', '/api/auth/password', { token: dan.token, body: { password: 'password1', new_password: 'password1' } }, 1001, 400);
    await refused(h, 'POST', '/api/auth/password', { token: dan.token, body: { password: 'password1', new_password: 'short' } }, 1001, 400);
    await refused(h, 'POST', '/api/auth/password', { token: dan.token, body: { password: 'password1' } }, 1001, 400);
    await needsToken(h, 'POST', '/api/auth/password', { password: 'password1', new_password: 'dan-new-secret' });
    // Nothing changed: the old password and token still work.
    assert.equal((await login('dan_pw', 'password1')).status, 200);
    await h.ok('GET', `/api/auth/user/${dan.userId}`, { token: dan.token });
  });

  it('limits wrong current passwords as it limits logins (429 after five)', async () => {
    const { h } = bed;
    const erin = await h.user('erin_pw');
    for (let i = 0; i < 5; i++) await refused(h, 'POST', '/api/auth/password', { token: erin.token, body: { password: `guess-${i}`, new_password: 'erin-new-secret' } }, 1002, 401);
    const limited = await h.call('POST', '/api/auth/password', { token: erin.token, body: { password: 'password1', new_password: 'erin-new-secret' } });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error?.code, 1002);
    assert.equal(h.exchange.state.users.get(erin.userId)!.passwordVersion, 0, 'the right password was not taken while limited');
    // Logins of the name from that address are held too: the guesses were at its password.
    assert.equal((await login('erin_pw', 'password1')).status, 429);
  });

  it("lets an operator reset a user's password, generated (shown once) or given; the user's tokens and sessions end", async () => {
    const { h } = bed;
    const fay = await h.trader('fay_pw', 'FAY1');
    const session = await bed.connect('/ws/diff');
    await bed.login(session, fay);
    const ended = session.closing();
    const generated = await h.asAdmin('POST', `/api/management/users/${fay.userId}/password`, {});
    assert.deepEqual([generated.user_id, generated.username], [fay.userId, 'fay_pw']);
    assert.match(generated.password, /^[A-Za-z0-9]{12}$/);
    assert.equal((await ended).code, PASSWORD_CHANGED_CLOSE_CODE);
    await refused(h, 'GET', `/api/auth/user/${fay.userId}`, { token: fay.token }, 1002, 401);
    assert.equal((await login('fay_pw', 'password1')).status, 401);
    const relogged = await login('fay_pw', generated.password);
    assert.equal(relogged.status, 200);
    // The user is told an operator did it, not which: an operator's name is one to guess passwords for.
    assert.equal((await h.ok('GET', `/api/auth/user/${fay.userId}`, { token: relogged.body.data.token })).password_changed_by, 'an operator');

    // The operator's console shows who reset it, and when.
    const detail = await h.asAdmin('GET', `/api/management/account/${fay.userId}/detail`);
    assert.equal(detail.user.password_changed_by, 'admin');
    assert.match(detail.user.password_changed_at, /^\d{4}-\d{2}-\d{2}T/);
    const given = await h.asAdmin('POST', `/api/management/users/${fay.userId}/password`, { password: 'chosen-by-operator' });
    assert.equal(given.password, null, 'a password the operator chose is not echoed');
    assert.equal((await login('fay_pw', generated.password)).status, 401);
    assert.equal((await login('fay_pw', 'chosen-by-operator')).status, 200);
  });

  it('refuses a reset of an unknown user (1004), a bad password (1001), and callers who are not admins (1003)', async () => {
    const { h } = bed;
    const gus = await h.user('gus_pw');
    await refused(h, 'POST', '/api/management/users/no-such-user/password', { token: h.admin.token, body: {} }, 1004, 404);
    await refused(h, 'POST', `/api/management/users/${gus.userId}/password`, { token: h.admin.token, body: { password: 'short' } }, 1001, 400);
    await refused(h, 'POST', `/api/management/users/${gus.userId}/password`, { token: h.admin.token, body: { password: 12345678 } }, 1001, 400);
    await refused(h, 'POST', `/api/management/users/${gus.userId}/password`, { token: gus.token, body: {} }, 1003, 403);
    assert.equal((await login('gus_pw', 'password1')).status, 200, 'nothing changed');
    const record = await h.ok('GET', `/api/auth/user/${gus.userId}`, { token: gus.token });
    assert.deepEqual([record.password_changed_at, record.password_changed_by], [null, null]);
  });

  it("refuses to reset an admin's password (1003): admins change their own", async () => {
    const { h } = bed;
    const message = await refused(h, 'POST', `/api/management/users/${h.admin.userId}/password`, { token: h.admin.token, body: {} }, 1003, 403);
    assert.match(message, /is an admin: admins change their own password \(POST \/api\/auth\/password\)/);
    await h.ok('GET', `/api/auth/user/${h.admin.userId}`, { token: h.admin.token });
  });

  it('refuses a login whose password was replaced while it was checked (1002), instead of answering a token that cannot work', async () => {
    const { h } = bed;
    const ivy = await h.user('ivy_pw');
    // The check of the old password, with a reset applied before it answers.
    const verify = async (password: string, hash: string) => {
      const right = await verifyPassword(password, hash);
      await h.exchange.submit({ type: 'user.set-password', userId: ivy.userId, passwordHash: await hashPassword('ivy-reset-secret'), byUserId: h.admin.userId });
      return right;
    };
    const racing = new AuthService(h.exchange, h.service.auth.tokens, new LoginLimiter(), undefined, verify);
    await assert.rejects(racing.login('ivy_pw', 'password1', '127.0.0.9'), (error: ApiError) => {
      assert.equal(error.code, 1002);
      assert.equal(error.message, 'the password was changed while it was checked: log in with the new one');
      return true;
    });
    assert.equal((await login('ivy_pw', 'ivy-reset-secret')).status, 200);
  });

  it('a DIFF session of a replaced password acts no more, even before the change reaches it: its next message closes it', async () => {
    const { h } = bed;
    const jay = await h.trader('jay_pw', 'JAY1');
    const client = await bed.connect('/ws/diff');
    await bed.login(client, jay);
    const ended = client.closing();
    // Applied, not yet published (the state moves before the journal write ends).
    h.exchange.state.users.get(jay.userId)!.passwordVersion++;
    client.send({ aid: 'insert_order', user_id: 'jay_pw', order_id: 'jay-late', exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 80000 });
    assert.equal((await ended).code, PASSWORD_CHANGED_CLOSE_CODE);
    assert.equal(h.exchange.state.accounts.get('JAY1')!.liveOrders.size, 0, 'no order placed');
  });

  it('a DIFF login that waited across a change of the password it checked is refused', async () => {
    const { h } = bed;
    const kim = await h.user('kim_pw');
    const told: string[] = [];
    let started = false;
    const session = { notifyLocal: (_level: string, _code: number, text: string) => told.push(text), loggedIn: () => (started = true) } as unknown as DiffSession;
    const ctx = { exchange: h.exchange, sessionStarts: { take: async () => 0 } } as unknown as HandlerContext;
    // The login checked version 0; the password has been set since.
    await h.exchange.submit({ type: 'user.set-password', userId: kim.userId, passwordHash: await hashPassword('kim-new-secret'), byUserId: kim.userId });
    await startSession(ctx, session, { userId: kim.userId, username: 'kim_pw', role: 'user', passwordVersion: 0, signOutVersion: 0 }, 'kim_pw');
    assert.equal(started, false);
    assert.deepEqual(told, ["login refused: kim_pw's password was changed meanwhile; log in again"]);
  });

  it('never leaves a token of a replaced password usable, whichever of a login and a reset finishes first', async () => {
    const { h } = bed;
    const hal = await h.user('hal_pw');
    const [signedIn, reset] = await Promise.all([login('hal_pw', 'password1'), h.asAdmin('POST', `/api/management/users/${hal.userId}/password`, { password: 'hal-reset-secret' })]);
    assert.equal(reset.password, null);
    if (signedIn.status === 200) {
      // The login checked the old password: its token belongs to it, and is refused with it.
      await refused(h, 'GET', `/api/auth/user/${hal.userId}`, { token: signedIn.body.data.token }, 1002, 401);
    }
    assert.equal((await login('hal_pw', 'hal-reset-secret')).status, 200);
  });
});
