import type { Instrument } from '../instruments/instrument.ts';
import type { FillListener } from '../matching/fill-listener.ts';
import type { Order } from '../matching/order.ts';
import { type Cents, ceilCents, fromCents } from '../money.ts';
import type { Verdict } from '../orders/order-rules.ts';
import { ResultCode } from '../result-codes.ts';
import type { Account } from './account.ts';
import { Position } from './position.ts';
import type { PositionSide } from './position-side.ts';
import { markAccount, reachedTriggers } from '../risk/risk-index.ts';
import { forceClosesOnFill, leastAvailableClearOfForceClose } from './clear-of-force-close.ts';
import type { CoreOptions } from '../state.ts';

const ACCEPTABLE: Verdict = { code: ResultCode.Success, message: '' };

/** The margin one lot of an opening order holds at a price (a close holds none). */
function marginPerLot(instrument: Instrument, opens: boolean, ticks: number): Cents {
  return opens ? ceilCents(ticks * instrument.tickValueCents * instrument.marginRatio) : 0;
}

/** The commission one lot pays at a price. */
function commissionPerLot(instrument: Instrument, ticks: number): Cents {
  return ceilCents(ticks * instrument.tickValueCents * instrument.commissionRate);
}

interface WorstCase {
  /** The dearest price a lot can trade at. */
  readonly dearestTicks: number;
  readonly margin: Cents;
  readonly commission: Cents;
  /** margin + commission. */
  readonly cost: Cents;
  /** False when the walk stopped early (cost past `enough`): the cost is then a lower bound. */
  readonly complete: boolean;
}

/**
 * What a new order may cost, lot by lot, at the prices it can trade at, and the dearest
 * of those prices. A buy trades at or below its limit: every lot at its limit. A sell
 * trades at or above it: at the bids it meets on entry, the best first (with self-trade
 * prevention, until its own account's first bid, where matching stops), then, resting,
 * at its own price. The walk ends early once the cost passes `enough`: the order is
 * refused then, and a refusal must not cost a walk of the whole book.
 */
function worstCase(instrument: Instrument, order: Order, selfTradePrevention: boolean, enough: Cents): WorstCase {
  const opens = order.offset === 'OPEN';
  if (order.isBuy) {
    const margin = marginPerLot(instrument, opens, order.priceTicks) * order.volume;
    const commission = commissionPerLot(instrument, order.priceTicks) * order.volume;
    return { dearestTicks: order.priceTicks, margin, commission, cost: margin + commission, complete: true };
  }
  const bids = instrument.book.bids;
  let dearestTicks = order.priceTicks;
  let remaining = order.volume;
  let margin = 0;
  let commission = 0;
  let complete = true;
  for (let level = bids.best(); level !== undefined && level.priceTicks > order.priceTicks; level = bids.nextAfter(level)) {
    // Without self-trade prevention every order of the level trades: no need to visit them.
    let lots = selfTradePrevention ? 0 : Math.min(level.volume, remaining);
    let stopped = false;
    if (selfTradePrevention) {
      for (let resting = level.head; resting !== null && lots < remaining; resting = resting.next) {
        if (resting.accountId === order.accountId) {
          stopped = true;
          break;
        }
        lots += Math.min(resting.volumeLeft, remaining - lots);
      }
    }
    if (lots > 0 && dearestTicks === order.priceTicks) dearestTicks = level.priceTicks;
    remaining -= lots;
    margin += lots * marginPerLot(instrument, opens, level.priceTicks);
    commission += lots * commissionPerLot(instrument, level.priceTicks);
    if (stopped || remaining === 0) break;
    if (margin + commission > enough) {
      // Complete all the same when no bid below this one would trade.
      const next = bids.nextAfter(level);
      complete = next === undefined || next.priceTicks <= order.priceTicks;
      break;
    }
  }
  margin += remaining * marginPerLot(instrument, opens, order.priceTicks);
  commission += remaining * commissionPerLot(instrument, order.priceTicks);
  return { dearestTicks, margin, commission, cost: margin + commission, complete };
}

/**
 * Moves funds and positions as orders are placed, filled and closed:
 *  - placing an order freezes what it may need (margin and commission per lot; for a
 *    closing order, the lots it will close),
 *  - each fill releases the frozen share of the lots that traded, charges the commission,
 *    opens or closes position lots and realises close profit,
 *  - an order that ends with volume open releases the rest.
 * Every amount is integer cents, and releases are per lot, so frozen funds return to zero
 * exactly when an account has no live orders.
 */
