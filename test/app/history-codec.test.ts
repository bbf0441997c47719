import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeSidecar, encodeSidecar } from '../../src/app/history/history-codec.ts';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import type { ApplyResult, CoreEvent } from '../../src/core/index.ts';
import { CoreHarness } from '../support/core-harness.ts';

/** A day of trading through the real core: every kind of history event, with real field values. */
function tradingEvents(): { ts: number; events: CoreEvent[] }[] {
  const x = new CoreHarness();
  const results: ApplyResult[] = [
    x.place('s', 'sell', 'SELL', 70010, 3, { timeCondition: 'GTD', validUntilDate: '2030-01-02' }),
    x.place('b', 'buy', 'BUY', 70010, 1),
    x.place('b', 'min', 'BUY', 70010, 5, { volumeCondition: 'MIN', minVolume: 2 }),
    x.place('b', 'off-grid', 'BUY', 70015, 1),
    x.place('s', 'rest', 'SELL', 70100, 2),
    x.modify('s', 'rest', 70090, 1),
    x.cancel('s', 'rest'),
    x.run({ type: 'account.deposit', accountId: 'b', amount: 1234.56 }),
  ];
  return results.map((r, i) => ({ ts: 1_700_000_000_000 + i, events: HistoryProjection.relevant(r.events) ?? [] }));
}

describe('history sidecar format', () => {
  const commands = tradingEvents();

  it('covers every event kind it stores positionally', () => {
    const kinds = new Set(commands.flatMap((c) => c.events.map((e) => e.type)));
    for (const kind of ['order.accepted', 'order.rejected', 'order.replaced', 'order.cancelled', 'trade.executed', 'account.funds-moved']) {
      assert.ok(kinds.has(kind as CoreEvent['type']), kind);
    }
  });

  it('every command\'s events come back exactly, through JSON, and the text is far smaller', () => {
    for (const { ts, events } of commands) {
      const text = JSON.stringify(encodeSidecar(ts, events));
      assert.deepStrictEqual(decodeSidecar(JSON.parse(text)), { ts, events });
      assert.ok(text.length < JSON.stringify({ ts, events }).length * 0.6 || events.every((e) => e.type === 'account.funds-moved'));
    }
  });

  it('still reads the earlier form, {ts, events}', () => {
    const { ts, events } = commands[1]!;
    assert.deepStrictEqual(decodeSidecar(JSON.parse(JSON.stringify({ ts, events }))), { ts, events });
  });

  it('refuses what is neither form', () => {
    for (const bad of [null, 5, { ts: 1 }, ['x'], [1, [9, 'a']], [1, [1, 'too', 'short']], [1, 'text']]) {
      assert.throws(() => decodeSidecar(bad), /history/, JSON.stringify(bad));
    }
  });
});
