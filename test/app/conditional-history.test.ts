/**
 * Conditional orders in the history: the core keeps only pending ones, so every record a
 * user lists or counts comes from here, archived once finished. Checked against a model
 * of the records, through archiving and a checkpoint.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { MemoryChunkStore } from '../../src/app/history/record-archive.ts';
import type { ConditionalRecord, ConditionalStatus } from '../../src/core/index.ts';

const ACCOUNTS = ['A', 'B', 'C'];
const FINAL: ConditionalStatus[] = ['Triggered', 'Cancelled', 'Expired', 'Failed'];

function record(n: number, accountId: string, createdTs: number): ConditionalRecord {
  return {
    conditionalId: `C${n}`, accountId, userId: `u${accountId}`, instrumentId: 'SHFE.cu2601', direction: 'SELL', offset: 'OPEN', volume: 1 + (n % 3),
    orderType: 'LIMIT', limitPrice: 69000, conditionType: 'StopLoss', triggerPrice: 69000, triggerCondition: 'LessOrEqual', validUntil: 0,
    status: 'Pending', createdTs, updatedTs: createdTs, orderId: '', reason: '',
  };
}

const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), account: fc.constantFrom(...ACCOUNTS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('finish' as const), pick: fc.nat(), status: fc.constantFrom(...FINAL) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('checkpoint' as const) }) },
);

/** What a user reads: the page of everything, per account and for all, and the counts. */
function readings(history: HistoryProjection) {
  const c = history.conditionals;
  return {
    all: c.page(ACCOUNTS, 0, 10_000),
    perAccount: ACCOUNTS.map((a) => [c.page([a], 0, 10_000), c.total([a]), c.countByStatus([a])]),
    secondPage: c.page(ACCOUNTS, 3, 4),
  };
}

describe('conditional orders in the history', () => {
  it('keeps every record, the finished ones archived, read back alike and after a checkpoint', async () => {
    let archived = false;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 150, size: "max" }), fc.integer({ min: 0, max: 2 }), async (steps, keepInHeap) => {
        const options = { keepInHeap, archiveStore: new MemoryChunkStore(), archiveChunkBytes: 700 };
        let history = new HistoryProjection(options);
        const model = new Map<string, ConditionalRecord>();
        let ts = 1_700_000_000_000;
        let n = 0;
        for (const s of steps) {
          ts += 1 + (n % 2);
          if (s.kind === 'create') {
            const created = record(n++, s.account, ts);
            model.set(created.conditionalId, created);
            history.applyEvents(ts, [{ type: 'conditional.changed', conditional: created }]);
          } else if (s.kind === 'finish') {
            const pending = [...model.values()].filter((r) => r.status === 'Pending');
            if (pending.length === 0) continue;
            const finished = { ...pending[s.pick % pending.length]!, status: s.status, updatedTs: ts, reason: `${s.status} at ${ts}` };
            model.set(finished.conditionalId, finished);
            history.applyEvents(ts, [{ type: 'conditional.changed', conditional: finished }]);
          } else {
            await history.flush();
            history = HistoryProjection.fromCheckpoint(history.checkpoint()!, options);
          }
        }
        archived ||= history.archived.records > 3;
        const expected = [...model.values()].sort((a, b) => a.createdTs - b.createdTs || ACCOUNTS.indexOf(a.accountId) - ACCOUNTS.indexOf(b.accountId));
        const c = history.conditionals;
        assert.deepEqual(c.page(ACCOUNTS, 0, 10_000), expected);
        assert.deepEqual(c.page(ACCOUNTS, 3, 4), expected.slice(3, 7));
        for (const account of ACCOUNTS) {
          const own = expected.filter((r) => r.accountId === account);
          assert.equal(c.total([account]), own.length);
          const counts = { Pending: 0, Triggered: 0, Cancelled: 0, Expired: 0, Failed: 0 };
          for (const r of own) counts[r.status]++;
          assert.deepEqual(c.countByStatus([account]), counts);
        }
        for (const r of model.values()) {
          assert.deepEqual(c.get(r.accountId, r.conditionalId), r);
          assert.equal(c.get(r.accountId === 'A' ? 'B' : 'A', r.conditionalId), undefined, 'ids are per account');
        }
        // toJSON / fromJSON (what tests and old snapshots use) reads the same.
        assert.deepEqual(readings(HistoryProjection.fromJSON(history.toJSON())), readings(history));
      }),
      { numRuns: 150 },
    );
    assert.ok(archived, 'some runs archived finished conditional orders');
  });

  it('adopts a record it has no event for once, and a later event finishes an adopted pending one', () => {
    const history = new HistoryProjection();
    const c = history.conditionals;
    const pending = record(1, 'A', 10);
    const finished = { ...record(2, 'A', 5), status: 'Expired' as const };
    assert.equal(c.adopt(pending), true);
    assert.equal(c.adopt(finished), true);
    assert.equal(c.adopt(pending), false, 'known: not added twice');
    assert.deepEqual(c.page(['A'], 0, 10).map((r) => r.conditionalId), ['C2', 'C1'], 'in creation order');
    history.applyEvents(20, [{ type: 'conditional.changed', conditional: { ...pending, status: 'Triggered', updatedTs: 20, orderId: 'C1' } }]);
    assert.equal(c.get('A', 'C1')?.status, 'Triggered');
    assert.deepEqual(c.countByStatus(['A']), { Pending: 0, Triggered: 1, Cancelled: 0, Expired: 1, Failed: 0 });
    assert.equal(c.total(['A']), 2);
  });

  it('is rebuilt from the journal\'s sidecars: conditional events are history events', () => {
    const event = { type: 'conditional.changed' as const, conditional: record(1, 'A', 10) };
    assert.deepEqual(HistoryProjection.relevant([event]), [event]);
  });
});
