/**
 * Runs each engine in its own child process and merges their JSON lines.
 *
 * Engines measured in one process share the harness's call sites and the heap: the JIT
 * feedback the peer leaves behind slowed Basis by about a quarter in the same run, and
 * each engine's garbage lands in the other's GC pauses. One process per engine measures
 * each as it would run alone. The children's human-readable lines are passed through.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;

const RUN_SCRIPT = fileURLToPath(new URL('./run.ts', import.meta.url));

function runChild(env: NodeJS.ProcessEnv): Promise<Json> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, RUN_SCRIPT], {
      env: { ...process.env, ...env, BENCH_CHILD: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    let last = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('{"bench"')) last = line;
        else process.stdout.write(`${line}\n`);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (buffered.startsWith('{"bench"')) last = buffered;
      if (code !== 0 || last === '') reject(new Error(`bench child (${env.BENCH_ENGINES}) exited with ${code}`));
      else resolve(JSON.parse(last) as Json);
    });
  });
}

/** Basis, then the peer, then the full path, each alone; one merged JSON object. */
export async function runIsolated(engines: readonly string[], fullPath: boolean): Promise<Json> {
  const [primaryName, ...others] = engines;
  const primary = await runChild({ BENCH_ENGINES: primaryName, BENCH_FULL_PATH: '0' });
  const runs = primary.runs as Json[];
  for (const name of others) {
    const other = await runChild({ BENCH_ENGINES: name, BENCH_FULL_PATH: '0' });
    mergePeer(primary, runs, other);
  }
  if (fullPath) {
    const full = await runChild({ BENCH_ENGINES: primaryName, BENCH_ONLY_FULL_PATH: '1' });
    runs.push(...(full.runs as Json[]));
  }
  return primary;
}

function mergePeer(primary: Json, runs: Json[], peer: Json): void {
  for (const run of runs) {
    const match = (peer.runs as Json[]).find((r) => r.mix === run.mix && r.depth === run.depth);
    if (match === undefined) continue;
    const peerOps = match.ops_per_sec as number;
    Object.assign(run, {
      peer_ops_per_sec: peerOps,
      ratio_vs_peer: Math.round(((run.ops_per_sec as number) / peerOps) * 100) / 100,
      peer_bytes_per_resting_order: match.bytes_per_resting_order,
      peer_gc: match.gc,
      ...(match.p99_us !== null ? { peer_p50_us: match.p50_us, peer_p99_us: match.p99_us, peer_max_us: match.max_us } : {}),
    });
  }
  if (peer.openloop_p99_us !== undefined) {
    // The floor is the primary child's; the peer's run measured its own.
    Object.assign(primary, {
      openloop_peer_p99_us: peer.openloop_p99_us,
      openloop_peer_max_us: peer.openloop_max_us,
    });
  }
  if (peer.million_resting_heap_mb !== undefined) {
    Object.assign(primary, { peer_million_resting_heap_mb: peer.million_resting_heap_mb });
  }
}
