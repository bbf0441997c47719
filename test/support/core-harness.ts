import {
  type ApplyResult,
  apply,
  type Command,
  type ConditionalRecord,
  type CoreEvent,
  type CoreState,
  createCoreState,
  type InstrumentSpec,
  type PlaceOrder,
  type TradeExecuted,
} from '../../src/core/index.ts';

/** Copper-like: tick 10, multiplier 5, limits 8% around 70000 (64400..75600). */
export const COPPER: InstrumentSpec = {
  instrumentId: 'SHFE.cu2601',
  exchangeId: 'SHFE',
  productId: 'cu',
  instrumentName: 'copper 2601',
  instrumentType: 'FUTURE',
  priceTick: 10,
  volumeMultiple: 5,
  marginRatio: 0.1,
  commissionRate: 0.00005,
  limitUpRate: 0.08,
  limitDownRate: 0.08,
  preSettlement: 70000,
  listDate: '2025-01-16',
  expireDate: '',
};

/** Index-future-like: tick 0.2, limits 10% around 4000 (3600..4400). */
export const INDEX: InstrumentSpec = {
  ...COPPER,
  instrumentId: 'CFFEX.IF2512',
  exchangeId: 'CFFEX',
  productId: 'if',
  instrumentName: 'CSI 300 2512',
  priceTick: 0.2,
  volumeMultiple: 300,
  marginRatio: 0.12,
  limitUpRate: 0.1,
  limitDownRate: 0.1,
  preSettlement: 4000,
};

/** Money enough that funds never limit what the matching tests do. */
export const AMPLE_FUNDS = 1_000_000_000;

/**
 * How most storage and history tests open: a trading day, one instrument, and one user
 * (alice, id u1) with two accounts, A and B.
 */
export function twoAccountDay(options: { spec?: InstrumentSpec; balance?: number } = {}): Command[] {
  const balance = options.balance ?? 10_000_000;
  return [
    { type: 'trading-day.begin', tradingDay: '2026-11-23' },
    { type: 'instrument.add', spec: options.spec ?? COPPER },
    { type: 'user.register', userId: 'u1', username: 'alice', passwordHash: 'h', role: 'user' },
    { type: 'account.open', userId: 'u1', accountId: 'A', initialBalance: balance },
    { type: 'account.open', userId: 'u1', accountId: 'B', initialBalance: balance },
  ];
}

/**
 * Drives a fresh core with consecutive seqs and a ts that advances 1 ms per command.
 * Accounts named in orders are opened on first use (owner `u-<account>`, AMPLE_FUNDS)
 * unless `openAccountsOnDemand` is false.
 */
export class CoreHarness {
  readonly state: CoreState;
  /**
   * The latest record of every conditional order, from the events: finished ones leave the
   * core (the exchange's history keeps them), so tests read their outcome here.
   */
  readonly conditionals = new Map<string, ConditionalRecord>();
  private seq = 0;
  ts = 1_700_000_000_000;
  openAccountsOnDemand = true;

  constructor(specs: InstrumentSpec[] = [COPPER], selfTradePrevention = true) {
    this.state = createCoreState({ selfTradePrevention });
    for (const spec of specs) this.run({ type: 'instrument.add', spec });
  }

  run(command: Command): ApplyResult {
    if (command.type === 'order.place' && this.openAccountsOnDemand) this.ensureAccount(command.accountId);
    const result = apply(this.state, { seq: ++this.seq, ts: ++this.ts, command });
    for (const event of result.events) if (event.type === 'conditional.changed') this.conditionals.set(event.conditional.conditionalId, event.conditional);
    return result;
  }

  /** Registers `u-<accountId>` and opens the account with `funds`, if it does not exist. */
  ensureAccount(accountId: string, funds = AMPLE_FUNDS): void {
    if (this.state.accounts.has(accountId)) return;
    const userId = `u-${accountId}`;
    if (!this.state.users.has(userId)) {
      this.expectOk(this.run({ type: 'user.register', userId, username: userId.padEnd(3, '_'), passwordHash: 'x', role: 'user' }));
    }
    this.expectOk(this.run({ type: 'account.open', userId, accountId, initialBalance: funds }));
  }

  private expectOk(result: ApplyResult): void {
    if (result.code !== 1000) throw new Error(`setup command refused: ${result.code} ${result.message}`);
  }

  /** A GFD limit order to open, unless `extra` says otherwise. */
  place(
    accountId: string,
    orderId: string,
    direction: 'BUY' | 'SELL',
    price: number,
    volume: number,
    extra: Partial<PlaceOrder> = {},
  ): ApplyResult {
    return this.run(limitOrder(accountId, orderId, direction, price, volume, extra));
  }

  cancel(accountId: string, orderId: string): ApplyResult {
    return this.run({ type: 'order.cancel', accountId, orderId });
  }

  modify(accountId: string, orderId: string, price: number, volume: number): ApplyResult {
    return this.run({ type: 'order.modify', accountId, orderId, price, volume });
  }
}

export function tradesOf(result: ApplyResult): TradeExecuted[] {
  return result.events.filter((e): e is TradeExecuted => e.type === 'trade.executed');
}

/** Trades as compact strings: `price x volume maker->taker`. */
export function tradeSummary(result: ApplyResult): string[] {
  return tradesOf(result).map((t) => `${t.price}x${t.volume} ${t.maker.accountId}/${t.maker.orderId}->${t.taker.accountId}/${t.taker.orderId}`);
}

export function eventsOfType<T extends CoreEvent['type']>(
  result: ApplyResult,
  type: T,
): Extract<CoreEvent, { type: T }>[] {
  return result.events.filter((e): e is Extract<CoreEvent, { type: T }> => e.type === type);
}

/** The command for a GFD limit order to open in copper, unless `extra` says otherwise. */
export function limitOrder(
  accountId: string,
  orderId: string,
  direction: 'BUY' | 'SELL',
  price: number,
  volume: number,
  extra: Partial<PlaceOrder> = {},
): PlaceOrder {
  return {
    type: 'order.place',
    accountId,
    orderId,
    instrumentId: COPPER.instrumentId,
    direction,
    offset: 'OPEN',
    priceType: 'LIMIT',
    price,
    volume,
    timeCondition: 'GFD',
    volumeCondition: 'ANY',
    ...extra,
  };
}
