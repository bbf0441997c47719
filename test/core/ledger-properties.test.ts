import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  apply,
  type Command,
  type CoreEvent,
  createCoreState,
  restoreState,
  serializeState,
  type StampedCommand,
} from '../../src/core/index.ts';
import { COPPER, INDEX } from '../support/core-harness.ts';
import { checkInvariants, MoneyFlows } from '../support/ledger-checks.ts';

/**
 * Random trading by a handful of thinly funded accounts on two instruments: opens and
 * closes of every kind, market orders, cancels, modifies, deposits, withdrawals, price
 * settings, settlements, conditional orders, suspensions and forced liquidations. After
 * every command the spec's identities hold for every account, money is conserved, and
 * volumes are sane; at the end a replay and a snapshot restore give the same state.
 */
/** The index future with a small multiplier, so thin accounts can trade both. */
const INSTRUMENTS = [COPPER, { ...INDEX, volumeMultiple: 10 }];
const ACCOUNTS = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5'];
const REFERENCE = [70000, 4000];
const TICK = [10, 0.2];

const account = fc.constantFrom(...ACCOUNTS);
const instrument = fc.integer({ min: 0, max: 1 });
const orderId = fc.integer({ min: 1, max: 6 }).map(String);
/** Mostly near the reference, sometimes far: far prices move accounts into warning and liquidation. */
const priceOffset = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -20, max: 20 }) }, { weight: 1, arbitrary: fc.integer({ min: -500, max: 500 }) });
const priceOf = (i: number, offset: number): number => Math.round((REFERENCE[i]! + offset * TICK[i]!) * 10) / 10;

const placeOrder: fc.Arbitrary<Command> = fc
  .record({
    accountId: account,
    orderId,
    i: instrument,
    direction: fc.constantFrom('BUY', 'SELL'),
    offset: fc.constantFrom('OPEN', 'OPEN', 'OPEN', 'OPEN', 'OPEN', 'CLOSE', 'CLOSETODAY', 'CLOSEYESTERDAY'),
    priceType: fc.constantFrom('LIMIT', 'LIMIT', 'LIMIT', 'MARKET'),
    tick: priceOffset,
    volume: fc.integer({ min: 1, max: 4 }),
    timeCondition: fc.constantFrom('GFD', 'GFD', 'GTC', 'IOC'),
  })
  .map((o) => ({
    type: 'order.place',
    accountId: o.accountId,
    orderId: o.orderId,
    instrumentId: INSTRUMENTS[o.i]!.instrumentId,
    direction: o.direction,
    offset: o.offset,
    priceType: o.priceType,
    price: priceOf(o.i, o.tick),
    volume: o.volume,
    timeCondition: o.timeCondition,
    volumeCondition: 'ANY',
  }) as Command);

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 16, arbitrary: placeOrder },
  { weight: 3, arbitrary: fc.record({ accountId: account, orderId }).map((c) => ({ type: 'order.cancel', ...c }) as Command) },
  {
    weight: 4,
    arbitrary: fc
      .record({ accountId: account, orderId, i: instrument, tick: priceOffset, volume: fc.integer({ min: 1, max: 4 }) })
      .map((m) => ({ type: 'order.modify', accountId: m.accountId, orderId: m.orderId, price: priceOf(m.i, m.tick), volume: m.volume }) as Command),
  },
  { weight: 1, arbitrary: fc.record({ accountId: account, amount: fc.integer({ min: 1, max: 50_000 }) }).map((c) => ({ type: 'account.deposit', ...c }) as Command) },
  { weight: 1, arbitrary: fc.record({ accountId: account, amount: fc.integer({ min: 1, max: 80_000 }) }).map((c) => ({ type: 'account.withdraw', ...c }) as Command) },
  {
    weight: 1,
    arbitrary: fc.record({ i: instrument, tick: fc.integer({ min: -60, max: 60 }) }).map((s) => ({
      type: 'settlement.set-price',
      instrumentId: INSTRUMENTS[s.i]!.instrumentId,
      price: priceOf(s.i, s.tick),
    }) as Command),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'settlement.execute' } as Command) },
  { weight: 1, arbitrary: account.map((accountId) => ({ type: 'account.force-liquidate', accountId }) as Command) },
  {
    weight: 3,
    arbitrary: fc
      .record({ accountId: account, id: fc.integer({ min: 1, max: 6 }), i: instrument, tick: fc.integer({ min: -10, max: 10 }), up: fc.boolean(), buy: fc.boolean() })
      .map((c) => ({
        type: 'conditional.create',
        conditionalId: `k${c.id}`,
        accountId: c.accountId,
        instrumentId: INSTRUMENTS[c.i]!.instrumentId,
        direction: c.buy ? 'BUY' : 'SELL',
        offset: 'OPEN',
        volume: 1,
        orderType: 'MARKET',
        limitPrice: 0,
        conditionType: 'PriceTouch',
        triggerPrice: priceOf(c.i, c.tick),
        triggerCondition: c.up ? 'GreaterOrEqual' : 'LessOrEqual',
        validUntil: 0,
      }) as Command),
  },
  {
    weight: 1,
    arbitrary: fc.record({ i: instrument, suspend: fc.constantFrom(true, false, false, false) }).map((c) => ({
      type: c.suspend ? 'instrument.suspend' : 'instrument.resume',
      instrumentId: INSTRUMENTS[c.i]!.instrumentId,
    }) as Command),
  },
);

