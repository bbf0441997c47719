import type { Account } from './accounts/account.ts';
import { Holidays } from './calendar/holidays.ts';
import { Ledger } from './accounts/ledger.ts';
import type { User } from './accounts/user.ts';
import { ConditionalBook } from './conditional/conditional-book.ts';
import type { Instrument } from './instruments/instrument.ts';
import type { FillListener } from './matching/fill-listener.ts';
import { OrderPool } from './matching/order-pool.ts';
import { LiveOrderIndex } from './orders/live-order-index.ts';

export interface CoreOptions {
  /** An incoming order never trades with a resting order of the same account, or of another account of the same user. */
  readonly selfTradePrevention: boolean;
  /** Currency of every account (the key of trade.<user>.accounts in DIFF). */
  readonly currency: string;
  /** risk_ratio at which a warning is raised (spec: 0.8). */
  readonly warningThreshold: number;
  /** risk_ratio at which positions are force-closed (spec: 1.0). */
  readonly forceCloseThreshold: number;
}

export const DEFAULT_CORE_OPTIONS: CoreOptions = {
  selfTradePrevention: true,
  currency: 'CNY',
  warningThreshold: 0.8,
  forceCloseThreshold: 1.0,
};

/**
 * The whole of the exchange's live state. Only `apply` mutates it, one stamped command at
 * a time; everything else reads. It holds no clock, no I/O handle and no randomness.
 */
export class CoreState {
  readonly instruments = new Map<string, Instrument>();
  readonly liveOrders = new LiveOrderIndex();
  /** Memory reuse for order objects; no part of the state (see order-pool.ts). */
  readonly orderPool = new OrderPool();
  readonly users = new Map<string, User>();
  readonly usersByName = new Map<string, User>();
  readonly accounts = new Map<string, Account>();
  readonly ledger = new Ledger();
  readonly conditionals = new ConditionalBook();
  /** Where the matcher reports fills: the ledger. */
  readonly fills: FillListener = this.ledger;
  /** YYYY-MM-DD of the current trading day; '' before the first `trading-day.begin`. */
  tradingDay = '';
  /** Upcoming holidays: no trading day falls on them (calendar.add-holidays). */
  readonly holidays = new Holidays();
  /** '' while the market takes orders; otherwise why it does not (scheduled sessions). */
  marketClosed = '';
  /** Liquidations so far: numbers their ids. */
  liquidationCount = 0;
  lastSeq = 0;
  lastTs = 0;

  /** Changed only by `rules.set` (see apply), and with it the risk of every account. */
  constructor(public options: CoreOptions) {}
}

export function createCoreState(options: Partial<CoreOptions> = {}): CoreState {
  return new CoreState({ ...DEFAULT_CORE_OPTIONS, ...options });
}
