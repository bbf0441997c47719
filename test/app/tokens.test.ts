import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { createSigner } from 'fast-jwt';
import { TokenService } from '../../src/app/auth/tokens.ts';

const SECRET = 'a-secret-of-enough-length-for-hs256-tokens';
const ALICE = { userId: 'u1', username: 'alice', role: 'user', passwordVersion: 0, signOutVersion: 0 } as const;

describe('login tokens', () => {
  afterEach(() => mock.timers.reset());

  it('a remembered token still expires on time', () => {
    const start = Date.UTC(2026, 10, 23, 9);
    mock.timers.enable({ apis: ['Date'], now: start });
    const tokens = new TokenService(SECRET, 60_000, () => Date.now());
    const token = tokens.issue(ALICE);
    assert.deepEqual(tokens.examine(token), ALICE);
    mock.timers.tick(30_000);
    assert.deepEqual(tokens.examine(token), ALICE, 'still valid, from memory');
    mock.timers.tick(31_000);
    assert.equal(tokens.examine(token), 'expired');
  });

  it('refusals are never remembered as valid; one of ours altered or signed with another key is forged, a vendor\'s is foreign', () => {
    const tokens = new TokenService(SECRET, 60_000);
    const token = tokens.issue(ALICE);
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    assert.equal(tokens.examine(tampered), 'forged');
    assert.equal(tokens.examine(tampered), 'forged');
    assert.equal(new TokenService(`${SECRET}-other`, 60_000).examine(token), 'forged', 'issued before the secret changed');
    const vendor = createSigner({ key: 'vendor-secret', algorithm: 'HS256' });
    assert.equal(tokens.examine(vendor({ sub: 'u1', preferred_username: 'alice', realm_access: { roles: ['user'] } })), 'foreign');
    assert.equal(tokens.examine(vendor({ sub: 'u1', username: 'alice', role: 'user' })), 'foreign', 'without our password version');
    assert.equal(tokens.examine('not a token'), 'malformed');
    assert.deepEqual(tokens.examine(token), ALICE);
  });

  it('remembers a bounded number of tokens and still verifies the forgotten ones', () => {
    const tokens = new TokenService(SECRET, 60_000);
    const issued = Array.from({ length: 10_050 }, (_, i) => tokens.issue({ userId: `u${i}`, username: `user${i}`, role: 'user' }));
    for (const token of issued) assert.equal(typeof tokens.examine(token), 'object');
    assert.deepEqual(tokens.examine(issued[0]!), { userId: 'u0', username: 'user0', role: 'user', passwordVersion: 0, signOutVersion: 0 });
  });

  it('carries the password and sign-out versions it was issued under (pwv, sov); a token without them is of versions 0, a malformed one is foreign', () => {
    const tokens = new TokenService(SECRET, 60_000);
    const versions = { passwordVersion: 3, signOutVersion: 2 };
    assert.deepEqual(tokens.examine(tokens.issue(ALICE, versions)), { ...ALICE, ...versions });
    const sign = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 60_000 });
    const claims = { sub: 'u1', username: 'alice', role: 'user' };
    assert.deepEqual(tokens.examine(sign(claims)), ALICE, 'tokens issued before versions existed');
    assert.deepEqual(tokens.examine(sign({ ...claims, pwv: 1 })), { ...ALICE, passwordVersion: 1 }, 'tokens issued before sign-out versions existed');
    for (const bad of [-1, 1.5, '2', null]) {
      assert.equal(tokens.examine(sign({ ...claims, pwv: bad })), 'foreign', `pwv ${JSON.stringify(bad)}`);
      assert.equal(tokens.examine(sign({ ...claims, pwv: 0, sov: bad })), 'foreign', `sov ${JSON.stringify(bad)}`);
    }
  });
});
