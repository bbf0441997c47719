import { MemoryJournal } from '../adapters/storage/memory-journal.ts';
import type { ExchangeConfig } from '../config/index.ts';
import { createCoreState } from '../core/index.ts';
import type { Clock } from './clock.ts';
import { HistoryProjection } from './history/history-projection.ts';
import { Sequencer } from './sequencer.ts';
import { tradingDayAt } from './trading-calendar.ts';

/**
 * Builds a running core from the configuration: the state, its journal and the
 * sequencer, then brings the state in line with the configuration through ordinary
 * commands (so that a replay of the journal reproduces it): the first trading day, and
 * every configured instrument the state does not have yet.
 */
export interface Exchange {
  readonly sequencer: Sequencer;
  readonly history: HistoryProjection;
}

export function bootExchange(config: ExchangeConfig, clock: Clock): Exchange {
  const state = createCoreState({
    selfTradePrevention: config.trading.selfTradePrevention,
    warningThreshold: config.risk.warningThreshold,
    forceCloseThreshold: config.risk.forceCloseThreshold,
  });
  const sequencer = new Sequencer(state, new MemoryJournal(), clock);
  const history = new HistoryProjection();
  sequencer.onApplied(({ stamped, result }) => history.apply(stamped, result));
  if (state.tradingDay === '') {
    sequencer.submit({ type: 'trading-day.begin', tradingDay: tradingDayAt(clock.now(), config.exchange.timezone) });
  }
  for (const spec of config.instruments) {
    if (!state.instruments.has(spec.instrumentId)) sequencer.submit({ type: 'instrument.add', spec });
  }
  return { sequencer, history };
}
