import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { apply, type Command, createCoreState, instrumentState, openInterest, type StampedCommand } from '../../src/core/index.ts';
import { KlineSeries, MarketDataProjection, zonedMidnight } from '../../src/marketdata/index.ts';
import { materialize, streamArb } from '../reference/command-streams.ts';
import { COPPER } from '../support/core-harness.ts';

const TZ = 'Asia/Shanghai';

/** Applies stamped commands to a fresh core and a projection; `check` runs after each one. */
function run(commands: readonly StampedCommand[], check?: (state: ReturnType<typeof createCoreState>, projection: MarketDataProjection) => void) {
  const state = createCoreState();
  const projection = new MarketDataProjection(TZ);
  for (const stamped of commands) {
    projection.apply(stamped, apply(state, stamped), state);
    check?.(state, projection);
  }
  return { state, projection };
}

/** Opens and closes between three accounts on one instrument, with settlements between. */
const tradingArb = fc.array(
  fc.oneof(
    { weight: 12, arbitrary: fc.record({ kind: fc.constant('order' as const), account: fc.integer({ min: 0, max: 2 }), buy: fc.boolean(), close: fc.boolean(), volume: fc.integer({ min: 1, max: 3 }), ticks: fc.integer({ min: -2, max: 2 }), dtMs: fc.integer({ min: 0, max: 400_000 }) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'settle' as const }) },
  ),
  { minLength: 1, maxLength: 120 },
);

type TradingAction = typeof tradingArb extends fc.Arbitrary<(infer A)[]> ? A : never;

