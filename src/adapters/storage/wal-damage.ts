import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Damage LevelDB found in its write-ahead log while opening the store.
 *
 * LevelDB, as classic-level opens it (without paranoid checks), drops a log record whose
 * checksum fails, with the rest of its 32 KiB block, and opens the store all the same.
 * Damage in the newest block would lose the newest acknowledged commands without a word:
 * the journal would simply end early, with no hole for the journal's own checks to see.
 * The only trace is a line of LevelDB's info log (the file LOG, begun afresh at every
 * open): "(ignoring error) <file>: dropping <n> bytes; Corruption: ...". A torn record
 * at the very end of the log (a crash while it was written, so never acknowledged) is
 * not reported there and is no damage.
 *
 * Such a line stops the start, and a note beside the store keeps stopping it until an
 * operator decides: restore the folder from a copy, or delete the note to go on with
 * what remains.
 */
export const DAMAGE_NOTE = 'DAMAGE-READ-ME.txt';

const DROPPED = /\(ignoring error\) .*dropping \d+ bytes.*$/gm;

/** LevelDB's lines about log records it dropped while opening the store at `location`. */
export function droppedLogRecords(location: string): string[] {
  const info = path.join(location, 'LOG');
  if (!existsSync(info)) return [];
  return readFileSync(info, 'utf8').match(DROPPED) ?? [];
}

/** Refuses a store an earlier start found damaged, until the operator has decided. */
export function refuseNotedDamage(location: string): void {
  const note = path.join(location, DAMAGE_NOTE);
  if (!existsSync(note)) return;
  throw new Error(
    `the store at ${location} lost part of its write-ahead log at an earlier start, and waits for a decision (${note}): ` +
      `restore the folder from a copy; or delete that file to go on with what remains, the newest commands lost.`,
  );
}

/** Writes the note of damage found at this start and returns the error that stops it. */
export function noteDamage(location: string, dropped: readonly string[], when: Date): Error {
  const note = path.join(location, DAMAGE_NOTE);
  writeFileSync(
    note,
    [
      `At ${when.toISOString()} the storage engine found its write-ahead log damaged, and dropped what it could not read:`,
      ...dropped.map((line) => `  ${line.trim()}`),
      '',
      'Commands the exchange had acknowledged may be missing from the store. The exchange refuses to start while this file exists.',
      'Restore this folder from a copy taken before the damage; or, to go on with what remains, delete this file and start again.',
      '',
    ].join('\n'),
  );
  return new Error(
    `the store at ${location} is damaged: the storage engine dropped part of its write-ahead log while opening it ` +
      `(${dropped.map((line) => line.trim()).join('; ')}), so commands that were acknowledged may be missing. ` +
      `The exchange did not start. Restore the folder from a copy; or delete ${note} to go on with what remains.`,
  );
}
