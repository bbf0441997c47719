/**
 * Names every JavaScript object already has ("__proto__", "constructor", ...) are no
 * username and no account id (core version 19): DIFF clients such as tqsdk-js merge
 * trade.<username> into their objects with target[key] ||= {}, which under such a key
 * writes into Object.prototype. Nothing is recorded for the refused command.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResultCode } from '../../src/core/index.ts';
import { CoreHarness } from '../support/core-harness.ts';

describe('reserved names', () => {
  it('refuses them as usernames with 1001, in any letter case, and takes names that only contain them', () => {
    const x = new CoreHarness([]);
    for (const username of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const result = x.run({ type: 'user.register', userId: `u-${username}`, username, passwordHash: 'h', role: 'user' });
      assert.deepEqual([result.code, result.events], [ResultCode.ParameterError, []], username);
      assert.match(result.message, new RegExp(`username "${username}" is a name every JavaScript object already has`));
      assert.equal(x.state.users.has(`u-${username}`), false);
    }
    // Usernames log in in any letter case, and DIFF shows trade.<the name as typed>.
    for (const username of ['Constructor', '__PROTO__', 'hasownproperty']) {
      const result = x.run({ type: 'user.register', userId: `u-${username}`, username, passwordHash: 'h', role: 'user' });
      assert.equal(result.code, ResultCode.ParameterError, username);
      assert.match(result.message, /is, in some letter case, a name every JavaScript object already has/);
    }
    for (const username of ['__proto__x', 'my_toString']) {
      assert.equal(x.run({ type: 'user.register', userId: `u-${username}`, username, passwordHash: 'h', role: 'user' }).code, ResultCode.Success, username);
    }
  });

  it('refuses them as account ids with 1001', () => {
    const x = new CoreHarness([]);
    x.ensureAccount('A');
    for (const accountId of ['__proto__', 'constructor', 'isPrototypeOf']) {
      const result = x.run({ type: 'account.open', userId: 'u-A', accountId, initialBalance: 100 });
      assert.deepEqual([result.code, result.events], [ResultCode.ParameterError, []], accountId);
      assert.match(result.message, /account_id ".*" is a name every JavaScript object already has/);
      assert.equal(x.state.accounts.has(accountId), false);
    }
  });
});
