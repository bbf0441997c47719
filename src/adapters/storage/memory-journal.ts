import type { StampedCommand } from '../../core/index.ts';
import type { Journal } from '../../app/journal-port.ts';

/** A journal held in memory: for tests and benchmarks. Commits are immediate. */
export class MemoryJournal implements Journal {
  private readonly records: StampedCommand[] = [];
  private readonly attached: (readonly [number, unknown])[] = [];

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

  async sidecarsStoredThrough(): Promise<number> {
    return this.attached.at(-1)?.[0] ?? 0;
  }

  async storeSidecars(run: readonly (readonly [number, unknown])[]): Promise<void> {
    this.attached.push(...run);
    this.attached.sort((a, b) => a[0] - b[0]);
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