function setup(): Command[] {
  const out: Command[] = [{ type: 'trading-day.begin', tradingDay: '2026-11-23' }];
  for (const spec of INSTRUMENTS) out.push({ type: 'instrument.add', spec });
  ACCOUNTS.forEach((accountId, n) => {
    out.push({ type: 'user.register', userId: `u${n}`, username: `user${n}`, passwordHash: 'h', role: 'user' });
    out.push({ type: 'account.open', userId: `u${n}`, accountId, initialBalance: 45_000 + n * 30_000 });
  });
  return out;
}

/** How often the interesting paths ran over all generated streams: a property that never trades proves nothing. */
const coverage = new Map<string, number>();

function count(events: CoreEvent[]): void {
  for (const e of events) {
    const key = e.type === 'order.rejected' ? `rejected.${e.code}` : e.type === 'conditional.changed' ? `conditional.${e.conditional.status}` : e.type;
    coverage.set(key, (coverage.get(key) ?? 0) + 1);
  }
}

describe('ledger properties over random trading', () => {
  it('identities, conservation of money and sane volumes after every command; replay and restore agree', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 20, maxLength: 160 }), (commands) => {
        const stamped: StampedCommand[] = [...setup(), ...commands].map((c, i) => ({ seq: i + 1, ts: 1_700_000_000_000 + i * 7, command: c }));
        const state = createCoreState();
        const flows = new MoneyFlows();
        let snapshot: string | undefined;
        const half = Math.floor(stamped.length / 2);
        for (const [i, record] of stamped.entries()) {
          const events = apply(state, record).events;
          flows.observe(events);
          count(events);
          checkInvariants(state, flows);
          if (i === half) snapshot = JSON.stringify(serializeState(state));
        }
        const final = JSON.stringify(serializeState(state));
        const replayed = createCoreState();
        for (const record of stamped) apply(replayed, record);
        assert.equal(JSON.stringify(serializeState(replayed)), final, 'replay reproduces the state');
        const restored = restoreState(JSON.parse(snapshot!));
        for (const record of stamped.slice(half + 1)) apply(restored, record);
        assert.equal(JSON.stringify(serializeState(restored)), final, 'snapshot + rest of the journal reproduces the state');
      }),
      { numRuns: 300 },
    );
    const least: Record<string, number> = {
      'trade.executed': 200,
      'account.liquidated': 50,
      'settlement.completed': 50,
      'conditional.Triggered': 20,
      'risk.level-changed': 10,
      // 17-24 in ten runs of 300 streams, 9 once: a floor of 10 failed about one run in a
      // hundred (a fresh clone's CI met it). 5 still says the path ran.
      'order.replaced': 5,
    };
    for (const [path, times] of Object.entries(least)) {
      assert.ok((coverage.get(path) ?? 0) >= times, `the streams exercised ${path} only ${coverage.get(path) ?? 0} times`);
    }
  });
});
