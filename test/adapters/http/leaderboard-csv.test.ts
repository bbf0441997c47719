import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leaderboardCsv } from '../../../src/adapters/http/leaderboard-csv.ts';
import type { LeaderboardEntry } from '../../../src/app/services/leaderboard.ts';

const row = (fields: Partial<LeaderboardEntry>): LeaderboardEntry => ({
  rank: 1,
  account_id: 'A1',
  user_id: 'u1',
  username: 'ann',
  balance: 1000,
  net_deposits: 1000,
  capital: 1000,
  profit: 0,
  return_ratio: 0,
  trades: 0,
  risk_level: 'normal',
  is_frozen: false,
  ...fields,
});

describe('the leaderboard as CSV', () => {
  it('writes money with two decimals and losses as numbers, a missing return as an empty cell, CRLF lines', () => {
    const text = leaderboardCsv([row({ profit: 12.5, balance: 1012.5, return_ratio: 0.0125, trades: 3 }), row({ rank: 2, account_id: 'B1', profit: -7, balance: 993, return_ratio: null, is_frozen: true, risk_level: 'warning' })]);
    assert.equal(
      text,
      'rank,username,account_id,user_id,profit,return_ratio,equity,net_deposits,capital,fills,risk_level,frozen\r\n' +
        '1,ann,A1,u1,12.50,0.0125,1012.50,1000.00,1000.00,3,normal,no\r\n' +
        '2,ann,B1,u1,-7.00,,993.00,1000.00,1000.00,0,warning,yes\r\n',
    );
  });

  it('keeps names and ids that begin like a formula as text, so opening the file runs nothing', () => {
    const [, line] = leaderboardCsv([row({ username: '-2+3', account_id: '@SUM', user_id: '=1' })]).split('\r\n');
    assert.equal(line, "1,'-2+3,'@SUM,'=1,0.00,0,1000.00,1000.00,1000.00,0,normal,no");
  });

  it('has only its header for an empty board', () => {
    assert.equal(leaderboardCsv([]), 'rank,username,account_id,user_id,profit,return_ratio,equity,net_deposits,capital,fills,risk_level,frozen\r\n');
  });
});
