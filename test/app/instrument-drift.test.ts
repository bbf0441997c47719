/**
 * instrumentDrift: an instruments.toml edited for an instrument the exchange already
 * lists, or an instrument left out of the file, is told at start (the exchange keeps
 * what it lists); a file that agrees, or a rate the admin changed back, says nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { instrumentDrift } from '../../src/app/instrument-drift.ts';
import { COPPER, CoreHarness, INDEX } from '../support/core-harness.ts';

describe('instruments.toml against the listed instruments', () => {
  it('says nothing when the file names every listed instrument as it is listed', () => {
    const core = new CoreHarness([COPPER, INDEX]);
    assert.deepEqual(instrumentDrift(core.state, [COPPER, INDEX], 'instruments.toml'), []);
    // The reference price moves at every settlement: not an edit of the file.
    assert.deepEqual(instrumentDrift(core.state, [{ ...COPPER, preSettlement: COPPER.preSettlement + 100 }, INDEX], 'instruments.toml'), []);
  });

  it('names each field the file changed for a listed instrument, with both values, and what applies', () => {
    const core = new CoreHarness([COPPER]);
    const [line, ...rest] = instrumentDrift(core.state, [{ ...COPPER, volumeMultiple: 50, marginRatio: 0.2 }], 'instruments.toml');
    assert.deepEqual(rest, []);
    assert.match(line!, new RegExp(`^instruments.toml: ${COPPER.instrumentId.replace('.', '\\.')} differs from the listed instrument`));
    assert.match(line!, new RegExp(`volume_multiple 50 in the file, ${COPPER.volumeMultiple} listed`));
    assert.match(line!, new RegExp(`margin_ratio 0.2 in the file, ${COPPER.marginRatio} listed`));
    assert.match(line!, /the exchange keeps what it lists/);
  });

  it('compares with the rates as an administrator changed them, not as first listed', () => {
    const core = new CoreHarness([COPPER]);
    core.run({ type: 'instrument.update', instrumentId: COPPER.instrumentId, marginRatio: 0.3 });
    assert.deepEqual(instrumentDrift(core.state, [{ ...COPPER, marginRatio: 0.3 }], 'instruments.toml'), []);
    assert.match(instrumentDrift(core.state, [COPPER], 'instruments.toml')[0]!, new RegExp(`margin_ratio ${COPPER.marginRatio} in the file, 0.3 listed`));
  });

  it('names listed instruments the file leaves out, but not delisted ones', () => {
    const core = new CoreHarness([COPPER, INDEX]);
    const [line] = instrumentDrift(core.state, [COPPER], 'instruments.toml');
    assert.match(line!, new RegExp(`1 listed instrument is not in the file .*: ${INDEX.instrumentId.replace('.', '\\.')}; they stay listed`));
    core.run({ type: 'instrument.delist', instrumentId: INDEX.instrumentId });
    assert.deepEqual(instrumentDrift(core.state, [COPPER], 'instruments.toml'), []);
    // A delisted instrument the file still names is not listed again, and the start says so.
    assert.deepEqual(instrumentDrift(core.state, [COPPER, { ...INDEX, marginRatio: 0.5 }], 'instruments.toml'), [
      `instruments.toml: ${INDEX.instrumentId} is delisted; its entry in the file does not list it again`,
    ]);
  });
});
