/**
 * npm run bench:journal
 *
 * 1. Durable throughput with group commit: orders (the engine benchmark's futures mix,
 *    1,000 funded accounts) submitted through the sequencer and the group committer onto
 *    LevelDB with full durability (every batch fsync'd), with WINDOW commands in flight;
 *    each command's latency from submission to durable goes into an HdrHistogram.
 * 2. Restart: RESTART_COMMANDS commands are written and the storage closed; then the time
 *    to open it and be ready is measured twice: with no snapshot (the whole journal is
 *    replayed through `apply`: the worst case, and the replay speed), and with the
 *    shipped snapshot policy (a snapshot every 500,000 commands, config/exchange.toml:
 *    what an operator sees; the last snapshot a whole interval before the end, its worst case).
 * Beside the rate, the durable run reports what a command costs in CPU: the whole
 * process's (main thread, the storage engine's threads, the kernel) and the main thread's
 * busy time (event-loop utilisation), per command.
 * The npm script runs node with the start script's flags (64 MB young-generation
 * semi-spaces), since what is measured is the exchange's own storage path and restart.
 * The last stdout line is one JSON object.
 *
 * Knobs: BENCH_DURABLE_COMMANDS (default 200000), BENCH_WINDOW (2000),
 *        BENCH_RESTART_COMMANDS (1000000), BENCH_QUICK=1 (20,000 and 100,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LevelStorage } from '../../src/adapters/storage/level-storage.ts';
import { systemClock } from '../../src/app/clock.ts';
import { GroupCommitter } from '../../src/app/group-commit.ts';
import { recover } from '../../src/app/recovery.ts';
import { Sequencer } from '../../src/app/sequencer.ts';
import { takeSnapshot } from '../../src/app/snapshotter.ts';
import { loadConfig } from '../../src/config/index.ts';
import { type Command, createCoreState } from '../../src/core/index.ts';
import { toBasisCommand } from '../engine/basis-engine.ts';
import { setupCommands } from '../engine/full-path-engine.ts';
import { summarizeLatencies } from '../engine/stats.ts';
import { generateWorkload } from '../engine/workload.ts';

const quick = process.env.BENCH_QUICK === '1';
const durableCommands = Number(process.env.BENCH_DURABLE_COMMANDS ?? (quick ? 20_000 : 200_000));
const window = Number(process.env.BENCH_WINDOW ?? 2_000);
const restartCommands = Number(process.env.BENCH_RESTART_COMMANDS ?? (quick ? 100_000 : 1_000_000));
const silent = (): void => undefined;
/** The shipped snapshot policy (config/exchange.toml, [storage] snapshot_every_commands). */
const SNAPSHOT_EVERY = loadConfig({}, process.cwd()).storage.snapshotEveryCommands;
const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** Setup, then the futures mix: orders, cancels and modifies by 1,000 accounts. */
function commands(count: number, seed: number): Command[] {
  const workload = generateWorkload({ mix: 'futures', depth: 1_000, ops: count, seed });
  const ops = [...workload.prefill, ...workload.stream];
  return [...setupCommands(), ...ops.map((op, i) => toBasisCommand(op, i).command)].slice(0, count);
}

async function open(durability: 'full' | 'relaxed') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-bench-journal-'));
  const storage = await LevelStorage.open({ dataDir, durability, log: silent });
  const sequencer = new Sequencer(createCoreState(), storage.journal, systemClock);
  const committer = new GroupCommitter(sequencer, storage.journal, silent);
  return { dataDir, storage, sequencer, committer };
}

