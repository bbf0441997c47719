/**
 * The exchange under test: a separate process (so that the load generator and the server
 * do not share an event loop), on free ports, a throw-away DATA_DIR and the shipped
 * configuration (durability "full": every group-commit batch is fsync'd). With a profile
 * folder the server runs under `node --cpu-prof`; the profile is written when it exits.
 *
 * For both benchmarks' servers: BENCH_SERVER_NODE_FLAGS adds node flags (e.g.
 * "--trace-gc"), and BENCH_SERVER_LOG=<file> saves everything the server printed there
 * when it stops (where --trace-gc's lines go).
 */
import { configWithExchangeToml } from '../../test/support/shipped-config.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ServerProcess } from '../../test/support/server-process.ts';

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-admin-pass' } as const;

export interface BenchServer {
  readonly server: ServerProcess;
  readonly dataDir: string;
  /**
   * SIGTERM and wait for the exit (and the profile); the data folder is removed. A server
   * that does not exit within `timeoutMs` is killed and reported, not thrown: the figures
   * of the run are still worth printing.
   */
  stop(timeoutMs: number): Promise<ShutdownReport>;
}

export interface ShutdownReport {
  readonly seconds: number;
  readonly exitCode: number | null;
  readonly error: string | null;
}

/** Snapshots the server logged ("storage: snapshot at seq N (reason)"). */
export function snapshotLines(log: string): string[] {
  return log.split('\n').filter((line) => line.startsWith('storage: snapshot at seq'));
}

/** `orderLimit`: keep the shipped per-user order limit (bench:flood); the others turn it off. */
export async function startBenchServer(cpuProfDir: string, options: { orderLimit?: boolean } = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-bench-http-'));
  const nodeArgs = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter((flag) => flag !== '');
  if (cpuProfDir !== '') {
    mkdirSync(cpuProfDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfDir)}`);
  }
  let server: ServerProcess;
  try {
    server = await ServerProcess.start({
      dataDir,
      adminUsername: BENCH_ADMIN.username,
      adminPassword: BENCH_ADMIN.password,
      // Request logging off: the figures are the API's, not pino's. The load generator's
      // connections all come from one address: the per-address DIFF cap is raised for it.
      // The per-user order limit is off: the benchmarks measure what the exchange can take.
      env: { LOG_LEVEL: 'warn', ...configWithExchangeToml(`[ws]\nmax_connections_per_address = 8192\n${options.orderLimit === true ? '' : '[trading]\norders_per_second_per_user = 0\n'}`).env },
      nodeArgs,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const kill = (): void => server.kill();
  process.once('SIGINT', kill);
  return {
    server,
    dataDir,
    async stop(timeoutMs) {
      process.removeListener('SIGINT', kill);
      const started = performance.now();
      const logFile = process.env.BENCH_SERVER_LOG;
      const seconds = (): number => Math.round((performance.now() - started) / 10) / 100;
      try {
        const exit = await server.stop('SIGTERM', timeoutMs);
        const error = exit.code === 0 ? null : `the server exited with ${exit.code ?? exit.signal}`;
        return { seconds: seconds(), exitCode: exit.code, error };
      } catch (error) {
        return { seconds: seconds(), exitCode: null, error: `${(error as Error).message.split('\n')[0]} (killed)` };
      } finally {
        server.kill();
        rmSync(dataDir, { recursive: true, force: true });
        if (logFile !== undefined && logFile !== '') writeFileSync(logFile, server.log);
      }
    },
  };
}
