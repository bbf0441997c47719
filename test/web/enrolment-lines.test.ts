/** The class list the console's enrolment form reads, and the CSV it gives back. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enrolmentCsv, parseEnrolment } from '../../web/src/enrolment-lines.ts';

describe('the enrolment form', () => {
  it('reads one user a line, with an optional password and balance, commas or tabs, blank lines skipped', () => {
    const parsed = parseEnrolment('ann\n\nben,secret-ben\ncyd\t\t250000\n  dee , , 0 \n', 1_000_000);
    assert.deepEqual(parsed.lines, [
      { username: 'ann', initial_balance: 1_000_000 },
      { username: 'ben', password: 'secret-ben', initial_balance: 1_000_000 },
      { username: 'cyd', initial_balance: 250_000 },
      { username: 'dee', initial_balance: 0 },
    ]);
  });

  it('names the line that is wrong', () => {
    assert.equal(parseEnrolment('ann\nben,secret-pw,lots', 1).error, 'line 2: the initial balance "lots" is not a number of 0 or more');
    assert.equal(parseEnrolment('ann\n,pw', 1).error, 'line 2: no username');
    assert.equal(parseEnrolment('a,b,1,extra', 1).error, 'line 1: at most three fields (username, password, initial balance)');
    assert.equal(parseEnrolment('ann,,-5', 1).error, 'line 1: the initial balance "-5" is not a number of 0 or more');
    assert.match(parseEnrolment(' \n', 1).error!, /^no users/);
    assert.equal(parseEnrolment('ann\nb c', 1).error, 'line 2: the username "b c" must be 3 to 32 letters, digits or _ . @ -');
    assert.equal(parseEnrolment('ann,12345', 1).error, 'line 1: a password has 6 to 128 characters');
    assert.equal(parseEnrolment('ann\nben\nANN', 1).error, 'line 3: ANN repeats line 1');
    assert.equal(parseEnrolment('ann,,2e12', 1).error, 'line 1: an initial balance is at most 1000000000000');
    // The account would refuse it (cents only): caught before the list is sent.
    assert.equal(parseEnrolment('ann,,100.005', 1).error, 'line 1: the initial balance "100.005" has more than two decimals');
    assert.deepEqual(parseEnrolment('ann,,100.05', 1).lines, [{ username: 'ann', initial_balance: 100.05 }]);
  });

  it('gives the results back as CSV, quoting what needs it', () => {
    const csv = enrolmentCsv([
      { username: 'ann', password: 'Xy-12', account_id: 'A1', error: null },
      { username: 'ben', password: null, account_id: null, error: { message: 'username "ben" is taken, "really"' } },
    ]);
    assert.equal(csv, 'username,password,account_id,result\nann,Xy-12,A1,enrolled\nben,,,"username ""ben"" is taken, ""really"""\n');
    const formula = enrolmentCsv([{ username: '-dash', password: '=1+1', account_id: '@A', error: null }]);
    assert.equal(formula.split('\n')[1], "'-dash,'=1+1,'@A,enrolled", 'cells a spreadsheet would run are kept text');
  });
});
