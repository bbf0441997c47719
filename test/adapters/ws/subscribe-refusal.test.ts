/**
 * A short-form `subscribe` refused for turning channels on too often still turns off what
 * it asks to turn off: that costs the server nothing, and the client asked for less.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DiffSession } from '../../../src/adapters/ws/diff-session.ts';
import { type HandlerContext, subscribeChannels } from '../../../src/adapters/ws/message-handlers.ts';
import type { TradeChannels } from '../../../src/adapters/ws/trade-view.ts';

function fakeSession(channels: TradeChannels) {
  const told: string[] = [];
  const session = {
    caller: { userId: 'u1', username: 'carol', role: 'user' },
    tradeChannels: channels,
    turnsOnChannel: (wanted: TradeChannels) => (Object.keys(wanted) as (keyof TradeChannels)[]).some((c) => wanted[c] && !session.tradeChannels[c]),
    subscribeChannels: (next: TradeChannels) => {
      session.tradeChannels = next;
    },
    notifyLocal: (_level: string, _code: number, text: string) => told.push(text),
  };
  return { session, told };
}

const ctxWithWait = (seconds: number) => ({ sessionStarts: { take: async () => seconds } }) as unknown as HandlerContext;

describe('a refused subscribe', () => {
  it('turns off what it asks to, and turns nothing on', async () => {
    const { session, told } = fakeSession({ account: true, position: true, order: false, trade: true });
    // Asks for order on (refused: no logins left) and for position and trade off.
    await subscribeChannels(ctxWithWait(3), session as unknown as DiffSession, { aid: 'subscribe', channels: ['account', 'order'] } as never);
    assert.deepEqual(session.tradeChannels, { account: true, position: false, order: false, trade: false });
    assert.match(told[0]!, /subscribe refused: .* try again in 3 s/);
  });

  it('takes the request whole when the user may start a session', async () => {
    const { session, told } = fakeSession({ account: true, position: true, order: false, trade: true });
    await subscribeChannels(ctxWithWait(0), session as unknown as DiffSession, { aid: 'subscribe', channels: ['account', 'order'] } as never);
    assert.deepEqual(session.tradeChannels, { account: true, position: false, order: true, trade: false });
    assert.deepEqual(told, []);
  });
});
