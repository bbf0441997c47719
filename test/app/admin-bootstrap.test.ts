/**
 * The admin ensured at start (DECISIONS.md: ADMIN_USERNAME / ADMIN_PASSWORD): created when
 * missing; an existing admin keeps its password, with a warning when the configured one
 * differs; a non-admin holding the name stops the start rather than leave no admin.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureAdmin } from '../../src/app/auth/admin-bootstrap.ts';
import { AuthService } from '../../src/app/auth/auth-service.ts';
import { LoginLimiter } from '../../src/app/auth/login-limiter.ts';
import { TokenService } from '../../src/app/auth/tokens.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { Service } from '../../src/app/service.ts';
import { loadConfig } from '../../src/config/index.ts';
import { createCoreState, ResultCode } from '../../src/core/index.ts';
import { ApiError } from '../../src/protocol/index.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('admin bootstrap', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-admin-'));
  let exchange: Exchange;
  let auth: AuthService;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  before(async () => {
    exchange = await Exchange.start(loadConfig({ DATA_DIR: dataDir }, root), new ManualClock(Date.now()), () => undefined);
    auth = new AuthService(exchange, new TokenService('s'.repeat(32), 3_600_000), new LoginLimiter());
  });
  after(async () => {
    await exchange.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the configured admin, then keeps its password when another is configured, with a warning', async () => {
    await ensureAdmin(auth, exchange.state, { username: 'chief', password: 'first-password' }, log);
    assert.equal(exchange.state.usersByName.get('chief')?.role, 'admin');
    await ensureAdmin(auth, exchange.state, { username: 'chief', password: 'first-password' }, log);
    assert.ok(!lines.some((l) => l.includes('WARNING')), 'the same password: nothing to say');
    await ensureAdmin(auth, exchange.state, { username: 'chief', password: 'second-password' }, log);
    assert.ok(lines.some((l) => /WARNING: ADMIN_PASSWORD is not the password of the admin "chief"/.test(l)), lines.join('\n'));
    assert.ok(!lines.some((l) => l.includes('second-password')), 'no password in the log');
    assert.equal((await auth.login('chief', 'first-password', '127.0.0.1')).role, 'admin');
  });

  it('sets the configured password when ADMIN_PASSWORD_RESET asks: the admin who lost it logs in again, its old tokens end', async () => {
    await ensureAdmin(auth, exchange.state, { username: 'keeper', password: 'forgotten-password' }, log);
    const before = await auth.login('keeper', 'forgotten-password', '127.0.0.1');
    lines.length = 0;
    await ensureAdmin(auth, exchange.state, { username: 'keeper', password: 'recovered-password', reset: true }, log);
    assert.match(lines.join('\n'), /the password of the admin "keeper" was set to ADMIN_PASSWORD \(ADMIN_PASSWORD_RESET\).*Unset ADMIN_PASSWORD_RESET now/);
    assert.ok(!lines.some((l) => l.includes('recovered-password')), 'no password in the log');
    assert.equal((await auth.login('keeper', 'recovered-password', '127.0.0.2')).role, 'admin');
    assert.equal(auth.examine(before.token), 'revoked');
    assert.equal(exchange.state.usersByName.get('keeper')!.passwordChangedBy, '', 'set by the exchange itself');
    // Left set, a start with the same password changes nothing.
    const version = exchange.state.usersByName.get('keeper')!.passwordVersion;
    await ensureAdmin(auth, exchange.state, { username: 'keeper', password: 'recovered-password', reset: true }, log);
    assert.equal(exchange.state.usersByName.get('keeper')!.passwordVersion, version);
    await assert.rejects(ensureAdmin(auth, exchange.state, { username: 'keeper', password: 'short', reset: true }, log), /at least 6 characters/);
  });

  it('creates no admin with a password shorter than registration takes', async () => {
    await assert.rejects(ensureAdmin(auth, exchange.state, { username: 'shorty', password: '12345' }, log), /at least 6 characters/);
    assert.equal(exchange.state.usersByName.get('shorty'), undefined);
  });

  it('refuses to start when the configured name belongs to a user without the admin role', async () => {
    await auth.register('squatter', 'password1');
    await assert.rejects(ensureAdmin(auth, exchange.state, { username: 'squatter', password: 'password1' }, log), /ADMIN_USERNAME "squatter" is a user without the admin role/);
  });
});

describe('the random admin of a first start', () => {
  it('takes a suffixed name when "admin" is registered by someone else while it is created (the ports are open)', async () => {
    const names: string[] = [];
    // A registration that loses the race for "admin" (the check saw the name free).
    const racing = {
      register: async (username: string) => {
        names.push(username);
        if (username === 'admin') throw new ApiError(ResultCode.AccountExists, 'username admin is already taken');
        return { userId: 'u', username, createdTs: 0 };
      },
    } as unknown as AuthService;
    const lines: string[] = [];
    await ensureAdmin(racing, createCoreState(), {}, (line) => lines.push(line));
    assert.equal(names[0], 'admin');
    assert.match(names[1] ?? '', /^admin-[0-9a-f]{6}$/);
    assert.match(lines.join('\n'), new RegExp(`created user "${names[1]}" with password`));
  });

  it('is created only once the ports are bound: a start that fails on a busy port leaves no admin behind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-admin-'));
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const lines: string[] = [];
    try {
      const config = loadConfig({ DATA_DIR: dataDir, HTTP_PORT: String(port) }, root);
      const options = { httpLogger: false, listen: true, websocket: false } as const;
      await assert.rejects(Service.start(config, new ManualClock(Date.now()), (line) => lines.push(line), options), /the HTTP server cannot listen on 127\.0\.0\.1:\d+: the port is in use .*\(check server\.http_host and server\.http_port or HTTP_PORT\)/);
      assert.ok(!lines.some((l) => l.includes('password')), `no password printed by the failed start:\n${lines.join('\n')}`);
      // Told before the exchange recovers, not after a replay of its journal.
      assert.ok(!lines.some((l) => l.startsWith('storage: recovered')), `the port is checked before recovery:\n${lines.join('\n')}`);
      const reopened = await Exchange.start(config, new ManualClock(Date.now()), () => undefined);
      const admins = [...reopened.state.users.values()].filter((u) => u.role === 'admin');
      await reopened.stop();
      assert.deepEqual(admins, [], 'the next start creates the admin and prints its password');
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