export class Ledger implements FillListener {
  /** Accounts whose margin or profit moved during the current command: risk looks at these. */
  readonly touched = new Set<Account>();
  /**
   * Instruments that traded during the current command, with the price of their last
   * trade: conditional orders are judged against it (a trade at an unchanged price still
   * triggers; a settlement's marking at its price afterwards does not).
   */
  readonly moved = new Map<Instrument, number>();
  /** Accounts liquidated during the current command: at most once each. */
  readonly liquidated = new Set<Account>();
  /**
   * Accounts the last risk check left at force-close: their liquidation found too little
   * to trade against, or the instrument was suspended. Whatever comes to trade with them
   * (a trade at any price in an instrument they hold, an order resting on the side their
   * closes take, a resume) tries again; only a price move did until core version 13, and
   * a resting order only from 19. Derived from the accounts' risk levels (see reviveAccount).
   */
  readonly atForceClose = new Set<Account>();

  /**
   * Freezes what a new order needs, or says why it cannot be placed. The funds check is
   * of what its lots can cost at the prices they can trade at (worstCase). Each lot is
   * frozen at the dearest of them, since the lots that fill release what they froze and
   * are charged at their own price; once the order rests, its remaining lots are priced
   * at its own limit (onRest). A closing order also reserves the lots it will close.
   * (A sell frozen at its own price could fill at a bid three times higher and leave its
   * account with negative available: found by review, 2026-11-24.) An opening order must
   * also leave its account clear of forced liquidation once filled (fundsRefusal); a
   * modify's replacement is checked as the new order it is, after the old one's release.
   *
   * `carriedHis`: earlier lots the order replaces held (a modify). A CLOSETODAY order
   * that outlived a settlement holds lots that became earlier ones, and its replacement
   * takes those first, as the order itself does when it fills.
   */
  reserve(account: Account, instrument: Instrument, order: Order, options: CoreOptions, carriedHis = 0): Verdict {
    markAccount(account);
    const opens = order.offset === 'OPEN';
    const worst = worstCase(instrument, order, options.selfTradePrevention, account.available);
    const { dearestTicks } = worst;
    // Only orders that open need the funds: a close reduces the account's risk and
    // releases margin when it fills, and an account whose available went negative (a
    // price move) must still be able to close; its commission is frozen all the same.
    if (opens) {
      const refusal = this.fundsRefusal(account, worst, options);
      if (refusal !== null) return refusal;
    }
    const lotMargin = marginPerLot(instrument, opens, dearestTicks);
    const lotCommission = commissionPerLot(instrument, dearestTicks);
    const needed = (lotMargin + lotCommission) * order.volume;
    if (!opens) {
      const closable = this.reserveClose(account, instrument, order, carriedHis);
      if (closable.code !== ResultCode.Success) return closable;
    }
    order.account = account;
    order.marginPerLot = lotMargin;
    order.commissionPerLot = lotCommission;
    account.frozenMargin += needed;
    account.frozenCommission += lotCommission * order.volume;
    return ACCEPTABLE;
  }

  /**
   * Why an opening order that may cost `worst` cannot be placed, or null: it needs its
   * cost in available, and enough more to leave the account clear of forced liquidation
   * once filled (leastAvailableClearOfForceClose). The message says what would suffice;
   * "at least" when the walk of the bids stopped as soon as the cost passed available.
   */
  private fundsRefusal(account: Account, worst: WorstCase, options: CoreOptions): Verdict | null {
    const available = account.available;
    if (worst.cost <= available && !forceClosesOnFill(account, available, worst.margin, worst.commission, options)) return null;
    const clear = leastAvailableClearOfForceClose(account, worst.margin, worst.commission, options);
    const needs = `${worst.complete && clear < Number.MAX_SAFE_INTEGER ? '' : 'at least '}${fromCents(Math.max(worst.cost, clear))}`;
    const reserve = `${fromCents(worst.cost)} for margin and commission, and ${fromCents(clear - worst.cost)} more so that its fill leaves the account's risk ratio below the force-close threshold ${options.forceCloseThreshold}`;
    // Funds short of the cost: 2004. The cost covered, but not the reserve: the spec's 4001.
    if (worst.cost > available) {
      return {
        code: ResultCode.InsufficientMargin,
        message:
          clear > worst.cost
            ? `Insufficient funds: the order needs ${needs}: ${reserve}; available is ${fromCents(available)}`
            : `Insufficient funds: the order needs ${needs} for margin and commission, available is ${fromCents(available)}`,
      };
    }
    return { code: ResultCode.RiskRatioExceeded, message: `Risk ratio limit exceeded: the order needs ${needs}: ${reserve}; available is ${fromCents(available)}` };
  }

