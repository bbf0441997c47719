import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bootExchange } from '../../src/app/boot.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { stateHash } from '../../src/app/state-hash.ts';
import { nextTradingDay, tradingDayAt } from '../../src/app/trading-calendar.ts';
import { loadConfig } from '../../src/config/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('trading calendar', () => {
  it('takes the date in the exchange time zone', () => {
    // 2026-11-23 17:30 UTC is already Tuesday 01:30 in Shanghai.
    assert.equal(tradingDayAt(Date.UTC(2026, 10, 23, 17, 30), 'Asia/Shanghai'), '2026-11-24');
    assert.equal(tradingDayAt(Date.UTC(2026, 10, 23, 17, 30), 'UTC'), '2026-11-23');
  });

  it('moves weekends to the next Monday', () => {
    assert.equal(tradingDayAt(Date.UTC(2026, 10, 22, 4, 0), 'Asia/Shanghai'), '2026-11-23');
    assert.equal(nextTradingDay('2026-11-20'), '2026-11-23');
    assert.equal(nextTradingDay('2026-11-23'), '2026-11-24');
  });
});

describe('boot', () => {
  it('registers the configured instruments and the first trading day through the journal', () => {
    const config = loadConfig({}, root);
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const { sequencer } = bootExchange(config, clock);
    assert.equal(sequencer.state.tradingDay, '2026-11-23');
    assert.equal(sequencer.state.instruments.size, config.instruments.length);
    assert.equal(sequencer.state.lastSeq, config.instruments.length + 1);
    assert.equal(stateHash(bootExchange(config, clock).sequencer.state), stateHash(sequencer.state), 'boot is deterministic');
  });
});
