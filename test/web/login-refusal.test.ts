/**
 * The page's DIFF connection reads the server's refusal of a login it limits, and waits
 * as long as the server says before connecting again (it used to stay connected, not
 * logged in, with a green dot).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loginRefusedFor } from '../../web/src/diff/login-refusal.ts';

const notice = (content: string, level = 'ERROR', code = 1002) => ({ notify: { 'k-1': { type: 'MESSAGE', level, code, content } } });

describe("the page's DIFF connection and a refused login", () => {
  it('finds the wait in the refusal the server sends (message-handlers.ts startSession)', () => {
    assert.equal(loginRefusedFor([{ quotes: {} }, notice('login refused: carol_web logged in too often in a short time; try again in 3 s')]), 3);
  });

  it('ignores every other notice, and patches without one', () => {
    assert.equal(loginRefusedFor([notice('login succeeded: carol_web', 'INFO', 0)]), undefined);
    assert.equal(loginRefusedFor([notice("subscribe refused: turning channels on sends carol's whole trading view, as a login does, and that was asked too often; try again in 1 s", 'ERROR', 1001)]), undefined);
    assert.equal(loginRefusedFor([{ trade: { carol: { orders: {} } } }, { notify: null }]), undefined);
  });
});
