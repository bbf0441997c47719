/**
 * Replay determinism: the core is a pure function of the command stream. The same stamped
 * commands applied to two fresh states give the same events and the same serialised
 * state; and a snapshot taken anywhere in the stream (serialised, sent through JSON text,
 * restored) continues to exactly the same events and state as never snapshotting.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  apply,
  type CoreState,
  createCoreState,
  restoreState,
  type SerializedState,
  serializeState,
  type StampedCommand,
} from '../../src/core/index.ts';
import { describeCommands, materialize, streamArb } from '../reference/command-streams.ts';

/** BASIS_PROPERTY_RUNS_SCALE=10 runs every property ten times as often (for bug hunts). */
const runs = (n: number): number => Math.max(1, Math.round(n * Number(process.env['BASIS_PROPERTY_RUNS_SCALE'] ?? '1')));

/** Events as text; NaN (from refused volumes) is kept distinguishable from null. */
function text(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? `#${String(v)}` : v));
}

function run(state: CoreState, commands: readonly StampedCommand[]): string[] {
  return commands.map((c) => {
    const r = apply(state, c);
    return text({ code: r.code, message: r.message, events: r.events });
  });
}

function fail(commands: readonly StampedCommand[], what: string): string {
  return `${what}\ncommands:\n${describeCommands(commands)}`;
}

describe('replay determinism', () => {
  it('the same stream on two fresh states gives identical events and identical serialised state', () => {
    fc.assert(
      fc.property(streamArb(), fc.boolean(), (stream, stp) => {
        const commands = materialize(stream, { selfTradePrevention: stp });
        const first = createCoreState({ selfTradePrevention: stp });
        const second = createCoreState({ selfTradePrevention: stp });
        const firstEvents = run(first, commands);
        const secondEvents = run(second, commands);
        assert.deepStrictEqual(secondEvents, firstEvents, fail(commands, 'events differ between two replays'));
        assert.equal(text(serializeState(second)), text(serializeState(first)), fail(commands, 'states differ between two replays'));
      }),
      { numRuns: runs(200), includeErrorInReport: true },
    );
  });

  it('snapshot + restore anywhere in the stream continues exactly like no snapshot', () => {
    fc.assert(
      fc.property(streamArb(), fc.boolean(), fc.double({ min: 0, max: 1, noNaN: true }), (stream, stp, where) => {
        const commands = materialize(stream, { selfTradePrevention: stp });
        const cut = Math.min(commands.length, Math.floor(where * (commands.length + 1)));

        const straight = createCoreState({ selfTradePrevention: stp });
        const straightEvents = run(straight, commands);

        const before = createCoreState({ selfTradePrevention: stp });
        run(before, commands.slice(0, cut));
        const snapshotText = text(serializeState(before));
        const restored = restoreState(JSON.parse(snapshotText) as SerializedState);
        assert.equal(text(serializeState(restored)), snapshotText, fail(commands.slice(0, cut), `restore(serialize(s)) != s at cut ${cut}`));

        const afterEvents = run(restored, commands.slice(cut));
        assert.deepStrictEqual(afterEvents, straightEvents.slice(cut), fail(commands, `events after a snapshot at cut ${cut} differ`));
        assert.equal(text(serializeState(restored)), text(serializeState(straight)), fail(commands, `final state after a snapshot at cut ${cut} differs`));
      }),
      { numRuns: runs(200), includeErrorInReport: true },
    );
  });
});
