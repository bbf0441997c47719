/**
 * The console toasts no refusal of its own token: the session logs out and the login page
 * says why. It tells them by the words the server ends them with, so this checks the
 * server's own texts, over HTTP and DIFF.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TOKEN_REFUSED } from '../../src/adapters/http/access-hook.ts';
import { TOKEN_REFUSALS } from '../../src/adapters/ws/message-handlers.ts';
import { endsTheSession } from '../../web/src/session-end.ts';

describe('the console and a refused token', () => {
  it('knows every refusal of the token, as the access hook and the DIFF login write them', () => {
    for (const why of Object.values(TOKEN_REFUSED)) assert.ok(endsTheSession(1002, `${why}: log in again`), why);
    for (const why of Object.values(TOKEN_REFUSALS)) assert.ok(endsTheSession(1002, `the access token ${why}: log in again`), why);
  });

  it('still shows a wrong password typed into a form, and every other error', () => {
    assert.equal(endsTheSession(1002, 'wrong username or password'), false);
    assert.equal(endsTheSession(1002, 'the bank password is wrong'), false);
    assert.equal(endsTheSession(1003, 'this route needs the admin role: log in again'), false);
  });
});