  /**
   * Puts back exactly what `onOrderClosed` released for a live order (a modify whose new
   * order was refused): the same per-lot funds for its open volume and the same lots.
   */
  reinstate(order: Order, reservedHis: number, reservedToday: number): void {
    const account = order.account;
    if (account === null) return;
    account.frozenMargin += (order.marginPerLot + order.commissionPerLot) * order.volumeLeft;
    account.frozenCommission += order.commissionPerLot * order.volumeLeft;
    if (reservedHis + reservedToday > 0) {
      const side = this.closingSide(account, order);
      side.frozenHis += reservedHis;
      side.frozenToday += reservedToday;
      order.reservedHis = reservedHis;
      order.reservedToday = reservedToday;
    }
  }

  /** The order rests in the book: its remaining lots trade at its own limit, and hold what that costs. */
  onRest(instrument: Instrument, order: Order): void {
    if (this.atForceClose.size > 0) this.retryLiquidationsAgainst(instrument, order.isBuy);
    const account = order.account;
    if (account === null) return;
    const lotMargin = marginPerLot(instrument, order.offset === 'OPEN', order.priceTicks);
    const lotCommission = commissionPerLot(instrument, order.priceTicks);
    const released = (order.marginPerLot - lotMargin + order.commissionPerLot - lotCommission) * order.volumeLeft;
    if (released <= 0) return;
    account.frozenMargin -= released;
    account.frozenCommission -= (order.commissionPerLot - lotCommission) * order.volumeLeft;
    order.marginPerLot = lotMargin;
    order.commissionPerLot = lotCommission;
  }

  onTrade(instrument: Instrument, maker: Order, taker: Order, priceTicks: number, volume: number, commission: Cents): void {
    const notional = priceTicks * instrument.tickValueCents * volume;
    const priceMoved = priceTicks !== instrument.lastPriceTicks;
    instrument.lastPriceTicks = priceTicks;
    instrument.dayVolume += volume;
    instrument.dayTurnoverTicks += priceTicks * volume;
    if (maker.account !== null) this.fill(instrument, maker, notional, volume, commission, priceTicks);
    if (taker.account !== null) this.fill(instrument, taker, notional, volume, commission, priceTicks);
    this.moved.set(instrument, priceTicks);
    if (priceMoved) this.priceMoved(instrument, priceTicks);
    else if (this.atForceClose.size > 0) this.retryLiquidationsIn(instrument);
  }

  /** Puts the accounts left at force-close that hold `instrument` up for another risk check (and liquidation). */
  retryLiquidationsIn(instrument: Instrument): void {
    for (const account of this.atForceClose) if (account.positions.has(instrument.id)) this.touched.add(account);
  }

  /**
   * The same for the accounts a new resting order could close against: longs when a bid
   * rests, shorts when an offer does. Without it a thin market's bids could come and be
   * taken by others, one after another, while an account at force-close waited for a trade.
   */
  private retryLiquidationsAgainst(instrument: Instrument, bid: boolean): void {
    for (const account of this.atForceClose) {
      const position = account.positions.get(instrument.id);
      if (position !== undefined && (bid ? position.long.volume : position.short.volume) > 0) this.touched.add(account);
    }
  }

  onOrderClosed(_instrument: Instrument, order: Order): void {
    const account = order.account;
    if (account === null) return;
    this.release(account, order, order.volumeLeft);
    if (order.reservedHis + order.reservedToday > 0) {
      const side = this.closingSide(account, order);
      side.frozenHis -= order.reservedHis;
      side.frozenToday -= order.reservedToday;
      order.reservedHis = 0;
      order.reservedToday = 0;
    }
  }

  positionOf(account: Account, instrument: Instrument): Position {
    let position = account.positions.get(instrument.id);
    if (position === undefined) {
      position = new Position(account, instrument);
      position.markTicks = instrument.lastPriceTicks;
      account.positions.set(instrument.id, position);
    }
    return position;
  }

