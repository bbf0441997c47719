/**
 * npm run bench:engine  (node --import tsx --expose-gc bench/engine/run.ts)
 *
 * Matching-engine benchmark: Basis's core vs the npm package nodejs-order-book, on the
 * same seeded streams. For each (mix, depth): heap per resting order, a warm-up pass, then
 * interleaved repetitions (fresh engine + untimed prefill each time) of a throughput pass
 * (no per-op timing) and a latency pass (per-op clock reads into an HdrHistogram);
 * medians over repetitions. Then an open-loop run at a fixed offered rate, and the heap of
 * a book of 1,000,000 resting orders. Human-readable lines go to stdout as the run goes;
 * the LAST stdout line is one JSON object with the results.
 *
 * Environment knobs (all optional):
 *   BENCH_QUICK=1             quick smoke run: 20K/10K ops, 2 reps, 0.5 s open loop, no 1M build
 *   BENCH_OPS=400000          measured stream length at depth < 10,000
 *   BENCH_OPS_DEEP=100000     measured stream length at depth >= 10,000 (the peer is slow there)
 *   BENCH_WARMUP_OPS=400000   ops of the warm-up pass (a prefix of the stream): long enough for
 *                             the JIT to reach its optimised tier, as in a long-running exchange
 *   BENCH_REPS=5              repetitions per (mix, depth) and pass kind
 *   BENCH_PEER_REPS=<reps>    repetitions of the peer's throughput pass
 *   BENCH_PEER_LATENCY=1      also run latency passes for the peer (off by default: time)
 *   BENCH_ENGINES=basis,peer  which engines; the first one is the primary of the JSON
 *   BENCH_RUNS=futures:1000,exchange-core:100000   subset of the (mix:depth) runs ('none': no such run)
 *   BENCH_SEED=20260105       workload seed
 *   BENCH_OPENLOOP_RATE=100000  offered commands per second in the open-loop run
 *   BENCH_OPENLOOP_SECONDS=2.5  its length (0 = skip)
 *   BENCH_MILLION=1000000     resting orders of the big heap build (0 = skip)
 *   BENCH_FULL_PATH=1         the full-path run (apply with 1,000 funded accounts) on the
 *                             futures mix at 1,000 resting orders (0 = skip)
 *
 * With more than one engine, each engine (and the full path) runs in its own child process
 * (isolate.ts), so that neither's JIT feedback nor garbage affects the other's figures.
 */
import { cpus, loadavg } from 'node:os';
import { basisFactory } from './basis-engine.ts';
import { fullPathFactory } from './full-path-engine.ts';
import { runIsolated } from './isolate.ts';
import { type BenchConfig, readConfig, type RunSpec, streamLength } from './config.ts';
import { type AnyEngineFactory, prepareWorkload } from './engine.ts';
import { gcAvailable, type GcStats } from './gc-watch.ts';
import { heapOfBook, heapOfGeneratedBook, latencyPass, throughputPass, timerOverheadNs, type ThroughputResult } from './measure.ts';
import { noOpFactory, openLoop } from './open-loop.ts';
import { peerFactory } from './peer-nodejs-order-book.ts';
import { Prng } from './prng.ts';
import { describeGc, describeLatency, describeWorkload, int, spread } from './report.ts';
import { type LatencySummary, median, medianSummary, round1, round2 } from './stats.ts';
import { generateWorkload, MIXES, prefillMeanTicks, prefillOrder, REFERENCE_TICKS } from './workload.ts';

const FACTORIES: Record<string, AnyEngineFactory> = { basis: basisFactory, peer: peerFactory };
const PEER_NAME = peerFactory.name;

interface EngineRunResult {
  readonly name: string;
  readonly opsPerSec: number;
  readonly throughputs: number[];
  readonly latency: LatencySummary | null;
  readonly gc: GcStats & { readonly worst_max_ms: number };
  readonly bytesPerResting: number;
  readonly restingAtEnd: number;
  readonly refusals: number;
}

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function summarizeGc(runs: readonly GcStats[]): GcStats & { worst_max_ms: number } {
  return {
    count: median(runs.map((g) => g.count)),
    total_ms: round2(median(runs.map((g) => g.total_ms))),
    max_ms: round2(median(runs.map((g) => g.max_ms))),
    worst_max_ms: round2(Math.max(...runs.map((g) => g.max_ms))),
  };
}

