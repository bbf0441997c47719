import type { InstrumentSpec } from './instruments/instrument-spec.ts';

/**
 * Every state change of the exchange is one of these commands. The union is closed and its
 * `type` strings are a versioned journal format: never rename one in place, add a new one.
 * Commands carry exactly what the user (or the scheduler) asked for; validation against the
 * current state happens in `apply`, so a journal replays to the same verdicts.
 */
export type Direction = 'BUY' | 'SELL';
export type Offset = 'OPEN' | 'CLOSE' | 'CLOSETODAY' | 'CLOSEYESTERDAY';
export type PriceType = 'LIMIT' | 'MARKET' | 'ANY';
export type TimeCondition = 'IOC' | 'GFS' | 'GFD' | 'GTD' | 'GTC' | 'GFA';
export type VolumeCondition = 'ANY' | 'MIN' | 'ALL';

export interface AddInstrument {
  readonly type: 'instrument.add';
  readonly spec: InstrumentSpec;
}

export interface PlaceOrder {
  readonly type: 'order.place';
  readonly accountId: string;
  /** Chosen by the user; unique among the account's live orders. */
  readonly orderId: string;
  /** Full key with exchange prefix, e.g. `SHFE.cu2601`. */
  readonly instrumentId: string;
  readonly direction: Direction;
  readonly offset: Offset;
  readonly priceType: PriceType;
  /** Limit price in currency units; ignored for MARKET / ANY. */
  readonly price: number;
  readonly volume: number;
  readonly timeCondition: TimeCondition;
  readonly volumeCondition: VolumeCondition;
  /** Required with volumeCondition MIN: the least volume that must trade at once. */
  readonly minVolume?: number;
  /** Required with timeCondition GTD: last trading day the order lives, YYYY-MM-DD. */
  readonly validUntilDate?: string;
}

export interface CancelOrder {
  readonly type: 'order.cancel';
  readonly accountId: string;
  readonly orderId: string;
}

/** Cancel and replace in one step: the order keeps its order_id but loses time priority. */
export interface ModifyOrder {
  readonly type: 'order.modify';
  readonly accountId: string;
  readonly orderId: string;
  /** New limit price in currency units; absent: the order's price, unchanged. */
  readonly price?: number;
  /**
   * New remaining volume; absent: the volume still to fill when the modify is applied (a
   * fill in between is not undone, as a figure the client read before it would).
   */
  readonly volume?: number;
}

/** Starts a trading day: GTD dates are judged against it. */
export interface BeginTradingDay {
  readonly type: 'trading-day.begin';
  /** YYYY-MM-DD */
  readonly tradingDay: string;
}

/**
 * The exchange's rules from its configuration. Journaled (at start, when the
 * configuration changed them) so that a replay applies every command under the rules it
 * was applied under, whatever the configuration says on the day of the replay.
 */
export interface SetRules {
  readonly type: 'rules.set';
  readonly selfTradePrevention: boolean;
  readonly warningThreshold: number;
  readonly forceCloseThreshold: number;
}

/**
 * Scheduled sessions (exchange.session_mode = "scheduled"): the market closes. Orders
 * (new ones and modifies) are refused until it opens again, and GFS orders expire.
 */
export interface CloseMarket {
  readonly type: 'market.close';
  /** Why, for the refusals' message: e.g. the trading hours. */
  readonly reason: string;
}

export interface OpenMarket {
  readonly type: 'market.open';
}

/**
 * Declares holidays: weekdays after the current trading day on which the exchange does
 * not trade. Settlements skip them, as they skip weekends; GTD orders and contracts whose
 * date is one end with the trading day before. A date already declared takes the new name.
 */
export interface AddHolidays {
  readonly type: 'calendar.add-holidays';
  readonly holidays: readonly { readonly date: string; readonly name: string }[];
}

/** Withdraws declared holidays (after the current trading day): the dates trade again. */
export interface RemoveHolidays {
  readonly type: 'calendar.remove-holidays';
  readonly dates: readonly string[];
}

/** Ends the current trading day: day orders (GFD, GFS) and GTD orders due today expire. */
export interface EndTradingDay {
  readonly type: 'trading-day.end';
}

export interface RegisterUser {
  readonly type: 'user.register';
  /** Generated outside the core (a UUID). */
  readonly userId: string;
  readonly username: string;
  /** The finished slow, salted hash: hashing is random and happens outside the core. */
  readonly passwordHash: string;
  readonly role: 'user' | 'admin';
}

/**
 * A user's new password, hashed outside the core as at registration. The user's password
 * version goes up by one: login tokens carry the version they were issued under, so every
 * token issued before is refused from then on.
 */
export interface SetPassword {
  readonly type: 'user.set-password';
  readonly userId: string;
  readonly passwordHash: string;
  /** Who set it: the user itself, an operator, or '' for the exchange at its start (ADMIN_PASSWORD_RESET). */
  readonly byUserId: string;
  /**
   * Set only if the user's password version is still this one: a change the user asked
   * with its current password does not undo another change made while it was checked.
   */
  readonly ifVersion?: number;
}

/**
 * A user's "log out everywhere": the user's sign-out version goes up by one, and login
 * tokens, which carry the version they were issued under, are refused from then on, as
 * after a change of password, while the password stays. Tokens are not kept by the
 * exchange, so one token alone cannot be ended: every session ends together.
 */
export interface EndSessions {
  readonly type: 'user.end-sessions';
  readonly userId: string;
  /** Who ended them: the user itself, or an operator. */
  readonly byUserId: string;
}

