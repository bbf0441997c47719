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
import { HttpHarness } from '../support/http-harness.ts';

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

describe('password work per address, as the operator sets it (auth.password_checks_per_second, auth.password_check_burst)', () => {
  it('an address is allowed what exchange.toml says, and refused beyond it with 429', async () => {
    const toml = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'basis-pwwork-cfg-')) }, root);
    assert.deepEqual([toml.auth.passwordChecksPerSecond, toml.auth.passwordCheckBurst], [3, 120], 'the shipped exchange.toml keeps the defaults');
    // Five registrations at once from one address: all pass by default (3 a second, then the burst)...
    const refusedOf = async (h: HttpHarness, prefix: string) => {
      const replies = await Promise.all(Array.from({ length: 5 }, (_, n) => h.call('POST', '/api/auth/register', { body: { username: `${prefix}_${n}`, password: 'password1' } })));
      return replies.filter((r) => r.status === 429 && r.body.error?.code === ResultCode.PermissionDenied).length;
    };
    const shipped = await HttpHarness.start();
    try {
      assert.equal(await refusedOf(shipped, 'pupil'), 0);
    } finally {
      await shipped.stop();
    }
    // ...and at most 2 of them with 2 a second and no burst (the harness's own admin login may have taken one).
    const strict = await HttpHarness.start({ adjust: (config) => ({ ...config, auth: { ...config.auth, passwordChecksPerSecond: 2, passwordCheckBurst: 0 } }) });
    try {
      assert.ok((await refusedOf(strict, 'pupil')) >= 3);
    } finally {
      await strict.stop();
    }
  });
});
