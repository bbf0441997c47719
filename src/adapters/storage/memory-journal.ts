import type { StampedCommand } from '../../core/index.ts';
import type { Journal } from '../../app/journal-port.ts';

/** A journal held in memory: for tests and benchmarks. Commits are immediate. */
export class MemoryJournal implements Journal {
  private readonly records: StampedCommand[] = [];
  private readonly attached: [number, unknown][] = [];

  get lastSeq(): number {
    return this.records.length === 0 ? this.base : Math.max(this.base, this.records[this.records.length - 1]!.seq);
  }

  private base = 0;

  continueAfter(seq: number): void {
    if (seq > this.lastSeq) this.base = seq;
  }

  append(record: StampedCommand): void {
    if (record.seq !== this.lastSeq + 1) {
      throw new Error(`journal expects seq ${this.lastSeq + 1}, got ${record.seq}`);
    }
    this.records.push(record);
  }

  attach(seq: number, sidecar: unknown): void {
    this.attached.push([seq, sidecar]);
  }

  async *sidecars(): AsyncIterable<readonly (readonly [number, unknown])[]> {
    yield this.attached;
  }

  commit(): Promise<void> {
    return Promise.resolve();
  }

  async *readFrom(afterSeq: number): AsyncIterable<readonly StampedCommand[]> {
    yield this.records.filter((record) => record.seq > afterSeq);
  }

  /** Everything recorded, synchronously: for tests. */
  all(): readonly StampedCommand[] {
    return this.records;
  }
}
