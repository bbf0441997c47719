import type { StampedCommand } from '../../core/index.ts';
import type { Journal } from '../../app/journal-port.ts';

/** A journal held in memory: for tests, benchmarks and until durable storage is wired. */
export class MemoryJournal implements Journal {
  private readonly records: StampedCommand[] = [];

  get lastSeq(): number {
    return this.records.length === 0 ? 0 : this.records[this.records.length - 1]!.seq;
  }

  append(record: StampedCommand): void {
    if (record.seq !== this.lastSeq + 1) {
      throw new Error(`journal expects seq ${this.lastSeq + 1}, got ${record.seq}`);
    }
    this.records.push(record);
  }

  *readFrom(afterSeq: number): Iterable<StampedCommand> {
    const first = this.records.findIndex((record) => record.seq > afterSeq);
    if (first < 0) return;
    for (let i = first; i < this.records.length; i++) yield this.records[i]!;
  }
}
