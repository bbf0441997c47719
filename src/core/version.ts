/**
 * The version of the core's rules: what `apply` does with each command. A journal
 * replays to what clients were shown only under the rules its commands were applied
 * under, so every change to what some command does (a fix included) raises it. The store
 * records which version applied which commands, and a start refuses to replay commands
 * another version applied (docs/decisions.md, "Core versions").
 *
 * 1: stores written until 2026-11-24, which record no version.
 * 2-5: development builds of 2026-11-24 (several rule sets in a few hours; never released).
 * 6: a sell is checked for what its lots cost along the bids it can take and frozen at
 *    the dearest until it rests; funds frozen per lot round up; closes need no funds;
 *    deposits are capped; delisting cancels conditional orders; risk triggers allow for
 *    margin rounding; conditional orders are judged against trades only (the open places
 *    only those a trade reached while closed); a modify does not judge a MIN order's minimum again;
 *    a GTD order ends with the last trading day on or before its date.
 * 7: a user holds at most MAX_ACCOUNTS_PER_USER (100) accounts.
 * 8: an account has at most MAX_LIVE_ORDERS_PER_ACCOUNT (5,000) live orders (a
 *    development build of an hour: it refused IOC and market orders at the cap too).
 * 9: the cap refuses only orders that could rest.
 * 10: an account id may not be a user's id.
 * 11: a settlement price must lie within the day's price limits.
 * 12: when the limits move (a rate update, a settlement), resting orders that would trade
 *     beyond them (bids above limit-up, asks below limit-down) are cancelled; a
 *     conditional order whose order was refused without a record names no order; a
 *     change of an instrument's status is told to the accounts with resting or
 *     conditional orders on it too, once.
 * 13: money rounds half away from zero after taking a product to a millionth of a cent
 *     (a commission of 877.4999999999999 cents, binary noise of exactly 877.5, rounded
 *     down); a modify of a CLOSETODAY order that outlived a settlement takes the earlier
 *     lots it held first; an account left at force-close is retried at any trade in an
 *     instrument it holds and at the resume of one, not only at a price move.
 * 14: each account's settlement record lists the positions it held at the settlement
 *     price, and the lots of delisted instruments the settlement closed (its statement's
 *     positions and closes).
 * 15: an opening order is refused, and a withdrawal or transfer out too, when it would
 *     leave its account at or above the force-close risk ratio once the account's live
 *     orders filled at their worst (an order that used all of available left margin
 *     equal to balance, ratio 1.0, and its account was liquidated by its own fill).
 *     (A development build of 2026-11-25: it refused those with 2004 and 2003.)
 * 16: as 15, the refusals of an account that covers the cost but not that reserve
 *     answered with the spec's 4001 (risk ratio limit exceeded).
 * 17: a user's password can be set again (user.set-password), raising the user's password
 *     version (a version 16 exchange would not know the command). (A development build
 *     of 2026-11-25: its command did not say who set the password.)
 * 18: as 17, the change of a password keeps who made it and when.
 * 19: an account left at force-close is retried when an order comes to rest on the side
 *     its closes take (a bid for a long), not only at a trade; a liquidation places no
 *     close order against an empty side, records `none` when nothing could be closed,
 *     and a retry that found nothing to cancel or close against leaves no record (and
 *     takes no liquidation id); names every JavaScript object has ("__proto__",
 *     "constructor", ...) are no username and no account id.
 * 20: an account has at most MAX_PENDING_CONDITIONALS_PER_ACCOUNT (1,000) pending
 *     conditional orders; an off-grid price too high to count in ticks (1e308) is refused
 *     as too high (3006), not as off the grid; a bank transfer of 0 is told that a
 *     negative amount moves money out; contracts keep their dates: no order before the
 *     list date (3004), the settlement of the expiry date (the last trading day) delists
 *     the contract and closes its positions at the settlement price, and no contract is
 *     added after its expiry date; price limits are at least one tick from the reference
 *     (a band of one price never moved); a market order that found only prices beyond
 *     the limits says so.
 * 21: a conditional order that finishes leaves the core (its record goes to the history,
 *     as a finished order's does): the state holds pending ones only, and a cancel of a
 *     finished one is refused as not found (the HTTP route still answers 3002 from the
 *     history).
 * 22: a contract whose expiry date is no trading day (a Saturday) expires with the
 *     settlement of the last trading day before it, not the one after; no contract is
 *     added whose one tick on one lot is worth more than a lot may be (nothing could trade);
 *     a settlement price for a delisted contract no one holds is refused (3003); a
 *     forced-liquidation order's last_msg says so ("forced liquidation LQ3 (risk)",
 *     followed by why its rest was cancelled, if it was).
 * 23: self-trade prevention stops an order at a resting order of any account of the same
 *     user, not only of the same account (wash trades between one's own accounts moved
 *     money to one of them at will); at settlement an account is told it reached the
 *     force-close threshold before the liquidation that follows; a refused bank transfer out
 *     names its amount with its sign; a modify may leave out its price or its volume (kept:
 *     the price, or the volume still to fill).
 * 24: a user can end every session of its own at once (user.end-sessions, "log out
 *     everywhere"), raising its sign-out version, which login tokens carry; a forced
 *     liquidation cancels the account's pending conditional orders too (a stop left
 *     pending opened again what the liquidation had closed).
 * 25: exchange holidays (calendar.add-holidays, calendar.remove-holidays): a settlement
 *     moves the trading day past them as past weekends, and GTD orders and contracts dated
 *     on one end with the trading day before; a rate change may be scheduled for the
 *     settlement of a coming trading day (instrument.update with atSettlementOf,
 *     instrument.cancel-scheduled-rates), which applies it before marking the positions.
 * 26: conditional.expire-due, which the application sends once a pending conditional
 *     order's valid_until has passed, so that it expires on time on a quiet exchange;
 *     settlement.execute with whileClosed is refused while the market is open.
 */
export const CORE_VERSION = 26;

/** The version that applied the commands from `fromSeq` on (until the next span's). */
export interface CoreVersionSpan {
  readonly fromSeq: number;
  readonly version: number;
}

/** The versions that applied the commands fromSeq..toSeq, in seq order, without repeats. */
export function versionsApplying(spans: readonly CoreVersionSpan[], fromSeq: number, toSeq: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!;
    const end = i + 1 < spans.length ? spans[i + 1]!.fromSeq - 1 : Number.POSITIVE_INFINITY;
    if (span.fromSeq > toSeq || end < fromSeq) continue;
    if (out.at(-1) !== span.version) out.push(span.version);
  }
  return out;
}
