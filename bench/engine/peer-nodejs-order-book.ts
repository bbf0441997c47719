/**
 * The peer: `nodejs-order-book` (npm), driven through its public API.
 *
 * Mapping: GFD -> GTC (it has no day orders), IOC -> IOC, FOK -> FOK, prices in ticks as
 * plain numbers, ids and account ids as strings (built once in `prepare`). Self-trade
 * prevention is switched on as EXPIRE_TAKER, which is what Basis does (the incoming order
 * stops at its own resting order and its remainder is dropped), so both engines check
 * accounts on every match. Journaling stays off (its default). Unknown ids on cancel and
 * modify are refusals, as in Basis; the library reports them in its return value (no throw).
 */
import { OrderBook, SelfTradePreventionMode, Side as PeerSide } from 'nodejs-order-book';
import type { EngineFactory, PreparedEngine } from './engine.ts';
import type { BenchOp } from './workload.ts';

type LimitOptions = Parameters<OrderBook['limit']>[0];
type MarketOptions = Parameters<OrderBook['market']>[0];
type ModifyUpdate = Parameters<OrderBook['modify']>[1];
// The package does not export its TimeInForce enum from the root; its values are these strings.
type TimeInForce = NonNullable<LimitOptions['timeInForce']>;

const enum Kind {
  Limit,
  Market,
  Cancel,
  Modify,
}

/** One shape for every input keeps the step function monomorphic. */
export interface PeerInput {
  readonly kind: Kind;
  readonly id: string;
  readonly limit: LimitOptions | null;
  readonly market: MarketOptions | null;
  readonly update: ModifyUpdate | null;
}

const ACCOUNT_NAMES: string[] = [];
function accountName(account: number): string {
  return (ACCOUNT_NAMES[account] ??= `a${account}`);
}

/** Private members read only outside timing: the package has no public resting-order count. */
interface OrderBookInternals {
  readonly bids: { len(): number };
  readonly asks: { len(): number };
}

class PeerEngine implements PreparedEngine<PeerInput> {
  readonly name = 'nodejs-order-book';
  refusals = 0;
  private readonly book = new OrderBook();

  step(input: PeerInput): void {
    const book = this.book;
    switch (input.kind) {
      case Kind.Limit:
        if (book.limit(input.limit!).err !== null) this.refusals++;
        return;
      case Kind.Market:
        if (book.market(input.market!).err !== null) this.refusals++;
        return;
      case Kind.Cancel:
        if (book.cancel(input.id) === undefined) this.refusals++;
        return;
      case Kind.Modify:
        if (book.modify(input.id, input.update!).err !== null) this.refusals++;
        return;
    }
  }

  apply(op: BenchOp): void {
    this.step(toPeerInput(op));
  }

  restingCount(): number {
    const internals = this.book as unknown as OrderBookInternals;
    return internals.bids.len() + internals.asks.len();
  }
}

export function toPeerInput(op: BenchOp): PeerInput {
  const id = String(op.id);
  switch (op.kind) {
    case 'limit':
      return {
        kind: Kind.Limit,
        id,
        limit: {
          id,
          side: op.side === 'BUY' ? PeerSide.BUY : PeerSide.SELL,
          size: op.volume,
          price: op.priceTicks,
          timeInForce: (op.tif === 'GFD' ? 'GTC' : op.tif) as TimeInForce,
          accountId: accountName(op.account),
          stpMode: SelfTradePreventionMode.EXPIRE_TAKER,
        },
        market: null,
        update: null,
      };
    case 'market':
      return {
        kind: Kind.Market,
        id,
        limit: null,
        market: {
          side: op.side === 'BUY' ? PeerSide.BUY : PeerSide.SELL,
          size: op.volume,
          accountId: accountName(op.account),
          stpMode: SelfTradePreventionMode.EXPIRE_TAKER,
        },
        update: null,
      };
    case 'cancel':
      return { kind: Kind.Cancel, id, limit: null, market: null, update: null };
    case 'modify':
      return { kind: Kind.Modify, id, limit: null, market: null, update: { price: op.priceTicks, size: op.volume } };
  }
}

export const peerFactory: EngineFactory<PeerInput> = {
  name: 'nodejs-order-book',
  create: () => new PeerEngine(),
  prepare: (ops) => ops.map(toPeerInput),
};