  /**
   * A new last price: eager holders are re-marked now; lazy ones only if the price reached
   * their warning trigger (risk/risk-index.ts). All of them go to the risk check.
   */
  private priceMoved(instrument: Instrument, ticks: number): void {
    // Checked first: iterating even an empty set allocates an iterator, on every trade.
    if (instrument.eagerHolders.size > 0) {
      for (const position of instrument.eagerHolders) {
        position.remark(ticks);
        this.touched.add(position.account);
      }
    }
    reachedTriggers(instrument, ticks, this.touched);
  }

  /** Re-marks every open position in the instrument (settlement, a new margin ratio). */
  remarkHolders(instrument: Instrument, ticks: number): void {
    for (const position of instrument.holders) {
      position.remark(ticks);
      this.touched.add(position.account);
    }
  }

  /**
   * Which lots a closing order takes. CLOSETODAY: today's only (and first the earlier
   * lots a replaced CLOSETODAY order carried over a settlement); CLOSEYESTERDAY: earlier
   * ones only; CLOSE: earlier lots first, then today's, except on SHFE and INE, where
   * today's lots can only be closed with CLOSETODAY.
   */
  private reserveClose(account: Account, instrument: Instrument, order: Order, carriedHis: number): Verdict {
    const side = this.positionOf(account, instrument).sideFor(order.direction === 'BUY', false);
    const volume = order.volume;
    const separatesToday = instrument.spec.exchangeId === 'SHFE' || instrument.spec.exchangeId === 'INE';
    let his = 0;
    let today = 0;
    switch (order.offset) {
      case 'CLOSETODAY':
        his = Math.min(volume, carriedHis);
        today = volume - his;
        break;
      case 'CLOSEYESTERDAY':
        his = volume;
        break;
      default:
        his = separatesToday ? volume : Math.min(volume, side.closableHis);
        today = volume - his;
    }
    if (his > side.closableHis || today > side.closableToday) {
      const held = order.direction === 'BUY' ? 'short' : 'long';
      return {
        code: ResultCode.PositionLimitExceeded,
        message:
          `not enough ${held} position to close ${volume} with ${order.offset} on ${instrument.id}: ` +
          `closable today ${side.closableToday}, earlier ${side.closableHis}` +
          (separatesToday && order.offset === 'CLOSE' && side.closableToday > 0
            ? ` (on ${instrument.spec.exchangeId} today's lots close with CLOSETODAY)`
            : ''),
      };
    }
    side.frozenHis += his;
    side.frozenToday += today;
    order.reservedHis = his;
    order.reservedToday = today;
    return ACCEPTABLE;
  }

  private fill(instrument: Instrument, order: Order, notional: Cents, volume: number, commission: Cents, ticks: number): void {
    const account = order.account!;
    this.release(account, order, volume);
    account.commission += commission;
    const position = this.positionOf(account, instrument);
    const isBuy = order.direction === 'BUY';
    if (order.offset === 'OPEN') {
      position.sideFor(isBuy, true).open(volume, notional);
      instrument.holders.add(position);
    } else {
      const side = position.sideFor(isBuy, false);
      const fromHis = Math.min(volume, order.reservedHis);
      const fromToday = volume - fromHis;
      order.reservedHis -= fromHis;
      order.reservedToday -= fromToday;
      side.frozenHis -= fromHis;
      side.frozenToday -= fromToday;
      const cost = (fromHis > 0 ? side.closeHis(fromHis) : 0) + (fromToday > 0 ? side.closeToday(fromToday) : 0);
      // Selling closes a long (profit = proceeds - cost); buying closes a short (cost - price paid).
      account.closeProfit += isBuy ? cost - notional : notional - cost;
      if (position.isFlat) {
        instrument.holders.delete(position);
        instrument.eagerHolders.delete(position);
      }
    }
    position.remark(ticks);
    this.touched.add(account);
  }

  /** Returns the frozen funds of `volume` lots of the order. */
  private release(account: Account, order: Order, volume: number): void {
    const commission = order.commissionPerLot * volume;
    account.frozenMargin -= (order.marginPerLot + order.commissionPerLot) * volume;
    account.frozenCommission -= commission;
  }

  private closingSide(account: Account, order: Order): PositionSide {
    const position = account.positions.get(order.instrumentId)!;
    return position.sideFor(order.direction === 'BUY', false);
  }
}
