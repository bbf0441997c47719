import type { RiskLevel } from '../events.ts';
import type { Instrument } from '../instruments/instrument.ts';
import type { Order } from '../matching/order.ts';
import type { Cents } from '../money.ts';
import type { Position } from './position.ts';

/**
 * A trading account's ledger, in cents. Stored fields are the ones the formulas start
 * from; the derived ones (static balance, balance, available) are computed by the spec's
 * formulas every time they are read, so the identities cannot drift:
 *
 *   static_balance = pre_balance + deposit - withdraw + close_profit - commission   (1)
 *   balance        = static_balance + float_profit                                   (2)
 *   available      = balance - margin - frozen_margin                                (3)
 *   risk_ratio     = margin / balance                                                 (5)
 *
 * deposit, withdraw, close_profit and commission count since the last settlement, which
 * folded the earlier ones into pre_balance.
 */
export class Account {
  preBalance: Cents = 0;
  deposit: Cents = 0;
  withdraw: Cents = 0;
  closeProfit: Cents = 0;
  commission: Cents = 0;
  /** Sum of the positions' float profit at their last prices. */
  floatProfit: Cents = 0;
  /** Sum of the positions' margin at their last prices. */
  margin: Cents = 0;
  /** Funds held by live orders: the margin and the commission they will need. */
  frozenMargin: Cents = 0;
  /** The commission part of frozenMargin. */
  frozenCommission: Cents = 0;
  /** A frozen account places no orders and withdraws nothing (2005). */
  frozen = false;
  /** Level at the last risk check; a change raises a notification. */
  riskLevel: RiskLevel = 'normal';
  /** Bumped at every re-index: older trigger entries of this account are stale. */
  riskVersion = 0;
  /** The instrument whose trigger heaps hold this account's current entry, if any. */
  riskIndexedIn: Instrument | null = null;
  readonly positions = new Map<string, Position>();
  /** Live orders backed by this account, in the order they became live. */
  readonly liveOrders = new Set<Order>();

  constructor(
    readonly accountId: string,
    readonly userId: string,
    readonly currency: string,
    /** Epoch ms of the opening command. */
    readonly createdTs: number,
  ) {}

  get staticBalance(): Cents {
    return this.preBalance + this.deposit - this.withdraw + this.closeProfit - this.commission;
  }

  get balance(): Cents {
    return this.staticBalance + this.floatProfit;
  }

  get available(): Cents {
    return this.balance - this.margin - this.frozenMargin;
  }

  /**
   * margin / balance. With no equity left and margin still in use the ratio is unbounded;
   * it is reported as RISK_RATIO_UNBOUNDED so that JSON never carries Infinity.
   */
  get riskRatio(): number {
    const balance = this.balance;
    if (this.margin === 0) return 0;
    return balance > 0 ? this.margin / balance : RISK_RATIO_UNBOUNDED;
  }
}

/** The risk ratio reported when margin is in use and the balance is zero or negative. */
export const RISK_RATIO_UNBOUNDED = 999_999;
