/** The benchmark's environment knobs (documented at the top of run.ts). */
export interface HttpBenchConfig {
  /** Seconds of each measured phase. */
  readonly seconds: number;
  /** Seconds of the unmeasured warm-up before each phase (0 = none). */
  readonly warmupSeconds: number;
  readonly connections: number;
  readonly batchConnections: number;
  readonly batchSize: number;
  readonly users: number;
  readonly accountsPerUser: number;
  readonly phases: ReadonlySet<Phase>;
  /** A folder for the server's V8 CPU profile (node --cpu-prof), or '' for none. */
  readonly cpuProfDir: string;
  readonly seed: number;
  readonly shutdownTimeoutSeconds: number;
}

export type Phase = 'health' | 'submit' | 'batch';
const PHASES: readonly Phase[] = ['health', 'submit', 'batch'];

function positive(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number; got ${raw}`);
  return value;
}

export function readConfig(): HttpBenchConfig {
  const connections = Math.round(positive('BENCH_HTTP_CONNECTIONS', 50));
  const phases = (process.env.BENCH_HTTP_PHASES ?? PHASES.join(','))
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const p of phases) if (!(PHASES as readonly string[]).includes(p)) throw new Error(`BENCH_HTTP_PHASES: unknown phase ${p} (${PHASES.join(', ')})`);
  const batchSize = Math.round(positive('BENCH_HTTP_BATCH_SIZE', 100));
  if (batchSize > 100) throw new Error('BENCH_HTTP_BATCH_SIZE: the batch route takes at most 100 orders');
  return {
    seconds: positive('BENCH_HTTP_SECONDS', 10),
    warmupSeconds: positive('BENCH_HTTP_WARMUP_SECONDS', 3, true),
    connections,
    batchConnections: Math.round(positive('BENCH_HTTP_BATCH_CONNECTIONS', connections)),
    batchSize,
    users: Math.round(positive('BENCH_HTTP_USERS', 10)),
    accountsPerUser: Math.round(positive('BENCH_HTTP_ACCOUNTS_PER_USER', 10)),
    phases: new Set(phases as Phase[]),
    cpuProfDir: process.env.BENCH_HTTP_CPU_PROF ?? '',
    seed: Math.round(positive('BENCH_HTTP_SEED', 20261122)),
    shutdownTimeoutSeconds: positive('BENCH_HTTP_SHUTDOWN_TIMEOUT', 120),
  };
}
