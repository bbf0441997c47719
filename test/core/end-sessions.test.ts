/**
 * user.end-sessions: a user's "log out everywhere". Its sign-out version rises by one each
 * time (login tokens carry it), the password stays, and the version survives a snapshot.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stateHash } from '../../src/app/state-hash.ts';
import { ResultCode, restoreState, serializeState } from '../../src/core/index.ts';
import { CoreHarness, eventsOfType } from '../support/core-harness.ts';

describe('user.end-sessions', () => {
  it('raises the sign-out version by one each time and leaves the password as it was', () => {
    const x = new CoreHarness([]);
    x.ensureAccount('A');
    const user = x.state.users.get('u-A')!;
    const hash = user.passwordHash;
    const first = x.run({ type: 'user.end-sessions', userId: 'u-A', byUserId: 'u-A' });
    assert.equal(first.code, ResultCode.Success);
    assert.deepEqual(eventsOfType(first, 'user.sessions-ended'), [{ type: 'user.sessions-ended', userId: 'u-A', signOutVersion: 1, byUserId: 'u-A' }]);
    x.run({ type: 'user.end-sessions', userId: 'u-A', byUserId: 'admin-1' });
    assert.deepEqual([user.signOutVersion, user.passwordVersion, user.passwordHash], [2, 0, hash]);
  });

  it('refuses an unknown user with 1004', () => {
    const x = new CoreHarness([]);
    const result = x.run({ type: 'user.end-sessions', userId: 'nobody', byUserId: '' });
    assert.equal(result.code, ResultCode.ResourceNotFound);
    assert.deepEqual(result.events, []);
  });

  it('keeps the version through a snapshot, and leaves the serialisation of other users as before', () => {
    const x = new CoreHarness([]);
    x.ensureAccount('A');
    x.ensureAccount('B');
    x.run({ type: 'user.end-sessions', userId: 'u-A', byUserId: 'u-A' });
    const saved = serializeState(x.state);
    assert.deepEqual(
      saved.users.map((u) => [u.userId, 'signOutVersion' in u]),
      [
        ['u-A', true],
        ['u-B', false],
      ],
    );
    const restored = restoreState(JSON.parse(JSON.stringify(saved)));
    assert.equal(restored.users.get('u-A')!.signOutVersion, 1);
    assert.equal(restored.users.get('u-B')!.signOutVersion, 0);
    assert.equal(stateHash(restored), stateHash(x.state));
  });
});