export interface OpenAccount {
  readonly type: 'account.open';
  readonly userId: string;
  /** Chosen by the user or generated outside the core. */
  readonly accountId: string;
  /** Currency units; becomes the first deposit. */
  readonly initialBalance: number;
}

export interface Deposit {
  readonly type: 'account.deposit';
  readonly accountId: string;
  readonly amount: number;
}

export interface Withdraw {
  readonly type: 'account.withdraw';
  readonly accountId: string;
  readonly amount: number;
}

/** Freezes (no new orders, no withdrawals) or unfreezes an account. */
export interface SetAccountFrozen {
  readonly type: 'account.set-frozen';
  readonly accountId: string;
  readonly frozen: boolean;
}

export type ConditionType = 'StopLoss' | 'TakeProfit' | 'PriceTouch';
export type TriggerCondition = 'GreaterOrEqual' | 'LessOrEqual';

/** An order held back until the instrument's last trade price reaches a trigger. */
export interface CreateConditionalOrder {
  readonly type: 'conditional.create';
  /** Generated outside the core. */
  readonly conditionalId: string;
  readonly accountId: string;
  readonly instrumentId: string;
  readonly direction: Direction;
  readonly offset: Offset;
  readonly volume: number;
  readonly orderType: 'LIMIT' | 'MARKET';
  /** Limit price of the order placed on trigger; ignored for MARKET. */
  readonly limitPrice: number;
  readonly conditionType: ConditionType;
  readonly triggerPrice: number;
  readonly triggerCondition: TriggerCondition;
  /** Epoch ms after which a pending conditional order expires; 0 = never. */
  readonly validUntil: number;
}

export interface CancelConditionalOrder {
  readonly type: 'conditional.cancel';
  readonly conditionalId: string;
  /** The account the caller acts for: another account's conditional order is not found. */
  readonly accountId: string;
}

/**
 * The clock's word that a pending conditional order's valid_until has passed. Conditional
 * orders expire at the first command after their deadline (apply does it for every
 * command); on a quiet exchange this one, sent by the application's timer, is that
 * command. It changes nothing else.
 */
export interface ExpireDueConditionalOrders {
  readonly type: 'conditional.expire-due';
}

/** Changes the rates of a listed instrument; omitted fields stay as they are. */
export interface UpdateInstrument {
  readonly type: 'instrument.update';
  readonly instrumentId: string;
  readonly marginRatio?: number;
  readonly commissionRate?: number;
  readonly limitUpRate?: number;
  readonly limitDownRate?: number;
  /**
   * YYYY-MM-DD, the current trading day or later: the rates apply at the settlement of
   * that day (the first trading day on or after it), replacing any change scheduled
   * before. Absent: at once.
   */
  readonly atSettlementOf?: string;
}

/** Withdraws the rate change scheduled for an instrument. */
export interface CancelScheduledRates {
  readonly type: 'instrument.cancel-scheduled-rates';
  readonly instrumentId: string;
}

/** suspend: orders refused (3004); resume: trading again; delist: resting orders cancelled, no new orders. */
export interface ChangeInstrumentStatus {
  readonly type: 'instrument.suspend' | 'instrument.resume' | 'instrument.delist';
  readonly instrumentId: string;
}

/** Sets the price an instrument settles at in the next day-end settlement. */
export interface SetSettlementPrice {
  readonly type: 'settlement.set-price';
  readonly instrumentId: string;
  readonly price: number;
}

/** Day-end settlement of every account, then the next trading day begins. */
export interface ExecuteSettlement {
  readonly type: 'settlement.execute';
  /**
   * The trading day the sender means to settle (the session schedule names it): refused
   * when the day is another, e.g. because an administrator settled it a moment before.
   */
  readonly tradingDay?: string;
  /**
   * Refused while the market is open. An administrator's settlement under scheduled
   * sessions carries it: settling in the middle of a session would end the day there and
   * book the rest of the session to the next one.
   */
  readonly whileClosed?: boolean;
}

/** An administrator closes every position of an account, whatever its risk. */
export interface ForceLiquidate {
  readonly type: 'account.force-liquidate';
  readonly accountId: string;
}

/** A simulated bank transfer. Passwords are checked outside the core; the verdict comes in. */
export interface BankTransfer {
  readonly type: 'account.bank-transfer';
  readonly transferId: string;
  readonly accountId: string;
  readonly bankId: string;
  /** '' when bankId is not one of the exchange's banks: the attempt is refused (1001) and recorded. */
  readonly bankName: string;
  /** Positive: from the bank into the account; negative: out to the bank. */
  readonly amount: number;
  /** '' when the passwords were right; otherwise why they were not. */
  readonly credentialError: string;
}

export type Command =
  | UpdateInstrument
  | CancelScheduledRates
  | ChangeInstrumentStatus
  | SetSettlementPrice
  | ExecuteSettlement
  | ForceLiquidate
  | BankTransfer
  | CreateConditionalOrder
  | CancelConditionalOrder
  | ExpireDueConditionalOrders
  | RegisterUser
  | SetPassword
  | EndSessions
  | OpenAccount
  | Deposit
  | Withdraw
  | SetAccountFrozen
  | AddInstrument
  | PlaceOrder
  | CancelOrder
  | ModifyOrder
  | BeginTradingDay
  | EndTradingDay
  | CloseMarket
  | OpenMarket
  | AddHolidays
  | RemoveHolidays
  | SetRules;

/** A command as the sequencer stamped it: the only input `apply` accepts. */
export interface StampedCommand {
  /** Strictly increasing from 1, without gaps. */
  readonly seq: number;
  /** Epoch milliseconds, non-decreasing; the core's only notion of time. */
  readonly ts: number;
  readonly command: Command;
}
