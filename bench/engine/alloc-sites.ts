/**
 * npm run bench:alloc [-- full]
 *
 * Where the engine allocates: the V8 sampling heap profiler, counting objects that minor
 * and major GCs collected too, over the futures mix at ~1,000 resting orders, after a
 * warm-up. Prints bytes allocated per command in total and by function (the GC pressure
 * behind the open-loop tail); `full` profiles the full path (apply with 1,000 accounts)
 * instead of the bare matching engine. The last line is one JSON object.
 */
import { Session } from 'node:inspector/promises';
import { basisFactory } from './basis-engine.ts';
import { type AnyEngineFactory, freshPrefilled, prepareWorkload } from './engine.ts';
import { fullPathFactory } from './full-path-engine.ts';
import { generateWorkload } from './workload.ts';

interface ProfileNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly selfSize: number;
  readonly children: readonly ProfileNode[];
}

const full = process.argv.includes('full');
const factory = (full ? fullPathFactory : basisFactory) as AnyEngineFactory;
const workload = generateWorkload({ mix: 'futures', depth: 1_000, ops: 200_000, seed: 20261105 });
const prepared = prepareWorkload(factory, workload);
for (let warm = 0; warm < 2; warm++) {
  const engine = freshPrefilled(factory, prepared);
  for (const input of prepared.stream) engine.step(input);
}
const engine = freshPrefilled(factory, prepared);
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 512,
  includeObjectsCollectedByMinorGC: true,
  includeObjectsCollectedByMajorGC: true,
} as never);
for (const input of prepared.stream) engine.step(input);
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
session.disconnect();

const bySite = new Map<string, number>();
let total = 0;
const walk = (node: ProfileNode): void => {
  const { functionName, url, lineNumber } = node.callFrame;
  const site = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
  bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
  total += node.selfSize;
  for (const child of node.children) walk(child);
};
walk(profile.head);
const ops = prepared.stream.length;
const sites = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([site, bytes]) => ({ site, bytes_per_op: Math.round(bytes / ops) }));
console.log(`${factory.name}: ${Math.round(total / ops)} bytes allocated per command`);
for (const { site, bytes_per_op } of sites) console.log(`  ${String(bytes_per_op).padStart(5)} B/op  ${site}`);
console.log(JSON.stringify({ bench: 'alloc', engine: factory.name, bytes_per_op: Math.round(total / ops), sites }));
