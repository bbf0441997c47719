/**
 * Entry point (`npm start`): loads the configuration and starts the core. This is the one
 * place that reads process.env, process.cwd() and the system clock: everything below
 * receives them as arguments.
 */
import { ConfigError, type ExchangeConfig, formatConfigSummary, loadConfig } from '../config/index.ts';
import { bootExchange } from './boot.ts';
import { systemClock } from './clock.ts';
import { stateHash } from './state-hash.ts';

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

const config = loadConfigOrFail();
if (config) {
  console.log(formatConfigSummary(config));
  const { sequencer } = bootExchange(config, systemClock);
  const state = sequencer.state;
  console.log(
    `core:         ready at seq ${state.lastSeq}, trading day ${state.tradingDay}, ` +
      `${state.instruments.size} instruments, state ${stateHash(state).slice(0, 16)}`,
  );
}
