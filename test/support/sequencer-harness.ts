import type { Sequenced, Sequencer } from '../../src/app/sequencer.ts';
import type { Command } from '../../src/core/index.ts';

/**
 * Sequences a command and applies it at once, as the group committer does once the
 * journal write is durable: for sequencers over a MemoryJournal, whose commits are immediate.
 */
export function sequenceAndApply(sequencer: Sequencer, command: Command): Sequenced {
  return sequencer.apply(sequencer.sequence(command));
}
