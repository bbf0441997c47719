import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import type { Journal } from '../../src/app/journal-port.ts';
import type { SnapshotStore } from '../../src/app/snapshot-port.ts';
import { takeSnapshot } from '../../src/app/snapshotter.ts';
import { stateHash } from '../../src/app/state-hash.ts';
import { serializeState } from '../../src/core/index.ts';
import { CoreHarness } from '../support/core-harness.ts';

describe('snapshot encoding', () => {
  for (const projections of [undefined, { marketData: { quotes: ['a', 'b'] }, note: 'quote " and \\ and 价' }]) {
    it(`stores exactly the JSON of {seq, ts, hash, ${projections === undefined ? '' : 'projectionsHash, '}state${projections === undefined ? '' : ', projections'}}, hashed as the state hash`, async () => {
      const x = new CoreHarness();
      x.place('a', 'o1', 'BUY', 70000, 2);
      // An id outside ASCII: the hash is of the UTF-8 bytes, as stateHash hashes the text.
      x.place('b', '单号-2', 'SELL', 70010, 3);
      let stored: Uint8Array | undefined;
      let prunedThrough = -1;
      // The oldest snapshot the store keeps: the journal is pruned through it, not through the new one.
      const keptFrom = 3;
      const journal = { commit: async () => undefined } as unknown as Journal;
      const store: SnapshotStore = {
        save: async (_seq, encoded) => {
          stored = encoded;
        },
        newestFirst: async function* () {},
        pruneOlder: async () => keptFrom,
      };
      await takeSnapshot(x.state, journal, store, async (seq) => (prunedThrough = seq), projections && (() => projections));
      const expected = {
        seq: x.state.lastSeq,
        ts: x.state.lastTs,
        hash: stateHash(x.state),
        ...(projections !== undefined && { projectionsHash: createHash('sha256').update(JSON.stringify(projections)).digest('hex') }),
        state: serializeState(x.state),
        ...(projections !== undefined && { projections }),
      };
      assert.equal(Buffer.from(stored!).toString('utf8'), JSON.stringify(expected));
      assert.equal(prunedThrough, keptFrom);
    });
  }
});
