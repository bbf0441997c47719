import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { liveOrder, restingOrders } from '../../src/core/index.ts';
import { OrderPool } from '../../src/core/matching/order-pool.ts';
import { Order } from '../../src/core/matching/order.ts';
import { COPPER, CoreHarness } from '../support/core-harness.ts';

const CU = COPPER.instrumentId;

function takeBuy(pool: OrderPool, orderId: string): Order {
  return pool.take().reset('acct', orderId, CU, 'BUY', 'OPEN', 'LIMIT', 7001, 70010, 3, 'GFD', 'ANY', 0, '', 1);
}

describe('OrderPool', () => {
  it('hands a retired order out again only after the command boundary', () => {
    const pool = new OrderPool();
    const first = takeBuy(pool, 'a');
    pool.retire(first);
    assert.notEqual(takeBuy(pool, 'b'), first, 'reused within the command that retired it');
    pool.recycle();
    assert.equal(takeBuy(pool, 'c'), first);
  });

  it('retiring an order twice puts it in the pool once', () => {
    const pool = new OrderPool();
    const order = takeBuy(pool, 'a');
    pool.retire(order);
    pool.retire(order);
    pool.recycle();
    assert.equal(pool.freeCount, 1);
    assert.equal(takeBuy(pool, 'b'), order);
    assert.notEqual(takeBuy(pool, 'c'), order);
  });

  it('a reused order has exactly the fields of a fresh one', () => {
    const pool = new OrderPool();
    const used = takeBuy(pool, 'a');
    Object.assign(used, {
      exchangeOrderId: 9, volumeLeft: 1, status: 'PARTIAL_FILLED', lastMsg: 'x', marginPerLot: 5,
      commissionPerLot: 2, reservedHis: 1, reservedToday: 1,
    });
    pool.retire(used);
    pool.recycle();
    const terms = ['other', 'z', CU, 'SELL', 'CLOSE', 'LIMIT', 7002, 70020, 2, 'GTC', 'MIN', 1, '', 7] as const;
    const reused = pool.take().reset(...terms);
    const fresh = new Order().reset(...terms);
    assert.equal(reused, used);
    assert.deepEqual({ ...reused }, { ...fresh });
    assert.deepEqual(Object.keys(reused), Object.keys(fresh), 'same fields in the same order (one shape)');
  });

  it('keeps at most its capacity of free orders', () => {
    const pool = new OrderPool(2);
    const orders = ['a', 'b', 'c'].map((id) => takeBuy(pool, id));
    for (const order of orders) pool.retire(order);
    pool.recycle();
    assert.equal(pool.freeCount, 2);
  });
});

describe('orders recycled through apply', () => {
  it('a cancelled order object serves the next order with nothing of the old one', () => {
    const x = new CoreHarness();
    x.place('s', 'old', 'SELL', 70050, 4);
    const before = x.state.liveOrders.get('s', 'old')!;
    x.cancel('s', 'old');
    x.place('b', 'new', 'BUY', 70010, 2);
    const reused = x.state.liveOrders.get('b', 'new')!;
    assert.equal(reused, before, 'the pool handed the cancelled order out again');
    assert.deepEqual(
      [liveOrder(x.state, 'b', 'new')?.status, reused.lastMsg, reused.volumeLeft, reused.direction],
      ['ACCEPTED', '', 2, 'BUY'],
    );
    assert.equal(liveOrder(x.state, 's', 'old'), undefined);
    assert.deepEqual(restingOrders(x.state, CU, 'SELL'), []);
  });

  it('an order placed later in the same command never gets the object of an order that command finished', () => {
    const x = new CoreHarness();
    x.place('s', 'maker', 'SELL', 70010, 1);
    x.ensureAccount('c');
    // A price-touch order that the trade below triggers: placed inside the trade's command.
    x.run({
      type: 'conditional.create', conditionalId: 'touch', accountId: 'c', instrumentId: CU, direction: 'BUY',
      offset: 'OPEN', volume: 2, orderType: 'LIMIT', limitPrice: 69900, conditionType: 'PriceTouch',
      triggerPrice: 70010, triggerCondition: 'GreaterOrEqual', validUntil: 0,
    });
    const maker = x.state.liveOrders.get('s', 'maker')!;
    const result = x.place('b', 'taker', 'BUY', 70010, 1);
    const placed = x.state.liveOrders.get('c', x.conditionals.get('touch')!.orderId);
    assert.ok(placed !== undefined, 'the trade triggered the conditional order');
    assert.notEqual(placed, maker);
    assert.deepEqual([placed.direction, placed.volumeLeft, placed.limitPrice, placed.status], ['BUY', 2, 69900, 'ACCEPTED']);
    const trade = result.events.find((e) => e.type === 'trade.executed');
    assert.deepEqual(trade?.type === 'trade.executed' && [trade.maker.orderId, trade.maker.status], ['maker', 'FILLED']);
  });
});