async function benchRun(spec: RunSpec, config: BenchConfig, factories: readonly AnyEngineFactory[]): Promise<EngineRunResult[]> {
  const seed = config.seed + 7919 * MIXES.indexOf(spec.mix) + spec.depth;
  const workload = generateWorkload({ mix: spec.mix, depth: spec.depth, ops: streamLength(config, spec.depth), seed });
  log(`\n[${spec.mix} depth=${int(spec.depth)}] seed ${seed}`);
  log(describeWorkload(workload));

  const engines = factories.map((factory) => {
    const heap = heapOfBook(factory, workload.prefill);
    const prepared = prepareWorkload(factory, workload);
    const isPeer = factory.name === PEER_NAME;
    return {
      factory,
      prepared,
      heap,
      reps: isPeer ? config.peerReps : config.reps,
      latencyReps: isPeer && !config.peerLatency ? 0 : config.reps,
      throughput: [] as ThroughputResult[],
      latencies: [] as LatencySummary[],
    };
  });

  for (const e of engines) {
    const warm = { prefill: e.prepared.prefill, stream: e.prepared.stream.slice(0, config.warmupOps) };
    const r = await throughputPass(e.factory, warm);
    log(`  ${e.factory.name}: warm-up ${int(warm.stream.length)} ops at ${int(r.opsPerSec)} ops/s`);
  }
  const maxReps = Math.max(...engines.map((e) => e.reps));
  for (let rep = 0; rep < maxReps; rep++) {
    for (const e of engines) {
      if (rep < e.reps) e.throughput.push(await throughputPass(e.factory, e.prepared));
    }
  }
  for (let rep = 0; rep < config.reps; rep++) {
    for (const e of engines) {
      if (rep < e.latencyReps) e.latencies.push((await latencyPass(e.factory, e.prepared)).latency);
    }
  }

  const results = engines.map((e): EngineRunResult => {
    const throughputs = e.throughput.map((t) => t.opsPerSec);
    const last = e.throughput[e.throughput.length - 1]!;
    return {
      name: e.factory.name,
      opsPerSec: Math.round(median(throughputs)),
      throughputs,
      latency: e.latencies.length > 0 ? medianSummary(e.latencies) : null,
      gc: summarizeGc(e.throughput.map((t) => t.gc)),
      bytesPerResting: round1(e.heap.bytesPerResting),
      restingAtEnd: last.restingAtEnd,
      refusals: last.refusals,
    };
  });
  for (const r of results) {
    log(
      `  ${r.name}: ${int(r.opsPerSec)} ops/s (median of ${r.throughputs.length}: ${spread(r.throughputs)}); ` +
        `${r.latency === null ? 'latency not measured' : describeLatency(r.latency)}; ${describeGc(r.gc)}; ` +
        `heap ${r.bytesPerResting} B/resting order${spec.depth < 10_000 ? ' (mostly fixed per-book cost at this depth)' : ''}; resting at end ${int(r.restingAtEnd)} ` +
        `(model ${int(workload.stats.restingAtEnd)}), refused ${int(r.refusals)}`,
    );
  }
  const primary = results[0]!;
  const peer = results.find((r) => r.name === PEER_NAME);
  if (peer !== undefined && peer !== primary) {
    log(`  ${primary.name} / ${peer.name} throughput ratio: ${round2(primary.opsPerSec / peer.opsPerSec)}x`);
  }
  return results;
}

