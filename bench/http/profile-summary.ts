/**
 * A summary of a V8 CPU profile (.cpuprofile, from node --cpu-prof): self time per
 * function and per origin (a package under node_modules, a folder of src/, node's own
 * internals, GC), as shares of the busy (non-idle) samples. Code from a file with a
 * source map beside it (the built server, dist/server/main.js) is named by its source.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
  readonly endTime: number;
}

export interface ProfileSummary {
  readonly busyMs: number;
  readonly idleMs: number;
  readonly topFunctions: { readonly name: string; readonly where: string; readonly sharePct: number; readonly ms: number }[];
  readonly byOrigin: { readonly origin: string; readonly sharePct: number; readonly ms: number }[];
}

/** Where code comes from: `fastify`, `src/core`, `node:internal`, `(garbage collector)`... */
export function originOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url.startsWith('node:internal') ? 'node:internal' : url;
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1).split('/').slice(0, 3).join('/').replace(/\.ts$/, '');
  return url.replace(/^file:\/\//, '');
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}

/**
 * A span of the profiled process's life in microseconds of the monotonic clock: V8 stamps
 * samples with it, and on Linux so does process.hrtime in any other process, so the load
 * generator can name the window of one measured phase.
 */
export interface ProfileWindow {
  readonly fromUs: number;
  readonly toUs: number;
}

/** Monotonic-clock microseconds, comparable with the profile's sample times. */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

/**
 * The frame with its url and line in the source it was built from, when a source map
 * `<file>.map` lies beside the file (the built server's bundle); as it is otherwise.
 */
function sourceFrame(frame: CallFrame, maps: Map<string, SourceMap | undefined>): CallFrame {
  if (!frame.url.startsWith('file://')) return frame;
  let map = maps.get(frame.url);
  if (!maps.has(frame.url)) {
    const file = `${fileURLToPath(frame.url)}.map`;
    map = existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
    maps.set(frame.url, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry === undefined || !('originalSource' in entry)) return frame;
  const source = entry.originalSource.startsWith('file://') ? entry.originalSource : new URL(entry.originalSource, frame.url).href;
  return { ...frame, url: source, lineNumber: entry.originalLine, functionName: sourceName(frame.functionName, source, entry.originalLine) };
}

/**
 * The function's name in its source: a bundle renames a function whose name another
 * module also uses (`execute` becomes `execute2`), and the profile has the bundle's name.
 */
function sourceName(name: string, source: string, line: number): string {
  const renamed = /^(.*\D)\d+$/.exec(name);
  if (renamed === null || !source.startsWith('file://')) return name;
  const file = fileURLToPath(source);
  const text = existsSync(file) ? (readFileSync(file, 'utf8').split('\n')[line] ?? '') : '';
  return !text.includes(name) && text.includes(renamed[1]!) ? renamed[1]! : name;
}

/** Self time per function and origin, over the whole profile or only the samples inside `window`. */
export function summarizeProfile(profile: CpuProfile, top = 25, window?: ProfileWindow): ProfileSummary {
  const maps = new Map<string, SourceMap | undefined>();
  const byId = new Map(profile.nodes.map((n) => [n.id, { ...n, callFrame: sourceFrame(n.callFrame, maps) }]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window !== undefined && (at < window.fromUs || at > window.toUs)) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  let idleUs = 0;
  let busyUs = 0;
  const functions = new Map<string, { name: string; where: string; us: number }>();
  const origins = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const where = frame.url === '' ? '' : `${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
    const key = `${frame.functionName}@${where}`;
    const entry = functions.get(key) ?? { name: frame.functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    functions.set(key, entry);
    const origin = originOf(frame.url, frame.functionName);
    origins.set(origin, (origins.get(origin) ?? 0) + us);
  }
  const pct = (us: number): number => Math.round((1000 * us) / Math.max(1, busyUs)) / 10;
  const ms = (us: number): number => Math.round(us / 1000);
  return {
    busyMs: ms(busyUs),
    idleMs: ms(idleUs),
    topFunctions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, sharePct: pct(f.us), ms: ms(f.us) })),
    byOrigin: [...origins.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([origin, us]) => ({ origin, sharePct: pct(us), ms: ms(us) })),
  };
}

/**
 * Run directly: node --import tsx bench/http/profile-summary.ts <file.cpuprofile> [top] [fromUs toUs]
 * (a phase's window_us from the benchmark's JSON line restricts it to that phase).
 */
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (file === undefined) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
  const [from, to] = [process.argv[4], process.argv[5]];
  const window = from !== undefined && to !== undefined ? { fromUs: Number(from), toUs: Number(to) } : undefined;
  const summary = summarizeProfile(readProfile(file), Number(process.argv[3] ?? 30), window);
  console.log(`busy ${summary.busyMs} ms, idle ${summary.idleMs} ms`);
  console.log('self time by origin:');
  for (const o of summary.byOrigin.slice(0, 20)) console.log(`  ${o.sharePct.toFixed(1).padStart(5)}%  ${o.origin}`);
  console.log('top functions by self time:');
  for (const f of summary.topFunctions) console.log(`  ${f.sharePct.toFixed(1).padStart(5)}%  ${f.name}  ${f.where}`);
}
