import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryJournal } from '../../src/adapters/storage/memory-journal.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { Sequencer } from '../../src/app/sequencer.ts';
import { apply, type Command, createCoreState } from '../../src/core/index.ts';
import { sequenceAndApply } from '../support/sequencer-harness.ts';
import { COPPER, twoAccountDay } from '../support/core-harness.ts';

const CU = { ...COPPER, commissionRate: 0.0001 };

function order(accountId: string, orderId: string, direction: 'BUY' | 'SELL', price: number, volume: number): Command {
  return { type: 'order.place', accountId, orderId, instrumentId: CU.instrumentId, direction, offset: 'OPEN', priceType: 'LIMIT', price, volume, timeCondition: 'GFD', volumeCondition: 'ANY' };
}

/** A and B trade with each other: B goes to another user (self-trade prevention is per user). */
const DAY: Command[] = [
  ...twoAccountDay({ spec: CU, balance: 1_000_000 }).filter((c) => !(c.type === 'account.open' && c.accountId === 'B')),
  { type: 'user.register', userId: 'u2', username: 'bob', passwordHash: 'h', role: 'user' },
  { type: 'account.open', userId: 'u2', accountId: 'B', initialBalance: 1_000_000 },
  order('B', 'b1', 'SELL', 70000, 2),
  order('A', 'a1', 'BUY', 70000, 3),
  { type: 'order.cancel', accountId: 'A', orderId: 'a1' },
  { type: 'account.bank-transfer', transferId: 't1', accountId: 'A', bankId: 'icbc', bankName: 'ICBC', amount: 100, credentialError: '' },
  { type: 'settlement.set-price', instrumentId: CU.instrumentId, price: 70500 },
  { type: 'settlement.execute' },
];

describe('history projection', () => {
  it('keeps orders, trades, transfers, settlements and equity curves from the events', () => {
    const clock = new ManualClock(1_700_000_000_000);
    const sequencer = new Sequencer(createCoreState(), new MemoryJournal(), clock);
    const history = new HistoryProjection();
    sequencer.onApplied(({ stamped, result }) => history.apply(stamped, result));
    for (const command of DAY) {
      clock.advance(1000);
      sequenceAndApply(sequencer, command);
    }
    const a1 = history.order('A', 'a1')!;
    assert.deepEqual([a1.status, a1.volumeLeft, a1.filledVolume, a1.tradeIds.length], ['CANCELLED', 1, 2, 1]);
    assert.deepEqual(history.tradesOf('A').map((t) => [t.price, t.volume, t.commission, t.maker]), [[70000, 2, 70, false]]);
    assert.deepEqual(history.transfersOf('A').map((t) => [t.id, t.amount, t.errorId]), [['t1', 100, 0]]);
    const [settlement] = history.settlementHistory();
    assert.equal(settlement?.settlementDate, '2026-11-23');
    assert.deepEqual(history.settlementOn('2026-11-23')?.accountIds, ['A', 'B']);
    assert.equal(history.settlementLine(settlement!, 'A')?.balance, 1_005_030);
    // A: 1,000,000 + 100 - 70 commission + (70,500 - 70,000) x 2 x 5 = 1,005,030
    assert.deepEqual(history.equityCurve('A').map((p) => p.equity), [1_005_030]);
  });

  it('a replay of the journal rebuilds the same history', () => {
    const journal = new MemoryJournal();
    const clock = new ManualClock(1_700_000_000_000);
    const live = new Sequencer(createCoreState(), journal, clock);
    const liveHistory = new HistoryProjection();
    live.onApplied(({ stamped, result }) => liveHistory.apply(stamped, result));
    for (const command of DAY) sequenceAndApply(live, command);
    const replayed = new HistoryProjection();
    const state = createCoreState();
    for (const record of journal.all()) replayed.apply(record, apply(state, record));
    assert.deepEqual(replayed.toJSON(), liveHistory.toJSON());
    for (const account of ['A', 'B']) {
      for (const order of liveHistory.ordersOf(account)) assert.equal(replayed.orderIndex(account, order.orderId), liveHistory.orderIndex(account, order.orderId));
    }
  });
});
