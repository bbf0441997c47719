/**
 * Settlement statements over random trading (test/reference/command-streams.ts, with
 * day ends): each account's statement of each settled day holds exactly the trades the
 * core executed for it between that settlement and the one before, counted here from the
 * core's own events (the streams' day ends are settlements here); and a history whose settlement lines predate trade counts (found by
 * time instead) finds the same days.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { accountDays, statementOf, statementTrades } from '../../src/app/services/statements.ts';
import { apply, createCoreState } from '../../src/core/index.ts';
import { accountName, describeCommands, materialize, streamArb } from '../reference/command-streams.ts';

describe('settlement statements', () => {
  it("an account's statement of a day holds the trades executed for it that day, and no others", () => {
    let settledDays = 0;
    fc.assert(
      fc.property(streamArb({ maxLength: 150 }), (stream) => {
        // The streams' day ends become settlements (which begin the next day themselves).
        let began = false;
        const commands = materialize(stream).flatMap((stamped) => {
          const { command } = stamped;
          if (command.type === 'trading-day.end') return [{ ...stamped, command: { type: 'settlement.execute' as const } }];
          if (command.type === 'trading-day.begin') return began ? [] : ((began = true), [stamped]);
          return [stamped];
        }).map((stamped, i) => ({ ...stamped, seq: i + 1 }));
        const state = createCoreState();
        const history = new HistoryProjection();
        const accounts = Array.from({ length: stream.accounts }, (_, a) => accountName(a));
        // Trades per account so far, from the core's events, and the ranges of each day.
        const traded = new Map<string, number>(accounts.map((a) => [a, 0]));
        const days: { day: string; ranges: Map<string, [number, number]> }[] = [];
        const dayStart = new Map(traded);
        for (const command of commands) {
          const result = apply(state, command);
          history.apply(command, result);
          for (const event of result.events) {
            if (event.type === 'trade.executed') {
              for (const side of [event.maker, event.taker]) traded.set(side.accountId, (traded.get(side.accountId) ?? 0) + 1);
            } else if (event.type === 'settlement.completed') {
              days.push({ day: event.settlementDate, ranges: new Map(accounts.map((a) => [a, [dayStart.get(a)!, traded.get(a)!]])) });
              for (const a of accounts) dayStart.set(a, traded.get(a)!);
            }
          }
        }
        settledDays += days.length;
        // The same history with lines as kept before they counted trades.
        const saved = history.toJSON();
        const legacy = HistoryProjection.fromJSON({
          ...saved,
          settlements: saved.settlements.map((s) => ({ ...s, accounts: s.accounts.map(({ tradesThrough: _dropped, ...line }) => line) })),
        });
        const where = describeCommands(commands);
        for (const account of accounts) {
          const all = history.tradesOf(account).map((t) => t.tradeId);
          assert.deepEqual(accountDays(history, account).map((d) => d.settlement.settlementDate), days.map((d) => d.day), where);
          for (const { day, ranges } of days) {
            const [from, to] = ranges.get(account)!;
            for (const source of [history, legacy]) {
              const statement = statementOf(source, account, day);
              assert.ok(statement !== undefined, `${account} ${day}\n${where}`);
              assert.deepEqual([statement.tradesFrom, statement.tradesTo], [from, to], `${account} ${day}\n${where}`);
              assert.deepEqual(statementTrades(source, statement).map((t) => t.tradeId), all.slice(from, to), `${account} ${day}\n${where}`);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
    assert.ok(settledDays > 20, `the streams settled ${settledDays} days in all: too few to say much`);
  });
});