function tradingCommands(actions: readonly TradingAction[]): StampedCommand[] {
  const out: StampedCommand[] = [];
  let ts = Date.UTC(2026, 10, 23, 1, 0, 0);
  const emit = (command: Command, dt = 1) => out.push({ seq: out.length + 1, ts: (ts += dt), command });
  emit({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
  emit({ type: 'instrument.add', spec: COPPER });
  for (let i = 0; i < 3; i++) {
    emit({ type: 'user.register', userId: `u${i}`, username: `user${i}`, passwordHash: 'x', role: 'user' });
    emit({ type: 'account.open', userId: `u${i}`, accountId: `a${i}`, initialBalance: 100_000_000 });
  }
  let n = 0;
  for (const action of actions) {
    if (action.kind === 'settle') {
      emit({ type: 'settlement.execute' });
      continue;
    }
    emit(
      {
        type: 'order.place',
        accountId: `a${action.account}`,
        orderId: `o${n++}`,
        instrumentId: COPPER.instrumentId,
        direction: action.buy ? 'BUY' : 'SELL',
        offset: action.close ? 'CLOSE' : 'OPEN',
        priceType: 'LIMIT',
        price: 70_000 + action.ticks * 10,
        volume: action.volume,
        timeCondition: 'GFD',
        volumeCondition: 'ANY',
      },
      action.dtMs,
    );
  }
  return out;
}

/**
 * A fresh core and projection in `timeZone`, a day begun, copper listed and two traders
 * A and B; `cross(price, id)` has A sell one lot to B. `tsOf` stamps each command.
 */
function twoTraders(timeZone: string, tsOf: () => number) {
  const state = createCoreState();
  const projection = new MarketDataProjection(timeZone);
  let seq = 0;
  const step = (command: Command) => {
    const stamped = { seq: ++seq, ts: tsOf(), command };
    projection.apply(stamped, apply(state, stamped), state);
  };
  step({ type: 'trading-day.begin', tradingDay: '2026-11-24' });
  step({ type: 'instrument.add', spec: COPPER });
  for (const a of ['A', 'B']) {
    step({ type: 'user.register', userId: `u${a}`, username: `user${a}`, passwordHash: 'x', role: 'user' });
    step({ type: 'account.open', userId: `u${a}`, accountId: a, initialBalance: 1e9 });
  }
  const cross = (price: number, id: string) => {
    for (const [account, direction] of [['A', 'SELL'], ['B', 'BUY']] as const) {
      step({ type: 'order.place', accountId: account, orderId: `${account}${id}`, instrumentId: COPPER.instrumentId, direction, offset: 'OPEN', priceType: 'LIMIT', price, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' });
    }
  };
  return { projection, step, cross };
}

describe('market-data projection', () => {
  it('keeps open interest equal to the long volume the core holds, through opens, closes and settlements', () => {
    fc.assert(
      fc.property(tradingArb, (actions) => {
        run(tradingCommands(actions), (state, projection) => {
          assert.equal(projection.tape(COPPER.instrumentId)?.stats.openInterest ?? 0, openInterest(state, COPPER.instrumentId));
        });
      }),
      { numRuns: 150 },
    );
  });

  it("shows each tick with the day's figures after its trade and the book its command left", () => {
    fc.assert(
      fc.property(tradingArb, (actions) => {
        let shown = -1;
        let volume = 0;
        run(tradingCommands(actions), (state, projection) => {
          const tape = projection.tape(COPPER.instrumentId);
          if (tape === undefined) return;
          const ticks = tape.tickSeries();
          const fresh = ticks.byIds(shown + 1, ticks.lastId);
          shown = ticks.lastId;
          if (fresh.length === 0) return;
          const live = instrumentState(state, COPPER.instrumentId)!;
          const s = tape.stats;
          // A new day may have begun before the first of them: count from the first one's volume.
          volume = fresh[0]!.dayVolume === fresh[0]!.volume ? 0 : volume;
          for (const tick of fresh) {
            volume += tick.volume;
            assert.equal(tick.dayVolume, volume, "the day's volume including the tick's trade");
            assert.ok(tick.dayLowest <= tick.close && tick.close <= tick.dayHighest);
            assert.deepEqual(
              [tick.bidPrice1, tick.bidVolume1, tick.askPrice1, tick.askVolume1],
              [live.bidPrice1, live.bidVolume1, live.askPrice1, live.askVolume1],
              'the book as the command left it',
            );
          }
          const newest = fresh[fresh.length - 1]!;
          assert.deepEqual(
            [newest.dayVolume, newest.dayHighest, newest.dayLowest, newest.dayAmount, newest.closeOi],
            [s.volume, s.highest, s.lowest, s.amount, s.openInterest],
            "the newest tick shows the day's figures as the quote does",
          );
        });
      }),
      { numRuns: 100 },
    );
  });

  it('reads series saved as objects (snapshots before rows), ticks with 0 for the market they lack', () => {
    const { projection } = run(tradingCommands([
      { kind: 'order', account: 0, buy: false, close: false, volume: 2, ticks: 0, dtMs: 1 },
      { kind: 'order', account: 1, buy: true, close: false, volume: 2, ticks: 0, dtMs: 1 },
    ]));
    const tape = projection.tape(COPPER.instrumentId)!;
    const saved = JSON.parse(JSON.stringify(projection.toJSON()));
    // The old layout: every series as candle objects with ids, ticks without the market.
    for (const [, , savedTape] of saved.tapes) {
      savedTape.series = savedTape.series.map(([code]: [number]) => {
        const series = tape.klines(code)!;
        const candles = series.latest(series.size).map(({ id, openMs, open, high, low, close, volume, openOi, closeOi }) => ({ id, openMs, open, high, low, close, volume, openOi, closeOi }));
        return [code, { nextId: series.lastId + 1, candles }];
      });
    }
    const restored = MarketDataProjection.fromJSON(TZ, saved).tape(COPPER.instrumentId)!;
    for (const code of [0, 4, 5, 6, 7, 8]) assert.deepEqual(restored.klines(code)!.latest(10), tape.klines(code)!.latest(10), `period ${code}`);
    const tick = restored.tickSeries().latest(1)[0]!;
    assert.deepEqual([tick.id, tick.close, tick.volume], [0, 70_000, 2]);
    assert.deepEqual([tick.dayVolume, tick.dayHighest, tick.bidPrice1, tick.askVolume1], [0, 0, 0, 0]);
  });

  it("puts every trade's volume in exactly one candle of each period", () => {
    fc.assert(
      fc.property(tradingArb, (actions) => {
        const commands = tradingCommands(actions);
        const { state, projection } = run(commands);
        let traded = 0;
        const replay = createCoreState();
        for (const stamped of commands) for (const e of apply(replay, stamped).events) if (e.type === 'trade.executed') traded += e.volume;
        assert.equal(state.lastSeq, replay.lastSeq);
        const tape = projection.tape(COPPER.instrumentId);
        const settlements = actions.filter((a) => a.kind === 'settle').length;
        for (const code of [0, 4, 5, 6, 7, 8]) {
          const candles = tape?.klines(code)?.latest(100_000) ?? [];
          assert.equal(candles.reduce((sum, c) => sum + c.volume, 0), traded, `period ${code}`);
          let sharedTimes = 0;
          for (let i = 1; i < candles.length; i++) {
            const prev = candles[i - 1];
            const candle = candles[i];
            assert.ok(prev !== undefined && candle !== undefined);
            assert.ok(candle.openMs >= prev.openMs, 'candles are in time order');
            // One per period, but for a day settled within a period: the next day's trades open their own.
            if (candle.openMs === prev.openMs) sharedTimes++;
            assert.ok(sharedTimes <= settlements, 'two candles of one period only across a settlement');
            assert.equal(candle.id, prev.id + 1);
            assert.ok(candle.low <= Math.min(candle.open, candle.close) && candle.high >= Math.max(candle.open, candle.close));
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('rebuilds identically from a saved copy plus the later commands (snapshot + replay)', () => {
    fc.assert(
      fc.property(streamArb({ maxLength: 80 }), fc.nat(), (stream, cut) => {
        const commands = materialize(stream);
        const whole = run(commands).projection;
        const at = cut % (commands.length + 1);
        const first = run(commands.slice(0, at));
        const saved = JSON.parse(JSON.stringify(first.projection.toJSON()));
        const resumed = MarketDataProjection.fromJSON(TZ, saved);
        for (const stamped of commands.slice(at)) resumed.apply(stamped, apply(first.state, stamped), first.state);
        assert.deepEqual(JSON.parse(JSON.stringify(resumed.toJSON())), JSON.parse(JSON.stringify(whole.toJSON())));
      }),
      { numRuns: 60 },
    );
  });

  it('opens minute candles on the minute and daily candles at the trading day\'s midnight in the exchange zone', () => {
    const t0 = Date.UTC(2026, 10, 23, 1, 30, 10); // 09:30:10 in Shanghai
    const commands = tradingCommands([]);
    const base = commands.length;
    const place = (seq: number, ts: number, accountId: string, direction: 'BUY' | 'SELL', price: number): StampedCommand => ({
      seq,
      ts,
      command: { type: 'order.place', accountId, orderId: `x${seq}`, instrumentId: COPPER.instrumentId, direction, offset: 'OPEN', priceType: 'LIMIT', price, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' },
    });
    const trades = [
      place(base + 1, t0, 'a0', 'SELL', 70_000),
      place(base + 2, t0 + 1_000, 'a1', 'BUY', 70_000),
      place(base + 3, t0 + 20_000, 'a0', 'SELL', 70_100),
      place(base + 4, t0 + 21_000, 'a1', 'BUY', 70_100),
      place(base + 5, t0 + 61_000, 'a0', 'SELL', 69_900),
      place(base + 6, t0 + 62_000, 'a2', 'BUY', 69_900),
    ];
    const { projection } = run([...commands, ...trades]);
    const tape = projection.tape(COPPER.instrumentId);
    const minutes = tape?.klines(4)?.latest(10) ?? [];
    assert.deepEqual(
      minutes.map((c) => [c.openMs, c.open, c.high, c.low, c.close, c.volume, c.openOi, c.closeOi]),
      [
        [Date.UTC(2026, 10, 23, 1, 30, 0), 70_000, 70_100, 70_000, 70_100, 2, 0, 2],
        [Date.UTC(2026, 10, 23, 1, 31, 0), 69_900, 69_900, 69_900, 69_900, 1, 2, 3],
      ],
    );
    const days = tape?.klines(0)?.latest(10) ?? [];
    assert.equal(days.length, 1);
    assert.equal(days[0]?.openMs, zonedMidnight('2026-11-23', TZ));
    assert.equal(days[0]?.openMs, Date.UTC(2026, 10, 22, 16, 0, 0));
    assert.equal(tape?.stats.volume, 3);
    assert.equal(tape?.stats.highest, 70_100);
    assert.equal(tape?.stats.lowest, 69_900);
    assert.equal(tape?.recentTrades(2).map((t) => t.price).join(','), '69900,70100');
  });

  it('moves the quote time with the book, keeps updated_at for administrators, and the open interest a delisted contract had', () => {
    const commands = tradingCommands([]);
    let ts = commands[commands.length - 1]!.ts;
    const at = (command: Command, dt: number): StampedCommand => ({ seq: commands.length + 1, ts: (ts += dt), command });
    const order = (accountId: string, orderId: string, direction: 'BUY' | 'SELL', price: number): Command => ({
      type: 'order.place', accountId, orderId, instrumentId: COPPER.instrumentId, direction, offset: 'OPEN', priceType: 'LIMIT', price, volume: 2, timeCondition: 'GTC', volumeCondition: 'ANY',
    });
    const { state, projection } = run(commands);
    const step = (command: Command, dt: number) => {
      const stamped = at(command, dt);
      commands.push(stamped);
      projection.apply(stamped, apply(state, stamped), state);
      return stamped.ts;
    };
    const tape = projection.tape(COPPER.instrumentId)!;
    step(order('a0', 's', 'SELL', 70_000), 1_000);
    const traded = step(order('a1', 'b', 'BUY', 70_000), 1_000);
    assert.equal(tape.stats.updatedTs, traded);
    // Five minutes later only the book changes: the quote's time is that of the new bid.
    const bid = step(order('a2', 'bid', 'BUY', 69_000), 300_000);
    assert.equal(tape.stats.updatedTs, bid, 'a new best bid is news');
    step(order('a2', 'deeper', 'BUY', 68_000), 60_000);
    assert.equal(tape.stats.updatedTs, bid, 'a bid below the best is not in the quote');
    const listed = tape.listing.changedTs;
    step({ type: 'settlement.execute' }, 60_000);
    assert.equal(tape.listing.changedTs, listed, 'a settlement is not an administrator\'s change');
    // Delisted with 2 lots open: the next settlement closes them; the day after shows 2 as pre_open_interest.
    const delisted = step({ type: 'instrument.delist', instrumentId: COPPER.instrumentId }, 60_000);
    assert.equal(tape.listing.changedTs, delisted);
    step({ type: 'settlement.execute' }, 60_000);
    assert.deepEqual([tape.stats.openInterest, tape.stats.preOpenInterest], [0, 2]);
  });

  it('opens hour candles on the exchange\'s clock in a zone half an hour off UTC', () => {
    const at = Date.UTC(2026, 10, 24, 4, 45, 0); // 10:15 in Kolkata (UTC+5:30)
    const { projection, cross } = twoTraders('Asia/Kolkata', () => at);
    cross(70000, '1');
    const openOf = (code: number) => projection.tape(COPPER.instrumentId)!.klines(code)!.latest(1)[0]!.openMs;
    assert.equal(openOf(8), Date.UTC(2026, 10, 24, 4, 30, 0), 'the 60-minute candle opens at 10:00 local');
    assert.equal(openOf(7), Date.UTC(2026, 10, 24, 4, 30, 0), 'the 30-minute candle opens at 10:00 local');
    assert.equal(openOf(6), Date.UTC(2026, 10, 24, 4, 45, 0), 'the 15-minute candle opens at 10:15 local');
  });

  it('never lets a candle span two trading days: a day settled within a minute starts new candles of that minute', () => {
    // One second a command, all within the minute of 19:55 in Shanghai.
    let ts = Date.UTC(2026, 10, 24, 11, 55, 10);
    const { projection, step, cross } = twoTraders(TZ, () => (ts += 1_000));
    cross(70000, '1');
    step({ type: 'settlement.execute' });
    cross(70100, '2');
    const tape = projection.tape(COPPER.instrumentId)!;
    for (const code of [4, 5, 6, 7, 8, 0]) {
      const candles = tape.klines(code)!.latest(10);
      assert.deepEqual(candles.map((c) => [c.open, c.close, c.volume]), [[70000, 70000, 1], [70100, 70100, 1]], `period ${code}`);
    }
    const minutes = tape.klines(4)!.latest(2);
    assert.equal(minutes[0]!.openMs, minutes[1]!.openMs, 'both in the same minute of the clock');
    // Saved and restored between the settlement and the next trade, the candle stays ended.
    const series = new KlineSeries();
    series.addTrade(60_000, 100, 1, 0, 1);
    series.seal();
    const restored = KlineSeries.fromJSON(JSON.parse(JSON.stringify(series.toJSON())));
    restored.addTrade(60_000, 101, 1, 1, 2);
    assert.deepEqual(restored.latest(5).map((c) => [c.id, c.openMs, c.close]), [[0, 60_000, 100], [1, 60_000, 101]]);
  });

  it('never opens a candle before the newest one, when the grid candles open on moved (a time zone changed)', () => {
    const series = new KlineSeries();
    series.addTrade(3_600_000, 100, 1, 0, 1);
    // A trade whose candle on the new grid would open half an hour earlier joins the newest one.
    series.addTrade(1_800_000, 101, 2, 1, 3);
    series.addTrade(7_200_000, 99, 1, 3, 4);
    assert.deepEqual(
      series.latest(5).map((c) => [c.id, c.openMs, c.high, c.volume]),
      [
        [0, 3_600_000, 101, 3],
        [1, 7_200_000, 99, 1],
      ],
    );
  });
});
