/**
 * The exchange's program (`npm start` runs its bundle through start.ts): loads the
 * configuration and starts the exchange on its embedded storage. This is the one place
 * that reads process.env, process.cwd() and the system clock: everything below receives
 * them as arguments.
 */
// First: on a Node.js too old for the libraries below, say so before they fail to load
// (run from the sources; the built server's entry, start.ts, checks before loading this).
import './node-version.ts';
import { performance } from 'node:perf_hooks';
import { ConfigError, type ExchangeConfig, formatConfigSummary, loadConfig } from '../config/index.ts';
import { systemClock } from './clock.ts';
import { Service } from './service.ts';
import { stateHash } from './state-hash.ts';

const log = (line: string): void => console.log(line);

/** A config problem is the operator's to fix: print it and fail, without a stack trace. */
function loadConfigOrFail(): ExchangeConfig | undefined {
  try {
    return loadConfig(process.env, process.cwd());
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    // exitCode rather than exit(): lets stderr flush before the process ends.
    process.exitCode = 1;
    return undefined;
  }
}

/**
 * SIGTERM / SIGINT handlers exist from the first line on: without one, the kernel ends the
 * process at once, and a signal that arrives while the exchange is still starting would
 * skip the final snapshot. A signal during start-up is acted on as soon as start-up ends.
 */
let requestedStop: string | undefined;
let stopNow: ((signal: string) => void) | undefined;
/**
 * A terminal's Ctrl-C reaches every process of its foreground group, and npm passes it on
 * to the script's process too: under `npm start` the exchange gets one Ctrl-C twice,
 * milliseconds apart. A repeat of the same signal within this time is that one request;
 * an operator's second Ctrl-C, to give up the shutdown snapshot, comes later.
 */
const ONE_REQUEST_MS = 1000;
let lastSignal: { readonly signal: string; readonly at: number } | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    const at = performance.now();
    if (lastSignal?.signal === signal && at - lastSignal.at < ONE_REQUEST_MS) return;
    lastSignal = { signal, at };
    if (stopNow !== undefined) stopNow(signal);
    else if (requestedStop === undefined) requestedStop = signal;
    else {
      // A second signal while still starting (a long replay, say): nothing to save yet.
      log(`${signal} again while starting: exiting now`);
      process.exit(1);
    }
  });
}

async function main(): Promise<void> {
  const config = loadConfigOrFail();
  if (config === undefined) return;
  log(formatConfigSummary(config));
  const service = await Service.start(config, systemClock, log, {
    listen: true,
    websocket: true,
    httpLogger: {
      level: config.logLevel,
      // Bodies are never logged; headers only if someone raises the level to trace.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  });
  let stopping = false;
  stopNow = (signal: string): void => {
    if (stopping) {
      // Every acknowledged command is in the journal: the next start replays what the
      // shutdown snapshot would have held.
      log(`${signal} again: exiting now, without the shutdown snapshot (the next start replays the journal)`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: finishing in-flight commands, writing a snapshot`);
    service.stop().then(
      // Not clean after a storage failure: a supervisor should look before restarting.
      (snapshotted) => process.exit(snapshotted ? 0 : 1),
      (error: unknown) => {
        console.error(`shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  const state = service.exchange.state;
  log(
    `core:         ready at seq ${state.lastSeq}, trading day ${state.tradingDay}, ` +
      `${state.instruments.size} instruments, state ${stateHash(state).slice(0, 16)}`,
  );
  const pending = requestedStop ?? (process.env.BASIS_EXIT_AFTER_START === '1' ? 'start check' : undefined);
  if (pending !== undefined) stopNow(pending);
}

main().catch((error: unknown) => {
  const cause = (error as Error).cause;
  const detail = cause instanceof Error && !(error as Error).message.includes(cause.message) ? ` (${cause.message})` : '';
  console.error(`the exchange could not start: ${(error as Error).message}${detail}`);
  // The signal handlers above would otherwise keep a failed start from ending.
  process.exit(1);
});
