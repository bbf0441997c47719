/**
 * Password hashing per client address: registrations and password checks from one
 * address beyond its share are refused with 429 before any hashing, whatever the
 * usernames; other addresses and the exchange's own admin registration are not affected.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AuthService } from '../../src/app/auth/auth-service.ts';
import { LoginLimiter } from '../../src/app/auth/login-limiter.ts';
import { PasswordWorkLimiter } from '../../src/app/auth/password-work-limiter.ts';
import { TokenService } from '../../src/app/auth/tokens.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { loadConfig } from '../../src/config/index.ts';
import { ResultCode } from '../../src/core/index.ts';
import { ApiError, TOO_MANY_REQUESTS } from '../../src/protocol/index.ts';

const root = path.resolve(import.meta.dirname, '../..');

const refusedForWork = (code: ResultCode) => (error: unknown) =>
  error instanceof ApiError && error.code === code && error.httpStatus === TOO_MANY_REQUESTS && /too many password checks/.test(error.message);

describe('password work per address', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-pwwork-'));
  let exchange: Exchange;
  let auth: AuthService;
  before(async () => {
    exchange = await Exchange.start(loadConfig({ DATA_DIR: dataDir }, root), new ManualClock(Date.now()), () => undefined);
    auth = new AuthService(exchange, new TokenService('s'.repeat(32), 3_600_000), new LoginLimiter(), new PasswordWorkLimiter(1, 2) /* 1 a second, and a burst of 2 a minute */);
  });
  after(async () => {
    await exchange.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shares out an address\'s registrations and logins, under any usernames', async () => {
    await auth.register('first', 'password1', 'user', '10.0.0.1');
    await auth.register('second', 'password1', 'user', '10.0.0.1');
    await auth.login('first', 'password1', '10.0.0.1');
    // Each refusal comes before any hashing: a new name is refused like a known one.
    await assert.rejects(auth.register('third', 'password1', 'user', '10.0.0.1'), refusedForWork(ResultCode.PermissionDenied));
    await assert.rejects(auth.login('someone-new', 'wrong', '10.0.0.1'), refusedForWork(ResultCode.AuthenticationFailed));
    assert.equal(exchange.state.usersByName.get('third'), undefined);
    const user = exchange.state.usersByName.get('first')!;
    assert.ok((await auth.checkPassword(user.userId, 'password1', '10.0.0.1')).retryAfter > 0, 'bank-transfer checks share it');
    // Another address, and the exchange's own registration of an admin, go on.
    await auth.login('first', 'password1', '10.0.0.2');
    await auth.register('chief', 'password1', 'admin');
    // The steady share comes back each second (the burst's only each minute).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await auth.login('first', 'password1', '10.0.0.1');
    await assert.rejects(auth.login('first', 'password1', '10.0.0.1'), refusedForWork(ResultCode.AuthenticationFailed));
  });
});
