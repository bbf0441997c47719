import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { freshPrefilled, prepareWorkload } from '../../bench/engine/engine.ts';
import { peerFactory } from '../../bench/engine/peer-nodejs-order-book.ts';
import { Prng } from '../../bench/engine/prng.ts';
import {
  BAND_HIGH_TICKS,
  BAND_LOW_TICKS,
  type BenchOp,
  generateWorkload,
  MIX_TARGETS,
  MIXES,
  OP_LABELS,
} from '../../bench/engine/workload.ts';

describe('bench workload generator', () => {
  it('is deterministic for a seed', () => {
    const a = generateWorkload({ mix: 'futures', depth: 1_000, ops: 5_000, seed: 42 });
    const b = generateWorkload({ mix: 'futures', depth: 1_000, ops: 5_000, seed: 42 });
    assert.deepEqual(a.prefill, b.prefill);
    assert.deepEqual(a.stream, b.stream);
    const c = generateWorkload({ mix: 'futures', depth: 1_000, ops: 5_000, seed: 43 });
    assert.notDeepEqual(a.stream, c.stream);
  });

  it('the PRNG repeats its sequence for a seed', () => {
    const x = new Prng(7);
    const y = new Prng(7);
    for (let i = 0; i < 1_000; i++) assert.equal(x.next(), y.next());
  });

  for (const mix of MIXES) {
    it(`${mix}: op shares are within 3 points of the targets`, () => {
      const w = generateWorkload({ mix, depth: 1_000, ops: 50_000, seed: 1 });
      const targets = MIX_TARGETS[mix];
      for (const label of OP_LABELS) {
        const share = (100 * w.stats.labels[label]) / w.stream.length;
        assert.ok(Math.abs(share - targets[label]) <= 3, `${label}: ${share.toFixed(2)}% vs target ${targets[label]}%`);
      }
    });

    it(`${mix}: prefills to the depth, stays near it, ids unique, prices inside the band`, () => {
      const depth = 2_000;
      const w = generateWorkload({ mix, depth, ops: 20_000, seed: 3 });
      assert.equal(w.prefill.length, depth);
      assert.equal(w.stats.restingAfterPrefill, depth);
      assert.ok(w.stats.restingMin > depth * 0.9 && w.stats.restingMax < depth * 1.1, JSON.stringify(w.stats));
      const ids = new Set<number>();
      const inBand = (op: BenchOp): boolean =>
        !('priceTicks' in op) || (op.priceTicks >= BAND_LOW_TICKS && op.priceTicks <= BAND_HIGH_TICKS);
      for (const op of [...w.prefill, ...w.stream]) {
        assert.ok(inBand(op), JSON.stringify(op));
        assert.ok(op.account >= 0 && op.account < 1_000);
        if (op.kind === 'limit' || op.kind === 'market') {
          assert.ok(!ids.has(op.id), `duplicate id ${op.id}`);
          ids.add(op.id);
        } else {
          assert.ok(ids.has(op.id), `${op.kind} of an id never placed: ${op.id}`);
        }
      }
    });
  }
});

describe('bench peer adapter (nodejs-order-book)', () => {
  for (const mix of MIXES) {
    it(`${mix}: runs a short stream without throwing and ends at the model's depth`, () => {
      const w = generateWorkload({ mix, depth: 500, ops: 5_000, seed: 9 });
      const prepared = prepareWorkload(peerFactory, w);
      const engine = freshPrefilled(peerFactory, prepared);
      assert.equal(engine.restingCount(), 500);
      for (const input of prepared.stream) engine.step(input);
      // The peer's self-trade handling differs in corner cases (its FOK check ignores
      // accounts; a modified order loses its account), so allow a small drift.
      const drift = Math.abs(engine.restingCount() - w.stats.restingAtEnd);
      assert.ok(drift <= 25, `peer resting ${engine.restingCount()} vs model ${w.stats.restingAtEnd}`);
    });
  }

  it('treats cancel and modify of unknown ids as refusals, not errors', () => {
    const engine = peerFactory.create();
    engine.apply({ kind: 'cancel', id: 999, account: 1 });
    engine.apply({ kind: 'modify', id: 999, account: 1, priceTicks: 10_000, volume: 1 });
    assert.equal(engine.refusals, 2);
    assert.equal(engine.restingCount(), 0);
  });
});

describe('bench Basis adapter', () => {
  for (const mix of MIXES) {
    it(`${mix}: refuses nothing and ends exactly at the model's depth`, async () => {
      const { basisFactory } = await import('../../bench/engine/basis-engine.ts');
      const w = generateWorkload({ mix, depth: 500, ops: 5_000, seed: 9 });
      const prepared = prepareWorkload(basisFactory, w);
      const engine = freshPrefilled(basisFactory, prepared);
      for (const input of prepared.stream) engine.step(input);
      // The generator's model book follows Basis's rules (self-trade prevention included),
      // so the two must agree order for order on what still rests.
      assert.equal(engine.refusals, 0);
      assert.equal(engine.restingCount(), w.stats.restingAtEnd);
    });
  }
});
