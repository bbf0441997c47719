/**
 * One page of several lists read as one, in order of a numeric key, without touching the
 * records outside the page: what the list routes need from per-account histories whose
 * records are archived and cost a decode each. Ties keep the sources' order, then each
 * source's own (as a stable sort of the lists concatenated would).
 */
export interface KeyedSource {
  /** Entries in key order. */
  readonly length: number;
  /** The key of the i-th entry in key order. */
  key(i: number): number;
}

/** [source, i] of the entries from `offset` on, at most `limit` of them. */
export function mergedPage(sources: readonly KeyedSource[], offset: number, limit: number): [number, number][] {
  let total = 0;
  for (const source of sources) total += source.length;
  if (offset >= total || limit <= 0) return [];
  if (sources.length === 1) {
    const out: [number, number][] = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) out.push([0, i]);
    return out;
  }
  // Each source's first entry at or after the largest key with at most `offset` entries
  // before it: the walk below then skips only entries of that one key (a millisecond's
  // ties), not the whole offset (the last page of a long history read through a heap).
  const start = largestKeyWithAtMost(sources, offset);
  const next = sources.map((source) => (start === undefined ? 0 : lowerBound(source, start)));
  offset -= next.reduce((sum, n) => sum + n, 0);
  // A binary heap of source numbers, by the key of each source's next entry.
  const heap: number[] = [];
  const before = (a: number, b: number): boolean => {
    const ka = sources[a]!.key(next[a]!);
    const kb = sources[b]!.key(next[b]!);
    return ka < kb || (ka === kb && a < b);
  };
  const up = (at: number): void => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!before(heap[at]!, heap[parent]!)) return;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  };
  const down = (at: number): void => {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let first = at;
      if (left < heap.length && before(heap[left]!, heap[first]!)) first = left;
      if (right < heap.length && before(heap[right]!, heap[first]!)) first = right;
      if (first === at) return;
      [heap[at], heap[first]] = [heap[first]!, heap[at]!];
      at = first;
    }
  };
  sources.forEach((source, s) => {
    if (next[s]! < source.length) {
      heap.push(s);
      up(heap.length - 1);
    }
  });
  const out: [number, number][] = [];
  for (let taken = 0; heap.length > 0 && out.length < limit; taken++) {
    const s = heap[0]!;
    if (taken >= offset) out.push([s, next[s]!]);
    next[s] = next[s]! + 1;
    if (next[s]! < sources[s]!.length) down(0);
    else {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
      if (heap.length > 0) down(0);
    }
  }
  return out;
}

/** Entries of `source` with a key below `key`. */
function lowerBound(source: KeyedSource, key: number): number {
  let low = 0;
  let high = source.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (source.key(mid) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The largest integer key k with at most `offset` entries below it in all the sources,
 * searched between the smallest and largest keys (times in ms); undefined without keys.
 */
function largestKeyWithAtMost(sources: readonly KeyedSource[], offset: number): number | undefined {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const source of sources) {
    if (source.length === 0) continue;
    low = Math.min(low, source.key(0));
    high = Math.max(high, source.key(source.length - 1));
  }
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high)) return undefined;
  const below = (key: number) => sources.reduce((sum, source) => sum + lowerBound(source, key), 0);
  // Invariant: below(low) <= offset (nothing is below the smallest key).
  while (low < high) {
    const mid = low + Math.ceil((high - low) / 2);
    if (below(mid) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}
