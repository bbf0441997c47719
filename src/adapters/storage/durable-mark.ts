import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A mark, beside the store's files and outside the storage engine, of the newest seq known
 * durable: what recovery must reach again.
 *
 * The journal's own checks see holes and unreadable batches, not a journal that simply
 * ends early; and the engine opens a store whose write-ahead log lost its end (emptied or
 * cut short by a failing disk or a careless hand) as if those writes had never happened.
 * A review emptied the log after 300 acknowledged orders: the exchange started empty,
 * without a word, and its shutdown snapshot would have made the loss permanent. A crash
 * cannot do that (what was fsync'd and acknowledged stays), so a recovery that ends
 * before the mark is damage or an older copy of the store, and the start is refused.
 *
 * The mark follows durable batches at most once a second and at a clean stop, so it is
 * never ahead of what is durable; behind it is only less checked. It is not fsync'd: a
 * power cut may leave it older or unreadable, which checks less and refuses nothing.
 */
export const DURABLE_MARK = 'DURABLE-THROUGH';

const EVERY_MS = 1_000;

export class DurableMark {
  private durable = 0;
  private written: number;
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout | undefined;

  /**
   * `fsynced`: batches are fsync'd before they count as durable (durability "full"). A
   * store that does not fsync them keeps no mark: a power cut could leave the mark ahead
   * of its log, and refuse a start that lost only what it was allowed to lose.
   */
  constructor(
    private readonly location: string,
    private readonly log: (line: string) => void,
    private readonly fsynced: boolean,
  ) {
    this.written = readDurableMark(location) ?? 0;
    if (!fsynced) return;
    this.timer = setInterval(() => this.write(), EVERY_MS);
    this.timer.unref();
  }

  /** Everything through `seq` is durable. */
  durableThrough(seq: number): void {
    if (this.fsynced && seq > this.durable) this.durable = seq;
  }

  /** The last write, and one of what is durable now (a clean stop). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.write();
    await this.writing;
  }

  private write(): void {
    const seq = this.durable;
    if (seq <= this.written) return;
    this.written = seq;
    const file = path.join(this.location, DURABLE_MARK);
    const next = `${file}.next`;
    this.writing = this.writing
      .then(() => writeFile(next, `${seq}\n`))
      .then(() => rename(next, file))
      .catch((error: unknown) => this.log(`storage: the durable mark could not be written (${(error as Error).message}); recovery checks less until it is`));
  }
}

/** The mark's seq; undefined when there is none or it cannot be read. */
export function readDurableMark(location: string): number | undefined {
  const file = path.join(location, DURABLE_MARK);
  if (!existsSync(file)) return undefined;
  const seq = Number(readFileSync(file, 'utf8').trim());
  return Number.isSafeInteger(seq) && seq > 0 ? seq : undefined;
}

/** Refuses a recovery that ended before the mark: acknowledged commands are missing. */
export function refuseLostCommands(location: string, recoveredThrough: number): void {
  const mark = readDurableMark(location);
  if (mark === undefined || recoveredThrough >= mark) return;
  throw new Error(
    `the store at ${location} ends at seq ${recoveredThrough}, but commands through seq ${mark} were durable and acknowledged ` +
      `(${path.join(location, DURABLE_MARK)}): the storage engine's write-ahead log lost its end, or the store's files were replaced by older ones ` +
      'while its mark stayed. The exchange did not start. Restore the folder from a copy taken after that seq; or, to go on with what remains ' +
      `(commands ${recoveredThrough + 1} to ${mark} lost), delete ${DURABLE_MARK} and start again.`,
  );
}
