/**
 * Settlements in the history: each account's line of each day leaves the heap for the
 * archive (a line per account per day would otherwise stay in memory for good), and is
 * read back alike by account and by day, through checkpoints and the plain-data form.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { MemoryChunkStore } from '../../src/app/history/record-archive.ts';
import { accountDays, statementOf } from '../../src/app/services/statements.ts';
import type { AccountSettlement, SettlementCompleted } from '../../src/core/index.ts';

const ACCOUNTS = ['A', 'B', 'C', 'D'];

function line(accountId: string, day: number): AccountSettlement {
  const balance = 1_000_000 + day * 1_000 + ACCOUNTS.indexOf(accountId);
  return {
    accountId, userId: `u-${accountId}`, preBalance: balance - 1_000, deposit: 0, withdraw: 0, closeProfit: 500, positionProfit: 600, commission: 100,
    balance, margin: 10_000, available: balance - 10_000, riskRatio: 0.01, forceClosed: false, ...(day % 3 === 2 && accountId === 'B' && { forceCloseFailed: true }),
    positions: [], closedAtDelisting: [],
  } as AccountSettlement;
}

function settlement(day: number, accounts: readonly string[]): SettlementCompleted {
  const date = new Date(Date.UTC(2026, 0, 5 + day)).toISOString().slice(0, 10);
  const next = new Date(Date.UTC(2026, 0, 6 + day)).toISOString().slice(0, 10);
  return {
    type: 'settlement.completed', settlementDate: date, nextTradingDay: next, totalAccounts: accounts.length, settledAccounts: accounts.length,
    failedAccounts: 0, forceClosedAccounts: [], totalCommission: 100 * accounts.length, totalProfit: 0, instruments: [],
    accounts: [...accounts].sort().map((id) => line(id, day)),
  };
}

const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('settle' as const), joins: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('checkpoint' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('plain' as const) }) },
);

describe('settlements in the history', () => {
  it("keeps every account's line of every day, archived, read back by account and by day, after checkpoints", async () => {
    let archived = false;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), fc.integer({ min: 0, max: 3 }), async (steps, keepInHeap) => {
        const options = { keepInHeap, archiveStore: new MemoryChunkStore(), archiveChunkBytes: 900 };
        let history = new HistoryProjection(options);
        const settled: SettlementCompleted[] = [];
        let members = ACCOUNTS.slice(0, 2);
        let ts = 1_700_000_000_000;
        for (const s of steps) {
          if (s.kind === 'settle') {
            // An account opened during the day is settled from then on.
            if (s.joins && members.length < ACCOUNTS.length) members = ACCOUNTS.slice(0, members.length + 1);
            const event = settlement(settled.length, members);
            settled.push(event);
            history.applyEvents((ts += 86_400_000), [event]);
          } else if (s.kind === 'checkpoint') {
            await history.flush();
            history = HistoryProjection.fromCheckpoint(history.checkpoint()!, options);
          } else {
            history = HistoryProjection.fromJSON(JSON.parse(JSON.stringify(history.toJSON())), options);
          }
        }
        archived ||= history.archived.records > 0;
        const records = history.settlementHistory();
        assert.deepEqual(records.map((r) => r.settlementDate), settled.map((e) => e.settlementDate));
        settled.forEach((event, day) => {
          const record = history.settlementOn(event.settlementDate)!;
          assert.deepEqual(record.accountIds, event.accounts.map((a) => a.accountId));
          assert.deepEqual(record.failedAccountIds, event.accounts.filter((a) => a.forceCloseFailed === true).map((a) => a.accountId));
          for (const expected of event.accounts) {
            const { tradesThrough: _t, ...read } = history.settlementLine(record, expected.accountId)!;
            assert.deepEqual(read, expected, `${expected.accountId} on day ${day}`);
            assert.equal(statementOf(history, expected.accountId, event.settlementDate)?.line.balance, expected.balance);
          }
        });
        for (const account of ACCOUNTS) {
          const days = accountDays(history, account);
          const expected = settled.filter((e) => e.accounts.some((a) => a.accountId === account));
          assert.deepEqual(days.map((d) => d.settlement.settlementDate), expected.map((e) => e.settlementDate));
          // A day opens when the one before it was settled.
          days.forEach((d) => assert.equal(d.openedAfter, records[d.settlement.index - 1]?.ts ?? 0));
        }
        assert.deepEqual(history.toJSON().settlements.map((s) => s.accounts.map((a) => a.balance)), settled.map((e) => e.accounts.map((a) => a.balance)));
      }),
      { numRuns: 60 },
    );
    assert.ok(archived, 'some runs archived lines');
  });
});
