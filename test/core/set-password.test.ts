/**
 * user.set-password: a journaled change of a user's password hash. The user's password
 * version rises with each change (login tokens carry it), when and by whom are kept, a change asked with the current
 * password applies only if no other came first, and the version survives a snapshot.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stateHash } from '../../src/app/state-hash.ts';
import { ResultCode, restoreState, serializeState } from '../../src/core/index.ts';
import { CoreHarness, eventsOfType } from '../support/core-harness.ts';

function harness(): CoreHarness {
  const x = new CoreHarness([]);
  x.ensureAccount('A');
  return x;
}

describe('user.set-password', () => {
  it('replaces the hash and raises the password version by one each time', () => {
    const x = harness();
    const user = x.state.users.get('u-A')!;
    assert.equal(user.passwordVersion, 0);
    const first = x.run({ type: 'user.set-password', userId: 'u-A', passwordHash: 'h1', byUserId: 'u-A' });
    assert.equal(first.code, ResultCode.Success);
    assert.deepEqual(eventsOfType(first, 'user.password-set'), [{ type: 'user.password-set', userId: 'u-A', passwordVersion: 1, byUserId: 'u-A' }]);
    assert.deepEqual([user.passwordHash, user.passwordVersion, user.passwordChangedTs, user.passwordChangedBy], ['h1', 1, x.ts, 'u-A']);
    x.run({ type: 'user.set-password', userId: 'u-A', passwordHash: 'h2', byUserId: 'admin-1' });
    assert.deepEqual([user.passwordHash, user.passwordVersion, user.passwordChangedTs, user.passwordChangedBy], ['h2', 2, x.ts, 'admin-1']);
  });

  it('applies a change made against a version only while that version is in force', () => {
    const x = harness();
    const user = x.state.users.get('u-A')!;
    assert.equal(x.run({ type: 'user.set-password', userId: 'u-A', passwordHash: 'h1', byUserId: 'u-A', ifVersion: 0 }).code, ResultCode.Success);
    // A second change checked against the password of version 0 came too late: refused, nothing changes.
    const late = x.run({ type: 'user.set-password', userId: 'u-A', passwordHash: 'stale', byUserId: 'u-A', ifVersion: 0 });
    assert.equal(late.code, ResultCode.AuthenticationFailed);
    assert.match(late.message, /changed while the current one was checked/);
    assert.deepEqual(late.events, []);
    assert.deepEqual([user.passwordHash, user.passwordVersion], ['h1', 1]);
  });

  it('refuses an unknown user with 1004', () => {
    const x = harness();
    const result = x.run({ type: 'user.set-password', userId: 'nobody', passwordHash: 'h', byUserId: '' });
    assert.equal(result.code, ResultCode.ResourceNotFound);
    assert.deepEqual(result.events, []);
  });

  it('keeps the version through a snapshot, and leaves the serialisation of unchanged users as before (their hashes stay)', () => {
    const x = harness();
    x.ensureAccount('B');
    x.run({ type: 'user.set-password', userId: 'u-A', passwordHash: 'h1', byUserId: 'u-A' });
    const saved = serializeState(x.state);
    assert.deepEqual(
      saved.users.map((u) => [u.userId, 'passwordVersion' in u]),
      [
        ['u-A', true],
        ['u-B', false],
      ],
    );
    const restored = restoreState(JSON.parse(JSON.stringify(saved)));
    assert.equal(restored.users.get('u-A')!.passwordVersion, 1);
    assert.equal(restored.users.get('u-A')!.passwordHash, 'h1');
    assert.deepEqual([restored.users.get('u-A')!.passwordChangedTs, restored.users.get('u-A')!.passwordChangedBy], [x.state.users.get('u-A')!.passwordChangedTs, 'u-A']);
    assert.equal(restored.users.get('u-B')!.passwordVersion, 0);
    assert.equal(stateHash(restored), stateHash(x.state));
  });
});
