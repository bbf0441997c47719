/**
 * GC pauses during a measured pass, from `PerformanceObserver` 'gc' entries. Entries are
 * delivered asynchronously, so `stop()` yields to the event loop before reading them.
 * Also `forceGc()`: a full collection between passes (needs node --expose-gc).
 */
import { type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { setImmediate as yieldImmediate, setTimeout as sleep } from 'node:timers/promises';

export interface GcStats {
  readonly count: number;
  readonly total_ms: number;
  readonly max_ms: number;
}

export interface GcWatch {
  stop(): Promise<GcStats>;
}

export function watchGc(): GcWatch {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEntry[]) durations.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop(): Promise<GcStats> {
      await yieldImmediate();
      await sleep(5);
      observer.disconnect();
      let total = 0;
      let max = 0;
      for (const d of durations) {
        total += d;
        if (d > max) max = d;
      }
      return { count: durations.length, total_ms: total, max_ms: max };
    },
  };
}

const gcFunction = (globalThis as { gc?: () => void }).gc;

export function gcAvailable(): boolean {
  return typeof gcFunction === 'function';
}

/** Full collection, twice (the second one clears what finalizers of the first released). */
export function forceGc(): void {
  if (gcFunction === undefined) return;
  gcFunction();
  gcFunction();
}