async function openLoopRun(config: BenchConfig, factories: readonly AnyEngineFactory[]) {
  const ops = Math.round(config.openLoopRate * config.openLoopSeconds);
  const workload = generateWorkload({ mix: 'futures', depth: 1_000, ops, seed: config.seed + 1 });
  log(`\n[open loop] futures depth=1,000, ${int(config.openLoopRate)} commands/s offered for ${config.openLoopSeconds} s`);
  const out: { name: string; latency: LatencySummary; achievedPerSec: number; late: number; maxServiceUs: number; gc: GcStats }[] = [];
  for (const factory of factories) {
    const prepared = prepareWorkload(factory, workload);
    await throughputPass(factory, { prefill: prepared.prefill, stream: prepared.stream.slice(0, config.warmupOps) });
    const r = await openLoop(factory, prepared, config.openLoopRate);
    log(
      `  ${factory.name}: ${describeLatency(r.latency)} (from due time); achieved ${int(r.achievedPerSec)}/s; ` +
        `${int(r.lateOver100us)} commands done >100 µs after due; longest single command ${r.maxServiceUs} µs; ${describeGc(r.gc)}`,
    );
    out.push({ name: factory.name, latency: r.latency, achievedPerSec: r.achievedPerSec, late: r.lateOver100us, maxServiceUs: r.maxServiceUs, gc: r.gc });
  }
  const floor = await openLoop(noOpFactory, { prefill: [], stream: new Array<number>(ops).fill(0) }, config.openLoopRate);
  log(`  floor (no-op engine, same harness): ${describeLatency(floor.latency)}; ${int(floor.lateOver100us)} commands >100 µs after due`);
  return { engines: out, floor };
}

function millionRun(config: BenchConfig, factories: readonly AnyEngineFactory[]) {
  const count = config.millionCount;
  log(`\n[heap] one book of ${int(count)} resting orders (passive, ${int(prefillMeanTicks(count))}-tick mean distance from the mid)`);
  const out: { name: string; mb: number; bytesPerResting: number }[] = [];
  for (const factory of factories) {
    const rng = new Prng(config.seed + 2);
    const mean = prefillMeanTicks(count);
    const r = heapOfGeneratedBook(factory, count, (i) => prefillOrder(rng, i + 1, 1000, REFERENCE_TICKS, mean));
    const mb = round1(r.bytes / 2 ** 20);
    log(
      `  ${factory.name}: ${int(r.resting)} resting, heap +${mb} MB (${round1(r.bytesPerResting)} B/order), ` +
        `built in ${int(r.buildMs)} ms; under 1 GiB: ${r.bytes < 2 ** 30 ? 'yes' : 'NO'}`,
    );
    out.push({ name: factory.name, mb, bytesPerResting: round1(r.bytesPerResting) });
  }
  return out;
}

