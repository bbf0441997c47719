import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { rangeEnd, SIDECAR_PREFIX } from '../../src/adapters/storage/keys.ts';
import { LevelStorage } from '../../src/adapters/storage/level-storage.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { Exchange } from '../../src/app/exchange.ts';
import { GroupCommitter } from '../../src/app/group-commit.ts';
import { recover } from '../../src/app/recovery.ts';
import { Sequencer } from '../../src/app/sequencer.ts';
import { stateHash } from '../../src/app/state-hash.ts';
import { takeSnapshot } from '../../src/app/snapshotter.ts';
import { nextTradingDay } from '../../src/core/calendar/trading-days.ts';
import { scheduledTradingDayAt, tradingDayAt } from '../../src/app/trading-calendar.ts';
import { loadConfig } from '../../src/config/index.ts';
import { COPPER, limitOrder, twoAccountDay } from '../support/core-harness.ts';
import { configWithExchangeToml } from '../support/shipped-config.ts';
import { freePort, serverArgs } from '../support/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const silent = (): void => undefined;

function config() {
  return loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'basis-exchange-')) }, root);
}

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

  it('a scheduled exchange first started after the settlement time begins on the next trading day, settling nothing', async () => {
    // Friday 2026-11-20 16:00 in Shanghai (08:00 UTC): Friday's settlement time (15:30) has passed.
    assert.equal(scheduledTradingDayAt(Date.UTC(2026, 10, 20, 8, 0), 'Asia/Shanghai', 15 * 60 + 30), '2026-11-23');
    assert.equal(scheduledTradingDayAt(Date.UTC(2026, 10, 20, 7, 0), 'Asia/Shanghai', 15 * 60 + 30), '2026-11-20');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-late-start-'));
    const scheduled = '[exchange]\nsession_mode = "scheduled"\ntrading_hours = "09:00-15:00"\nsettlement_time = "15:30"\n';
    const cfg = loadConfig({ DATA_DIR: dataDir, ...configWithExchangeToml(scheduled).env }, root);
    const exchange = await Exchange.start(cfg, new ManualClock(Date.UTC(2026, 10, 20, 8, 0)), silent);
    assert.equal(exchange.state.tradingDay, '2026-11-23');
    assert.equal(exchange.history.settlementHistory().length, 0);
    await exchange.stop();
  });

  it('keeps declared holidays across a restart, from the snapshot and from the journal after it', async () => {
    const cfg = config();
    const clock = new ManualClock(Date.UTC(2026, 11, 24, 2, 0));
    const first = await Exchange.start(cfg, clock, silent);
    await first.submit({ type: 'calendar.add-holidays', holidays: [{ date: '2026-12-25', name: 'Christmas Day' }] });
    await first.snapshot('test');
    await first.submit({ type: 'calendar.add-holidays', holidays: [{ date: '2027-01-01', name: "New Year's Day" }] });
    const hash = stateHash(first.sequencer.state);
    // A crash (no shutdown snapshot): the second start replays the journal after the snapshot.
    await first.storage.close();
    const second = await Exchange.start(cfg, clock, silent);
    assert.equal(stateHash(second.sequencer.state), hash);
    assert.deepEqual(second.sequencer.state.holidays.list().map((h) => h.date), ['2026-12-25', '2027-01-01']);
    await second.submit({ type: 'settlement.execute' });
    assert.equal(second.sequencer.state.tradingDay, '2026-12-28');
    await second.stop();
  });
});

