import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newPasswordProblem, PASSWORD_MAX, PASSWORD_MIN } from '../../web/src/password-rules.ts';

describe('the change-password form: what the server would refuse, said before sending', () => {
  it('asks for 6 to 128 characters, a password other than the current one, typed twice alike', () => {
    assert.equal(newPasswordProblem('old-secret', 'new-secret', 'new-secret'), undefined);
    assert.equal(newPasswordProblem('old-secret', 'x'.repeat(PASSWORD_MIN), 'x'.repeat(PASSWORD_MIN)), undefined);
    assert.equal(newPasswordProblem('old-secret', 'x'.repeat(PASSWORD_MAX), 'x'.repeat(PASSWORD_MAX)), undefined);
    assert.equal(newPasswordProblem('old-secret', 'short', 'short'), 'The new password needs at least 6 characters.');
    assert.equal(newPasswordProblem('old-secret', 'x'.repeat(PASSWORD_MAX + 1), 'x'.repeat(PASSWORD_MAX + 1)), 'The new password may have at most 128 characters.');
    assert.equal(newPasswordProblem('same-secret', 'same-secret', 'same-secret'), 'The new password is the current one.');
    assert.equal(newPasswordProblem('old-secret', 'new-secret', 'new-secreT'), 'The two new passwords differ.');
  });
});
