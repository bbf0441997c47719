/**
 * A store written before the history kept conditional orders: its snapshot held them all in
 * the core state (format 3), its sidecars had no conditional events. The exchange adopts
 * them into the history at start, so a user's list keeps every one.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ClassicLevel } from 'classic-level';
import { CHECKPOINT_META_KEY, CHECKPOINT_PIECE_PREFIX, rangeEnd, SIDECAR_PREFIX, SNAPSHOT_PREFIX } from '../../src/adapters/storage/keys.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { hashOfSerialized } from '../../src/app/state-hash.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { Command, SerializedState } from '../../src/core/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('conditional orders of a store written before the history kept them', () => {
  it('are adopted at start: pending from the core, finished from the snapshot', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'basis-conditional-upgrade-')) }, root);
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const cu = config.instruments[0]!;
    const first = await Exchange.start(config, clock, () => undefined);
    const create = (conditionalId: string): Command => ({
      type: 'conditional.create', conditionalId, accountId: 'A', instrumentId: cu.instrumentId, direction: 'SELL', offset: 'OPEN', volume: 1,
      orderType: 'LIMIT', limitPrice: cu.preSettlement, conditionType: 'StopLoss', triggerPrice: cu.preSettlement, triggerCondition: 'LessOrEqual', validUntil: 0,
    });
    await first.submitAll([
      { type: 'user.register', userId: 'uA', username: 'userA', passwordHash: 'h', role: 'user' },
      { type: 'account.open', userId: 'uA', accountId: 'A', initialBalance: 1e9 },
      create('K1'),
      create('K2'),
      { type: 'conditional.cancel', conditionalId: 'K2', accountId: 'A' },
    ]);
    const before = first.history.conditionals.page(['A'], 0, 10);
    assert.deepEqual(before.map((r) => [r.conditionalId, r.status]), [['K1', 'Pending'], ['K2', 'Cancelled']]);
    await first.stop();

    // Make it the store the previous version left.
    const db = new ClassicLevel<string, string>(path.join(config.dataDir, 'exchange.leveldb'));
    await db.del(CHECKPOINT_META_KEY);
    await db.clear({ gte: CHECKPOINT_PIECE_PREFIX, lt: rangeEnd(CHECKPOINT_PIECE_PREFIX) });
    for await (const [key, text] of db.iterator({ gte: SIDECAR_PREFIX, lt: rangeEnd(SIDECAR_PREFIX) })) {
      const run = (JSON.parse(text) as [number, unknown[]][]).map(([seq, [ts, ...events]]) => [
        seq,
        [ts, ...events.filter((e) => (e as { type?: string }).type !== 'conditional.changed')],
      ]);
      await db.put(key, JSON.stringify(run));
    }
    let newest: [string, string] | undefined;
    for await (const entry of db.iterator({ gte: SNAPSHOT_PREFIX, lt: rangeEnd(SNAPSHOT_PREFIX), reverse: true, limit: 1 })) newest = entry;
    const snapshot = JSON.parse(newest![1]) as { hash: string; state: SerializedState & { format: number; conditionals: unknown[] } };
    const k1 = snapshot.state.conditionals[0] as { request: object };
    const k2 = before[1]!;
    const state = {
      ...snapshot.state,
      format: 3,
      conditionals: [
        k1,
        { request: { ...k1.request, conditionalId: 'K2' }, userId: 'uA', triggerTicks: 0, createdTs: k2.createdTs, status: 'Cancelled', updatedTs: k2.updatedTs, orderId: '', reason: k2.reason },
      ],
    };
    await db.put(newest![0], JSON.stringify({ ...snapshot, state, hash: hashOfSerialized(state as SerializedState) }));
    await db.close();

    const lines: string[] = [];
    const second = await Exchange.start(config, clock, (line) => lines.push(line));
    assert.match(lines.find((line) => line.includes('storage: recovered')) ?? '', /2 conditional orders added to it from the core state/);
    assert.deepEqual(second.history.conditionals.page(['A'], 0, 10), before);
    assert.deepEqual([...second.state.conditionals.pending.keys()], ['K1'], 'the core keeps the pending one only');
    await second.stop();

    // Adopted once: the next start has them from the history's checkpoint.
    const third = await Exchange.start(config, clock, () => undefined);
    assert.deepEqual(third.history.conditionals.page(['A'], 0, 10), before);
    await third.stop();
  });
});