describe('exchange start and restart', () => {
  it('registers the trading day and the configured instruments through the journal, once', async () => {
    const cfg = config();
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const first = await Exchange.start(cfg, clock, silent);
    const state = first.sequencer.state;
    assert.equal(state.tradingDay, '2026-11-23');
    assert.equal(state.instruments.size, cfg.instruments.length);
    assert.equal(state.lastSeq, cfg.instruments.length + 1);
    const hash = stateHash(state);
    assert.equal(await first.stop(), true, 'a clean stop, with its snapshot');

    const lines: string[] = [];
    const second = await Exchange.start(cfg, clock, (line) => lines.push(line));
    assert.equal(second.sequencer.state.lastSeq, cfg.instruments.length + 1, 'nothing registered twice');
    assert.equal(stateHash(second.sequencer.state), hash);
    assert.ok(lines.some((line) => line.includes(`snapshot ${cfg.instruments.length + 1}`)), 'started from the shutdown snapshot');
    await second.stop();
    await assert.rejects(second.submit({ type: 'trading-day.end' }), /shutting down/);
  });

  it('says which configured contracts expired before the trading day, and starts with the others', async () => {
    const cfg = config();
    const expired = { ...cfg.instruments[0]!, instrumentId: 'SHFE.cu2511', expireDate: '2025-11-14' };
    const lines: string[] = [];
    const exchange = await Exchange.start({ ...cfg, instruments: [expired, ...cfg.instruments] }, new ManualClock(Date.UTC(2026, 10, 23, 2, 0)), (line) => lines.push(line));
    assert.equal(exchange.sequencer.state.instruments.has('SHFE.cu2511'), false);
    assert.equal(exchange.sequencer.state.instruments.size, cfg.instruments.length);
    assert.ok(lines.some((line) => /instruments: SHFE\.cu2511 not added: SHFE\.cu2511 expired on 2025-11-14, before the trading day 2026-11-23/.test(line)), lines.join('\n'));
    await exchange.stop();
  });

  it('the timer writes no snapshot while nothing changed since the newest one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-idle-'));
    const cfg = loadConfig({ DATA_DIR: dataDir, ...configWithExchangeToml('[storage]\nsnapshot_every_seconds = 0.05\n').env }, root);
    const lines: string[] = [];
    const timerSnapshots = () => lines.filter((line) => /snapshot at seq \d+ \(timer\)/.test(line)).length;
    const exchange = await Exchange.start(cfg, new ManualClock(Date.UTC(2026, 10, 23, 2, 0)), (line) => lines.push(line));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(timerSnapshots(), 1, 'the start-up commands, once');
    await exchange.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(timerSnapshots(), 2, 'the new command, once');
    await exchange.stop();
    // A restart from that snapshot is idle too.
    const again = await Exchange.start(cfg, new ManualClock(Date.UTC(2026, 10, 23, 2, 0)), (line) => lines.push(line));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(timerSnapshots(), 2);
    await again.stop();
  });

  it('a stop after a storage failure writes no snapshot, says so, and is not a clean stop', async () => {
    const cfg = config();
    const lines: string[] = [];
    const exchange = await Exchange.start(cfg, new ManualClock(Date.UTC(2026, 10, 23, 2, 0)), (line) => lines.push(line));
    await exchange.storage.db.close();
    await assert.rejects(exchange.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' }));
    assert.equal(await exchange.stop(), false);
    assert.ok(lines.some((line) => /no shutdown snapshot, storage had failed/.test(line)), lines.join('\n'));
    assert.ok(!lines.some((line) => /snapshot at seq .* \(shutdown\)/.test(line)));
  });

  it('replays each command under the rules it was applied under, whatever the configuration says at the restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-rules-'));
    const withStp = (on: boolean) => loadConfig({ DATA_DIR: dataDir, ...configWithExchangeToml(`[trading]\nself_trade_prevention = ${on}\n`).env }, root);
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const lines: string[] = [];
    const first = await Exchange.start(withStp(false), clock, (line) => lines.push(line));
    assert.ok(lines.some((l) => /rules from the configuration apply from seq \d+: self_trade_prevention false/.test(l)), lines.join('\n'));
    const cu = first.config.instruments[0]!;
    const order = (orderId: string, direction: 'BUY' | 'SELL') => ({
      type: 'order.place' as const, accountId: 'A', orderId, instrumentId: cu.instrumentId, direction, offset: 'OPEN' as const,
      priceType: 'LIMIT' as const, price: cu.preSettlement, volume: 1, timeCondition: 'GFD' as const, volumeCondition: 'ANY' as const,
    });
    await first.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
    await first.submit({ type: 'account.open', userId: 'u1', accountId: 'A', initialBalance: 10_000_000 });
    await first.submit(order('a1', 'BUY'));
    const crossed = await first.submit(order('a2', 'SELL'));
    assert.equal(crossed.result.events.filter((e) => e.type === 'trade.executed').length, 1, 'a self-trade, as configured');
    // A crash: the journal is durable, no snapshot is written.
    await first.committer.drain();
    await first.storage.close();

    const second = await Exchange.start(withStp(true), clock, silent);
    const position = second.state.accounts.get('A')!.positions.get(cu.instrumentId)!;
    assert.deepEqual([position.long.volume, position.short.volume], [1, 1], 'the replay made the same trade');
    assert.equal(second.state.options.selfTradePrevention, true, 'and the new rule applies from now on');
    await second.stop();
    const third = await Exchange.start(withStp(true), clock, silent);
    assert.equal(third.state.options.selfTradePrevention, true);
    await third.stop();
  });

  it('a store an earlier core version wrote keeps what it did: refused while its commands wait for a replay, then started from its snapshot', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-legacy-'));
    const withStp = (on: boolean) => loadConfig({ DATA_DIR: dataDir, ...configWithExchangeToml(`[trading]\nself_trade_prevention = ${on}\n`).env }, root);
    // What earlier code wrote: a journal applied under the configured rules (self-trades
    // allowed), with no rules.set and no core version in the store, and no snapshot.
    const storage = await LevelStorage.open({ dataDir, durability: 'full', log: silent });
    const recovered = await recover(storage.journal, storage.snapshots, { selfTradePrevention: false }, silent);
    const sequencer = new Sequencer(recovered.state, storage.journal, new ManualClock(Date.UTC(2026, 10, 23, 2, 0)));
    const committer = new GroupCommitter(sequencer, storage.journal, silent);
    for (const command of twoAccountDay()) await committer.submit(command);
    await committer.submit(limitOrder('A', 'a1', 'BUY', 70000, 1));
    const crossed = await committer.submit(limitOrder('A', 'a2', 'SELL', 70000, 1));
    assert.equal(crossed.result.events.filter((e) => e.type === 'trade.executed').length, 1);
    await committer.drain();
    await storage.close();

    const clock = new ManualClock(Date.UTC(2026, 10, 23, 3, 0));
    // This code would replay them under its own rules: it does not start.
    await assert.rejects(Exchange.start(withStp(false), clock, silent), /applied by core version 1/);
    // The earlier code's clean stop: it replays them and writes a snapshot.
    const drained = await LevelStorage.open({ dataDir, durability: 'full', log: silent });
    const again = await recover(drained.journal, drained.snapshots, { selfTradePrevention: false }, silent);
    await takeSnapshot(again.state, drained.journal, drained.snapshots, (seq) => drained.journal.pruneThrough(seq));
    await drained.close();
    for (const on of [false, true]) {
      const exchange = await Exchange.start(withStp(on), clock, silent);
      const position = exchange.state.accounts.get('A')!.positions.get(COPPER.instrumentId)!;
      assert.deepEqual([position.long.volume, position.short.volume], [1, 1], `the acknowledged self-trade is still there (restart with ${on})`);
      // A crash: the next start replays what this version journaled since.
      await exchange.committer.drain();
      await exchange.storage.close();
    }
  });

  it('a journal begins under the core defaults: a replay after a crash keeps a self-trade cancelled under them', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-rules-label-'));
    const withStp = (on: boolean) => loadConfig({ DATA_DIR: dataDir, ...configWithExchangeToml(`[trading]\nself_trade_prevention = ${on}\n`).env }, root);
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const crash = async (exchange: Exchange) => {
      await exchange.committer.drain();
      await exchange.storage.close();
    };
    // Begun under the defaults (self-trades cancelled), then started once with them off.
    const first = await Exchange.start(withStp(true), clock, silent);
    await first.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
    await first.submit({ type: 'account.open', userId: 'u1', accountId: 'A', initialBalance: 10_000_000 });
    const cu = first.config.instruments[0]!;
    const order = (orderId: string, direction: 'BUY' | 'SELL') => limitOrder('A', orderId, direction, cu.preSettlement, 1, { instrumentId: cu.instrumentId });
    await first.submit(order('a1', 'BUY'));
    const cancelled = await first.submit(order('a2', 'SELL'));
    assert.equal(cancelled.result.events.filter((e) => e.type === 'trade.executed').length, 0);
    await crash(first);
    await crash(await Exchange.start(withStp(false), clock, silent));
    // Replayed from the start under the defaults, whatever the configuration says now.
    const again = await Exchange.start(withStp(false), clock, silent);
    assert.equal(again.state.accounts.get('A')!.positions.get(cu.instrumentId)?.long.volume ?? 0, 0, 'the self-trade stays cancelled');
    await again.stop();
  });

  it('the history users query survives a restart, with the snapshot and the records after it', async () => {
    const cfg = config();
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const cu = cfg.instruments[0]!.instrumentId;
    const order = (accountId: string, orderId: string, direction: 'BUY' | 'SELL') => ({
      type: 'order.place' as const, accountId, orderId, instrumentId: cu, direction, offset: 'OPEN' as const,
      priceType: 'LIMIT' as const, price: cfg.instruments[0]!.preSettlement, volume: 1, timeCondition: 'GFD' as const, volumeCondition: 'ANY' as const,
    });
    const first = await Exchange.start(cfg, clock, silent);
    await first.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
    await first.submit({ type: 'account.open', userId: 'u1', accountId: 'A', initialBalance: 1_000_000 });
    // Another user: self-trade prevention keeps one user's two accounts from trading together.
    await first.submit({ type: 'user.register', userId: 'u2', username: 'bob', passwordHash: 'h', role: 'user' });
    await first.submit({ type: 'account.open', userId: 'u2', accountId: 'B', initialBalance: 1_000_000 });
    await first.submit(order('A', 'a1', 'BUY'));
    await first.submit(order('B', 'b1', 'SELL'));
    await first.submit({ type: 'settlement.execute' });
    await first.snapshot('test');
    await first.submit(order('A', 'a2', 'BUY'));
    const before = JSON.stringify(first.history.toJSON());
    await first.stop();

    const second = await Exchange.start(cfg, clock, silent);
    assert.equal(JSON.stringify(second.history.toJSON()), before);
    assert.equal(second.history.tradesOf('A').length, 1);
    assert.equal(second.history.settlementHistory().length, 1);
    assert.equal(second.history.equityCurve('A').length, 1);
    assert.equal(second.history.order('A', 'a2')?.status, 'ACCEPTED');
    await second.stop();
  });

  it('a crash that lost the last history written: the restart rebuilds it from the journal and stores it', async () => {
    const cfg = config();
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const cu = cfg.instruments[0]!;
    const first = await Exchange.start(cfg, clock, silent);
    await first.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
    await first.submit({ type: 'account.open', userId: 'u1', accountId: 'A', initialBalance: 1_000_000 });
    // Another user: self-trade prevention keeps one user's two accounts from trading together.
    await first.submit({ type: 'user.register', userId: 'u2', username: 'bob', passwordHash: 'h', role: 'user' });
    await first.submit({ type: 'account.open', userId: 'u2', accountId: 'B', initialBalance: 1_000_000 });
    const place = (accountId: string, orderId: string, direction: 'BUY' | 'SELL') =>
      first.submit({
        type: 'order.place', accountId, orderId, instrumentId: cu.instrumentId, direction, offset: 'OPEN',
        priceType: 'LIMIT', price: cu.preSettlement, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY',
      });
    await place('A', 'a1', 'BUY');
    await place('B', 'b1', 'SELL');
    const expected = JSON.stringify(first.history.toJSON());
    assert.equal(first.history.tradesOf('B').length, 1);
    // The trade's history goes with the write after its record's: an idle exchange writes it on its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stored: number[] = [];
    for await (const batch of first.storage.journal.sidecars()) for (const [seq] of batch) stored.push(seq);
    assert.equal(stored.at(-1), first.state.lastSeq, 'the last command\'s history is stored');
    // A crash that lost that write.
    await first.storage.close();
    const storage = await LevelStorage.open({ dataDir: cfg.dataDir, durability: 'full', log: silent });
    for await (const key of storage.db.keys({ gte: SIDECAR_PREFIX, lt: rangeEnd(SIDECAR_PREFIX), reverse: true, limit: 1 })) await storage.db.del(key);
    await storage.close();

    const lines: string[] = [];
    const second = await Exchange.start(cfg, clock, (line) => lines.push(line));
    assert.equal(JSON.stringify(second.history.toJSON()), expected, 'no order or trade lost from the history');
    assert.ok(lines.some((line) => /1 records' history rebuilt from the replay/.test(line)), lines.join('\n'));
    await second.storage.close();
    const again: string[] = [];
    const third = await Exchange.start(cfg, clock, (line) => again.push(line));
    assert.equal(JSON.stringify(third.history.toJSON()), expected);
    assert.ok(!again.some((line) => line.includes('rebuilt')), `stored at the restart before: ${again.join('\n')}`);
    await third.stop();
  });

  it('a start that replayed a tenth of the snapshot interval snapshots at once: crash after crash, the replay does not grow', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-crashes-'));
    // A snapshot every 1,000 commands: a start that replays 100 or more snapshots at once.
    const cfg = loadConfig({ DATA_DIR: dataDir, ...configWithExchangeToml('[storage]\nsnapshot_every_commands = 1000\n').env }, root);
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const lines: string[] = [];
    let exchange = await Exchange.start(cfg, clock, (line) => lines.push(line));
    for (let life = 1; life <= 3; life++) {
      const registered = [];
      for (let i = 0; i < 120; i++) registered.push(exchange.submit({ type: 'user.register', userId: `u${life}-${i}`, username: `user${life}_${i}`, passwordHash: 'h', role: 'user' }));
      await Promise.all(registered);
      const lastSeq = exchange.state.lastSeq;
      await exchange.storage.close(); // a crash: no shutdown snapshot
      lines.length = 0;
      exchange = await Exchange.start(cfg, clock, (line) => lines.push(line));
      const recovered = lines.find((line) => line.includes('recovered seq'))!;
      if (life > 1) assert.match(recovered, new RegExp(`\\(snapshot ${lastSeq - 120}, 120 records replayed`), recovered);
      await exchange.snapshot('test'); // waits for the one the start queued
      assert.ok(lines.includes(`storage: snapshot at seq ${lastSeq} (after a replay)`), lines.join('\n'));
    }
    await exchange.stop();
    lines.length = 0;
    const clean = await Exchange.start(cfg, clock, (line) => lines.push(line));
    assert.ok(!lines.some((line) => line.includes('(after a replay)')), 'a clean stop leaves nothing to replay');
    await clean.stop();
  });

  it('a snapshot holds the projections of its own seq, though commands keep coming while it is written', async () => {
    const cfg = config();
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const cu = cfg.instruments[0]!.instrumentId;
    const first = await Exchange.start(cfg, clock, silent);
    await first.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
    await first.submit({ type: 'account.open', userId: 'u1', accountId: 'A', initialBalance: 100_000_000 });
    // Another user: self-trade prevention keeps one user's two accounts from trading together.
    await first.submit({ type: 'user.register', userId: 'u2', username: 'bob', passwordHash: 'h', role: 'user' });
    await first.submit({ type: 'account.open', userId: 'u2', accountId: 'B', initialBalance: 100_000_000 });
    const place = (accountId: string, orderId: string, direction: 'BUY' | 'SELL') =>
      first.submit({
        type: 'order.place', accountId, orderId, instrumentId: cu, direction, offset: 'OPEN',
        priceType: 'LIMIT', price: cfg.instruments[0]!.preSettlement, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY',
      });
    // A journal write is in flight when the snapshot is captured; the orders (and the
    // trade) that follow arrive while the snapshot waits behind that write.
    const inFlight = place('A', 'before', 'BUY');
    await new Promise((resolve) => setImmediate(resolve));
    const snapshot = first.snapshot('test');
    await Promise.resolve();
    const during = Promise.all([place('A', 'during-1', 'BUY'), place('B', 'during-2', 'SELL')]);
    await Promise.all([inFlight, snapshot, during]);
    const expected = first.history.ordersOf('A').map((o) => [o.orderId, o.status, o.filledVolume]);
    assert.deepEqual(expected, [['before', 'FILLED', 1], ['during-1', 'ACCEPTED', 0]]);
    assert.equal(first.history.tradesOf('A').length, 1);
    // A crash: no shutdown snapshot, so recovery starts from the one above plus the journal.
    await first.storage.close();
    const second = await Exchange.start(cfg, clock, silent);
    assert.deepEqual(second.history.ordersOf('A').map((o) => [o.orderId, o.status, o.filledVolume]), expected, 'no order twice, none lost');
    assert.equal(second.history.tradesOf('A').length, 1, 'no trade twice');
    await second.stop();
  });

  it('a core that halted is never snapshotted: the next start replays the journal instead', async () => {
    const cfg = config();
    const clock = new ManualClock(Date.UTC(2026, 10, 23, 2, 0));
    const lines: string[] = [];
    const first = await Exchange.start(cfg, clock, (line) => lines.push(line));
    await first.submit({ type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' });
    // A projection that throws on one command: a bug, which halts the core like one in apply.
    first.sequencer.onApplied(({ stamped }) => {
      if (stamped.command.type === 'account.open') throw new TypeError('a bug in a projection');
    });
    await assert.rejects(first.submit({ type: 'account.open', userId: 'u1', accountId: 'A', initialBalance: 1_000 }), /core stopped after an internal error/);
    const haltedAt = first.sequencer.state.lastSeq;
    await assert.rejects(first.submit({ type: 'trading-day.end' }), /core stopped/);
    await first.snapshot('test');
    await first.stop();
    assert.ok(lines.some((line) => line.includes('no snapshot (test): the core halted')), lines.join('\n'));
    assert.ok(lines.some((line) => line.includes('no snapshot (shutdown): the core halted')), lines.join('\n'));

    const restart: string[] = [];
    const second = await Exchange.start(cfg, clock, (line) => restart.push(line));
    assert.ok(!restart.some((line) => line.includes(`snapshot ${haltedAt}`)), `not started from a snapshot of the halted state: ${restart.join('\n')}`);
    assert.equal(second.sequencer.state.lastSeq, haltedAt, 'the journaled command replayed');
    assert.ok(second.sequencer.state.accounts.has('A'), 'and applied, without the faulty projection');
    await second.stop();
  });

  it('npm start runs until SIGTERM, then writes a snapshot and exits 0', async () => {
    const { code, output } = await runUntilReady(['SIGTERM']);
    assert.equal(code, 0, output);
    assert.match(output, /SIGTERM: finishing in-flight commands/);
    assert.match(output, /storage: snapshot at seq \d+ \(shutdown\)/);
  });

  it('npm start stops cleanly on a terminal\'s Ctrl-C: SIGINT to its whole process group, which npm passes on again', async () => {
    const { code, output } = await runUntilReady(['SIGINT'], { npmStart: true });
    assert.equal(code, 0, output);
    assert.match(output, /SIGINT: finishing in-flight commands/);
    assert.doesNotMatch(output, /again/);
    assert.match(output, /storage: snapshot at seq \d+ \(shutdown\)/);
  });

  it('a second signal during the shutdown exits at once, saying the journal will be replayed', async () => {
    const { code, output } = await runUntilReady(['SIGTERM', 'SIGINT']);
    assert.equal(code, 1, output);
    assert.match(output, /(SIGINT|SIGTERM) again: exiting now, without the shutdown snapshot \(the next start replays the journal\)/);
  });
});

/**
 * Starts the exchange as `npm start` does, on a fresh DATA_DIR, and once it is ready sends
 * `signals` (each once, back to back); resolves with its exit code and output. With
 * `npmStart`, through `npm start` itself (its pre-start builds skipped: npm test has built
 * the server) in a process group of its own, and the signals go to the whole group, as a
 * terminal sends them.
 */
async function runUntilReady(signals: readonly NodeJS.Signals[], options: { npmStart?: boolean } = {}): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-start-'));
  const env = { ...process.env, DATA_DIR: dataDir, HTTP_PORT: String(await freePort()), WS_PORT: String(await freePort()) };
  // node itself (not npx), so that the signal reaches the exchange's own process; npm
  // through the same node, from npm's own path when the tests run under npm.
  const npm = process.env.npm_execpath;
  const child = options.npmStart
    ? spawn(npm === undefined ? 'npm' : process.execPath, [...(npm === undefined ? [] : [npm]), 'start', '--ignore-scripts'], { cwd: root, env, detached: true })
    : spawn(process.execPath, serverArgs(), { cwd: root, env });
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  let output = '';
  let signalled = false;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('core:         ready') && !signalled) {
      signalled = true;
      for (const signal of signals) {
        if (options.npmStart) process.kill(-child.pid!, signal);
        else child.kill(signal);
      }
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(guard);
  return { code, output };
}
