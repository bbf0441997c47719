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
  const next = sources.map(() => 0);
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
    if (source.length > 0) {
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