async function main(): Promise<void> {
  const config = readConfig();
  if (config.engines.length > 1 && process.env.BENCH_CHILD !== '1') {
    const started = Date.now();
    const merged = await runIsolated(config.engines, process.env.BENCH_FULL_PATH !== '0');
    (merged.config as Record<string, unknown>).seconds = Math.round((Date.now() - started) / 1000);
    (merged.config as Record<string, unknown>).isolated = true;
    log(`\ndone in ${Math.round((Date.now() - started) / 1000)} s (one process per engine)`);
    log(JSON.stringify(merged));
    return;
  }
  const onlyFullPath = process.env.BENCH_ONLY_FULL_PATH === '1';
  const factories = config.engines.map((name) => {
    const factory = FACTORIES[name];
    if (factory === undefined) throw new Error(`BENCH_ENGINES: unknown engine ${name} (known: ${Object.keys(FACTORIES).join(', ')})`);
    return factory;
  });
  const started = Date.now();
  log(
    `bench:engine — node ${process.version}, engines ${factories.map((f) => f.name).join(' vs ')}, ` +
      `${config.reps} reps${config.quick ? ' (QUICK)' : ''}, seed ${config.seed}`,
  );
  if (!gcAvailable()) log('  warning: global.gc unavailable (run with --expose-gc): heap figures are unreliable');
  const loadAtStart = loadavg()[0]!;
  log(`  ${cpus().length} CPUs, load average (1 min) ${loadAtStart.toFixed(2)}`);
  if (loadAtStart > 0.5) log('  warning: the machine is busy; throughput and tail latencies will be noisy');
  log(`  clock read in the latency loop: ~${int(timerOverheadNs())} ns (included in every per-op latency)`);

  const runs: Record<string, unknown>[] = [];
  for (const spec of onlyFullPath ? [] : config.runs) {
    const results = await benchRun(spec, config, factories);
    const primary = results[0]!;
    const peer = results.find((r) => r.name === PEER_NAME);
    const lat = primary.latency;
    runs.push({
      mix: spec.mix,
      depth: spec.depth,
      engine: primary.name,
      ops: streamLength(config, spec.depth),
      ops_per_sec: primary.opsPerSec,
      p50_us: lat?.p50_us ?? null,
      p99_us: lat?.p99_us ?? null,
      p999_us: lat?.p999_us ?? null,
      p9999_us: lat?.p9999_us ?? null,
      max_us: lat?.max_us ?? null,
      peer_ops_per_sec: peer?.opsPerSec ?? null,
      ratio_vs_peer: peer === undefined ? null : round2(primary.opsPerSec / peer.opsPerSec),
      bytes_per_resting_order: primary.bytesPerResting,
      peer_bytes_per_resting_order: peer?.bytesPerResting ?? null,
      gc: primary.gc,
      peer_gc: peer?.gc ?? null,
      ...(peer?.latency ? { peer_p50_us: peer.latency.p50_us, peer_p99_us: peer.latency.p99_us, peer_max_us: peer.latency.max_us } : {}),
    });
  }

  if (process.env.BENCH_FULL_PATH !== '0') {
    const spec: RunSpec = { mix: 'futures', depth: 1000 };
    const [full] = await benchRun(spec, config, [fullPathFactory]);
    const lat = full!.latency;
    runs.push({
      mix: 'full-path',
      depth: spec.depth,
      engine: full!.name,
      accounts: 1000,
      ops: streamLength(config, spec.depth),
      ops_per_sec: full!.opsPerSec,
      p50_us: lat?.p50_us ?? null,
      p99_us: lat?.p99_us ?? null,
      p999_us: lat?.p999_us ?? null,
      p9999_us: lat?.p9999_us ?? null,
      max_us: lat?.max_us ?? null,
      gc: full!.gc,
    });
  }

  const result: Record<string, unknown> = { bench: 'engine', runs };
  if (config.openLoopSeconds > 0 && config.openLoopRate > 0 && !onlyFullPath) {
    const { engines: ol, floor } = await openLoopRun(config, factories);
    const primary = ol[0]!;
    const peer = ol.find((r) => r.name === PEER_NAME);
    Object.assign(result, {
      openloop_rate: config.openLoopRate,
      openloop_p50_us: primary.latency.p50_us,
      openloop_p99_us: primary.latency.p99_us,
      openloop_p999_us: primary.latency.p999_us,
      openloop_max_us: primary.latency.max_us,
      openloop_late_over_100us: primary.late,
      openloop_max_service_us: primary.maxServiceUs,
      openloop_gc: { count: primary.gc.count, total_ms: round2(primary.gc.total_ms), max_ms: round2(primary.gc.max_ms) },
      openloop_floor_p99_us: floor.latency.p99_us,
      openloop_floor_max_us: floor.latency.max_us,
      openloop_floor_late_over_100us: floor.lateOver100us,
      ...(peer !== undefined && peer !== primary
        ? { openloop_peer_p99_us: peer.latency.p99_us, openloop_peer_max_us: peer.latency.max_us, openloop_peer_achieved_per_sec: Math.round(peer.achievedPerSec) }
        : {}),
    });
  }
  if (config.millionCount > 0 && !onlyFullPath) {
    const million = millionRun(config, factories);
    const primary = million[0]!;
    const peer = million.find((r) => r.name === PEER_NAME);
    Object.assign(result, {
      million_resting_heap_mb: primary.mb,
      ...(peer !== undefined && peer !== primary ? { peer_million_resting_heap_mb: peer.mb } : {}),
    });
  }
  Object.assign(result, {
    config: {
      quick: config.quick,
      reps: config.reps,
      peer_reps: config.peerReps,
      ops: config.ops,
      ops_deep: config.opsDeep,
      seed: config.seed,
      node: process.version,
      loadavg_start: round2(loadAtStart),
      loadavg_end: round2(loadavg()[0]!),
      seconds: Math.round((Date.now() - started) / 1000),
    },
  });
  log(`\ndone in ${Math.round((Date.now() - started) / 1000)} s`);
  log(JSON.stringify(result));
}

await main();