async function durableRun() {
  const stream = commands(durableCommands, 20261122);
  const { dataDir, storage, committer } = await open('full');
  const latencies = new Float64Array(stream.length);
  let next = 0;
  let batches = 0;
  committer.onDurable(() => batches++);
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    let done = 0;
    const submitOne = (): void => {
      const i = next++;
      if (i >= stream.length) return;
      const t0 = performance.now();
      committer.submit(stream[i]!).then(() => {
        latencies[i] = (performance.now() - t0) * 1e6;
        if (++done === stream.length) resolve();
        else submitOne();
      }, reject);
    };
    for (let k = 0; k < window; k++) submitOne();
  });
  const seconds = (performance.now() - started) / 1000;
  // What a durable command costs in CPU, beside how many fit in a second: the process's
  // CPU (main thread, the storage engine's threads, the kernel) and the main thread's
  // busy time, per command.
  const cpu = process.cpuUsage(cpuBefore);
  const loop = performance.eventLoopUtilization(loopBefore);
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
  const perCommand = (us: number): number => Math.round((us / stream.length) * 100) / 100;
  return {
    opsPerSec: Math.round(stream.length / seconds),
    latency: summarizeLatencies(latencies),
    batches,
    cpuUsPerCommand: perCommand(cpu.user + cpu.system),
    mainThreadUsPerCommand: perCommand(loop.active * 1000),
  };
}

async function restartRun(snapshotEvery: number) {
  const stream = commands(restartCommands, 20261123);
  const { dataDir, storage, sequencer, committer } = await open('relaxed');
  for (let i = 0; i < stream.length; i += 10_000) {
    await Promise.all(stream.slice(i, i + 10_000).map((command) => committer.submit(command)));
    // The last snapshot falls a whole interval before the end: the worst case of the policy.
    if (snapshotEvery > 0 && (i + 10_000) % snapshotEvery === 0 && i + 10_000 < stream.length) {
      await takeSnapshot(sequencer.state, storage.journal, storage.snapshots, (seq) => storage.journal.pruneThrough(seq));
    }
  }
  await storage.close();
  const started = performance.now();
  const reopened = await LevelStorage.open({ dataDir, durability: 'full', log: silent });
  const replayStarted = performance.now();
  const recovered = await recover(reopened.journal, reopened.snapshots, {}, silent);
  const finished = performance.now();
  await reopened.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    snapshotSeq: recovered.snapshotSeq,
    commands: recovered.replayed,
    replayOpsPerSec: Math.round(recovered.replayed / ((finished - replayStarted) / 1000)),
    readySeconds: Math.round(((finished - started) / 1000) * 100) / 100,
  };
}

log(`bench:journal — ${durableCommands.toLocaleString('en')} durable commands (window ${window}), restart with ${restartCommands.toLocaleString('en')}`);
const durable = await durableRun();
log(
  `durable: ${durable.opsPerSec.toLocaleString('en')} commands/s in ${durable.batches.toLocaleString('en')} fsync'd batches; ` +
    `submit to durable p50 ${durable.latency.p50_us} µs, p99 ${durable.latency.p99_us} µs, max ${durable.latency.max_us} µs; ` +
    `CPU ${durable.cpuUsPerCommand} µs a command (main thread ${durable.mainThreadUsPerCommand} µs)`,
);
const restart = await restartRun(0);
log(`restart without snapshot: ${restart.commands.toLocaleString('en')} commands replayed at ${restart.replayOpsPerSec.toLocaleString('en')}/s; ready in ${restart.readySeconds} s`);
const snapshotted = await restartRun(SNAPSHOT_EVERY);
log(
  `restart with a snapshot every ${SNAPSHOT_EVERY.toLocaleString('en')}: snapshot ${snapshotted.snapshotSeq.toLocaleString('en')} + ${snapshotted.commands.toLocaleString('en')} replayed; ready in ${snapshotted.readySeconds} s`,
);
log(
  JSON.stringify({
    bench: 'journal',
    durable_ops_per_sec: durable.opsPerSec,
    commit_p50_us: durable.latency.p50_us,
    commit_p99_us: durable.latency.p99_us,
    commit_max_us: durable.latency.max_us,
    batches: durable.batches,
    cpu_us_per_command: durable.cpuUsPerCommand,
    main_thread_us_per_command: durable.mainThreadUsPerCommand,
    replay_ops_per_sec: restart.replayOpsPerSec,
    restart_commands: restart.commands,
    restart_ready_seconds: restart.readySeconds,
    restart_with_snapshots_ready_seconds: snapshotted.readySeconds,
    config: { durable_commands: durableCommands, window, node: process.version },
  }),
);
