import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
 * what remains. What remains is usable only when the damage was at the journal's end:
 * records missing with later ones stored make the journal's own check refuse the start
 * again (JournalCorruptionError), and then only a copy restores the store.
 *
 * By the time LevelDB has opened, the damaged log is gone from the store, and the next
 * open moves LOG to LOG.old: a start that ended between the open and the note (killed,
 * or the note could not be written on a failing disk) must not let the next start pass.
 * A marker written before each open and removed once its log was read tells the next
 * start to read LOG.old, the unread open's log, too.
 */
export const DAMAGE_NOTE = 'DAMAGE-READ-ME.txt';
export const OPEN_UNCHECKED = 'OPEN-UNCHECKED';

const DROPPED = /\(ignoring error\) .*dropping \d+ bytes.*$/gm;

/**
 * Called before LevelDB opens the store: marks the open as unread. True when an earlier
 * open's log was never read (its lines are in LOG.old once this open has begun).
 */
export function markOpening(location: string): boolean {
  const marker = path.join(location, OPEN_UNCHECKED);
  const earlierUnread = existsSync(marker);
  try {
    writeFileSync(marker, 'The storage engine was opened and its log not yet read for damage (see src/adapters/storage/wal-damage.ts).\n');
  } catch (error) {
    // The engine could not write here either (a read-only or full disk): say so as it would.
    throw new Error(`cannot open the store at ${location} (${(error as Error).message})`, { cause: error });
  }
  return earlierUnread;
}

/** LevelDB's lines about log records it dropped while opening the store at `location` (and at the unread open before, if any). */
export function droppedLogRecords(location: string, earlierUnread: boolean): string[] {
  const lines: string[] = [];
  for (const name of earlierUnread ? ['LOG.old', 'LOG'] : ['LOG']) {
    const info = path.join(location, name);
    if (existsSync(info)) lines.push(...(readFileSync(info, 'utf8').match(DROPPED) ?? []));
  }
  return lines;
}

/** The open's log was read and held no damage. */
export function markOpenChecked(location: string): void {
  rmSync(path.join(location, OPEN_UNCHECKED), { force: true });
}

/** Refuses a store an earlier start found damaged, until the operator has decided. */
export function refuseNotedDamage(location: string): void {
  const note = path.join(location, DAMAGE_NOTE);
  if (!existsSync(note)) return;
  throw new Error(
    `the store at ${location} lost part of its write-ahead log at an earlier start, and waits for a decision (${note}): ` +
      `restore the folder from a copy; or delete that file to go on with what remains, the newest commands lost ` +
      '(only when the damage was at the end of the journal: if later commands were kept after the lost ones, the start refuses again, and only a copy restores the store).',
  );
}

/**
 * Writes the note of damage found at this start and returns the error that stops it.
 * When the note cannot be written, the error says so, and the open stays marked unread
 * so that the next start finds the damage again.
 */
export function noteDamage(location: string, dropped: readonly string[], when: Date): Error {
  const note = path.join(location, DAMAGE_NOTE);
  let unwritten = '';
  try {
    writeFileSync(
      note,
      [
      `At ${when.toISOString()} the storage engine found its write-ahead log damaged, and dropped what it could not read:`,
      ...dropped.map((line) => `  ${line.trim()}`),
      '',
      'Commands the exchange had acknowledged may be missing from the store. The exchange refuses to start while this file exists.',
      'Restore this folder from a copy taken before the damage; or, to go on with what remains, delete this file and start again.',
      'Going on works only when the damage was at the end of the journal (the newest commands are then lost). If commands',
      'were lost with later ones kept, the next start refuses again, naming the first missing record: then only a copy restores the store.',
      'If the lost commands were marked durable (the file DURABLE-THROUGH), the next start refuses for that too, naming the seqs lost:',
      'delete that file as well to go on.',
      '',
      ].join('\n'),
    );
    // The note carries the decision now.
    markOpenChecked(location);
  } catch (error) {
    unwritten = ` (the note ${note} could not be written: ${(error as Error).message}; the next start will find the damage again)`;
  }
  return new Error(
    `the store at ${location} is damaged: the storage engine dropped part of its write-ahead log while opening it ` +
      `(${dropped.map((line) => line.trim()).join('; ')}), so commands that were acknowledged may be missing. ` +
      `The exchange did not start. Restore the folder from a copy; or delete ${note} to go on with what remains, which works only when the damage was at the journal's end (see the note)${unwritten}.`,
  );
}
