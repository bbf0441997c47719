import type { Caller } from '../../app/auth/auth-service.ts';
import type { Exchange } from '../../app/exchange.ts';
import { type NotificationMessage, type NotificationRaised, renderNotification } from '../../core/index.ts';
import { applyPatch, diff, type Json, type JsonObject } from '../../protocol/merge-patch.ts';
import { jsonNumber, jsonString } from '../../protocol/json-text.ts';
import type { ChangeSet } from './change-set.ts';
import { type ChartRequest, instrumentsOf } from './chart-view.ts';
import { NotifyQueue } from './notify-queue.ts';
import type { QuoteEntry, QuoteFeed } from './quote-feed.ts';
import { SessionCharts } from './session-charts.ts';
import { ALL_CHANNELS, compactMirror, type TradeChannels, TradeDirt, tradePatch } from './trade-view.ts';

/** A notification waiting for delivery: the exchange's (a message to render) or the session's own (a text). */
interface Notice {
  /** The account it concerns; '' for the session's own notices (a refused message, a login). */
  readonly accountId: string;
  readonly priority: 0 | 1 | 2 | 3;
  readonly key: string;
  readonly level: string;
  readonly code: number;
  readonly message: NotificationMessage | undefined;
  readonly text: string;
}

function noticeOf(n: NotificationRaised): Notice {
  return { accountId: n.accountId, priority: n.priority, key: n.key, level: n.level, code: n.code, message: n.message, text: '' };
}

/** Where a session's rtn_data goes: the socket, in production; a recorder in tests. */
export interface Outlet {
  send(text: string): void;
}

let notifySerial = 0;
/** Notify keys are unique for the life of the process and never reused (CLIENTS.md). */
const BOOT = Date.now().toString(36);

export { CHART_ENTRIES_PER_MESSAGE, MAX_CHART_CANDLES, MAX_CHART_INSTRUMENTS, MAX_CHARTS_PER_SESSION } from './session-charts.ts';

/**
 * One DIFF connection: what the client subscribed to, who it is, the server's copy of
 * what the client holds, and what changed since the last rtn_data. Updates are sent only
 * in answer to a peek_message (long poll: a peek with nothing to send is held until
 * something changes), as one merge patch holding only what changed.
 */
export class DiffSession {
  caller: Caller | undefined;
  /** The name the client's trade data is keyed by: the user_id of the query, else the login name. */
  tradeKey: string | undefined;
  private channels: TradeChannels = { ...ALL_CHANNELS };
  /** Parts of trade.<key> the client holds but no longer subscribes to: deleted in the next patch. */
  private readonly droppedChannels = new Set<string>();
  /** Whether the client was sent something under the current trade.<key>. */
  private tradeKeyShown = false;
  /** trade.<key>s the client holds from earlier logins: deleted in the next message. */
  private readonly formerTradeKeys = new Set<string>();
  /** The account the login named (req_login's or the query's account_id); undefined: the user's first. */
  private namedAccountId: string | undefined;
  private peekPending = false;
  /** The client asked for something (quotes, a chart, trade channels) that the next rtn_data answers. */
  private answerDue = false;
  /** When trade.<key> was last read again at the client's asking (rereadTrade; monotonic ms). */
  private rereadAt = -Infinity;
  private insList = '';
  /** The ins_list the client holds: a list changed and changed back before a push is not sent. */
  private insListShown = '';
  private readonly subscribed = new Set<string>();
  /** The quote version the client holds per instrument; kept after unsubscribing, as the client keeps its copy. */
  private readonly quotes = new Map<string, QuoteEntry>();
  private readonly dirtyQuotes = new Set<string>();
  /** Set by quoteParts: the entry whose shared patch is the whole quotes part, if it is. */
  private sharedQuoteSent: QuoteEntry | undefined;
  private readonly charts: SessionCharts;
  private readonly tradeDirt = new TradeDirt();
  private readonly notifications = new NotifyQueue<Notice>();
  /** Orders refused before they reached the exchange (bad fields, not logged in): shown FINISHED. */
  readonly localOrders = new Map<string, JsonObject>();
  /**
   * Ids of orders sent to the exchange whose outcome has not reached the session yet: a
   * refusal here under such an id must not show FINISHED over the order about to appear.
   */
  readonly ordersInFlight = new Set<string>();
  /** The server's copy of the client's trade.<key> (but its trades: see tradesHeld). */
  private readonly tradeMirror: JsonObject = {};
  /** The mark (last price, in ticks) of each position's instrument when the positions were last sent. */
  private readonly shownMarks = new Map<string, number>();
  /** How many of `tradesAccount`'s trades the client holds: the first ones, as trades only append. */
  private tradesHeld = 0;
  /** The same for its bank transfer attempts, which only append too; undefined until the client is shown them. */
  private transfersHeld: number | undefined;
  private tradesAccount: string | undefined;

  constructor(
    private readonly exchange: Exchange,
    private readonly feed: QuoteFeed,
    private readonly outlet: Outlet,
    /** The user_id of the connection's query string, if any. */
    readonly queryUserId: string | undefined,
    /** The account_id of the connection's query string, if any: the account to show. */
    readonly queryAccountId: string | undefined = undefined,
  ) {
    this.charts = new SessionCharts(exchange);
  }

  /** The trading account shown under trade.<key>: the one the login named, else the user's first. */
  get accountId(): string | undefined {
    if (this.caller === undefined) return undefined;
    return this.namedAccountId ?? this.exchange.state.users.get(this.caller.userId)?.accountIds[0];
  }

  /**
   * qry_account_info: trade.<key> is read again whole at the next push, and what differs
   * from the client's copy is sent (nothing, when the two agree, as they should).
   */
  rereadTrade(): void {
    // At most once a second: a whole reread costs milliseconds for an active account,
    // and a client sending it in a loop would otherwise have them spent for nothing.
    const now = performance.now();
    if (this.caller === undefined || now - this.rereadAt < 1000) return;
    this.rereadAt = now;
    this.tradeDirt.all = true;
    this.answerDue = true;
  }

  /** A message of its own (not rtn_data), sent at once: the answer to a query. */
  reply(text: string): void {
    this.outlet.send(text);
  }

  /** The first message, sent unprompted: DIFF clients peek only after they received something. */
  greet(): void {
    this.outlet.send(`{"aid":"rtn_data","data":[{"ins_list":"","mdhis_more_data":false}]}`);
  }

  /** A peek_message: answered at the end of its frame (or its batch), once there is something to send. */
  peek(): void {
    this.peekPending = true;
  }

  isLoggedInAs(userId: string): boolean {
    return this.caller?.userId === userId;
  }

  /** `accountId`: the account the login named (one of the caller's), shown instead of the first. */
  loggedIn(caller: Caller, key: string, accountId?: string): void {
    // The mirror is what the client holds under trade.<key>: another key, user or account
    // starts empty, and the client is told to delete what it holds of the earlier one.
    if (this.tradeKey !== key || this.caller?.userId !== caller.userId || this.namedAccountId !== accountId) {
      if (this.tradeKeyShown && this.tradeKey !== undefined) this.formerTradeKeys.add(this.tradeKey);
      this.tradeKeyShown = false;
      for (const field of Object.keys(this.tradeMirror)) delete this.tradeMirror[field];
      this.tradesHeld = 0;
      this.transfersHeld = undefined;
      this.shownMarks.clear();
      // Refusals shown to the previous user are not the new user's orders, and what was
      // still to be told to the previous user is not the new user's news.
      this.localOrders.clear();
      this.ordersInFlight.clear();
      if (this.caller !== undefined && this.caller.userId !== caller.userId) this.notifications.clear();
    }
    this.caller = caller;
    this.tradeKey = key;
    this.namedAccountId = accountId;
    this.tradeDirt.all = true;
  }

  /** The parts of trade.<key> the client receives now. */
  get tradeChannels(): TradeChannels {
    return this.channels;
  }

  /** True when `channels` turns on a part of trade.<key> that is off now. */
  turnsOnChannel(channels: TradeChannels): boolean {
    return (Object.keys(channels) as (keyof TradeChannels)[]).some((channel) => channels[channel] && !this.channels[channel]);
  }

  /**
   * The short form's `subscribe`: which parts of trade.<key> the client receives. A part
   * turned on is sent whole in the next patch (the whole view is read again, as at a
   * login); one turned off is deleted from the client, which costs nothing.
   */
  subscribeChannels(channels: TradeChannels): void {
    const turnsOn = this.turnsOnChannel(channels);
    const keys: Record<keyof TradeChannels, string> = { account: 'accounts', position: 'positions', order: 'orders', trade: 'trades' };
    for (const channel of Object.keys(keys) as (keyof TradeChannels)[]) {
      if (this.channels[channel] && !channels[channel]) this.droppedChannels.add(keys[channel]);
      if (channels[channel]) this.droppedChannels.delete(keys[channel]);
    }
    const changed = (Object.keys(keys) as (keyof TradeChannels)[]).some((channel) => channels[channel] !== this.channels[channel]);
    this.channels = channels;
    if (turnsOn) this.tradeDirt.all = true;
    // A request that changes nothing has nothing to answer: repeated, it must not put
    // the client's market changes ahead of everyone's.
    if (changed) this.answerDue = true;
  }

  subscribeQuotes(insList: string): void {
    if (insList !== this.insList) this.answerDue = true;
    this.insList = insList;
    this.subscribed.clear();
    for (const id of instrumentsOf(insList)) {
      this.subscribed.add(id);
      this.dirtyQuotes.add(id);
    }
  }

  /** Sets, replaces or (ins_list "") removes a chart; the reason when it is refused. */
  setChart(request: ChartRequest): string | undefined {
    this.answerDue = true;
    return this.charts.set(request);
  }

  /** A session-side message (login result, a refused request): delivered like the exchange's notifications. */
  notifyLocal(level: 'INFO' | 'WARNING' | 'ERROR', code: number, text: string, priority: 0 | 1 | 2 | 3 = 1): void {
    this.notifications.push({ accountId: '', priority, key: '', level, code, message: undefined, text });
  }

  markLocalOrder(orderId: string): void {
    this.tradeDirt.orders.add(orderId);
  }

  /** Notes what a durable batch changed for this session. */
  absorb(changes: ChangeSet): void {
    // Walked from the smaller side: a batch changes a few instruments, a client may
    // subscribe to hundreds (listed or not yet).
    if (changes.everything) for (const id of this.subscribed) this.dirtyQuotes.add(id);
    else for (const id of changes.instruments) if (this.subscribed.has(id)) this.dirtyQuotes.add(id);
    this.charts.absorb(changes);
    if (this.caller === undefined) return;
    for (const n of changes.notifications.get(this.caller.userId) ?? []) this.notifications.push(noticeOf(n));
    const accountId = this.accountId;
    // Everything is read again, and the orders the batch named too: one that ended outside
    // what a snapshot shows (an old order a day's end expired) must still be told. An
    // account that appeared since the last view (the user opened one) is shown whole.
    // (The state is never older than the batch: a user without an account now had none
    // in it, and other accounts' changes are nothing to them.)
    if (changes.everything || accountId !== this.tradesAccount) this.tradeDirt.all = true;
    if (accountId === undefined) return;
    const orders = changes.orders.get(accountId);
    if (orders !== undefined) {
      for (const id of orders) {
        this.tradeDirt.orders.add(id);
        // The exchange has a newer order under the id (sent over REST, say) than a refusal here.
        this.localOrders.delete(id);
        this.ordersInFlight.delete(id);
      }
    }
    if (changes.accounts.has(accountId)) this.tradeDirt.account = this.tradeDirt.positions = true;
    if (changes.tradedAccounts.has(accountId)) this.tradeDirt.trades = true;
    if (changes.transferAccounts.has(accountId)) this.tradeDirt.transfers = true;
    // Holders' float profit and margin follow the price: compared with the marks this
    // client was shown, not with the batch's trade prices. Views are read from the live
    // state, which may already hold a later (not yet published) price, and a batch whose
    // trades end where they began would otherwise leave that intermediate price on screen.
    if (!this.tradeDirt.positions) {
      const positions = this.exchange.state.accounts.get(accountId)?.positions;
      if (positions !== undefined) {
        for (const [id, position] of positions) {
          if (this.shownMarks.get(id) !== position.instrument.lastPriceTicks) {
            this.tradeDirt.account = this.tradeDirt.positions = true;
            break;
          }
        }
      }
    }
  }

  /**
   * Whether what waits for the client includes its own business: its orders, its trades, a
   * notification, a whole new view, the answer to a request (a subscription, a chart and
   * the rest of its history). Those are sent ahead of the market's changes, so a trader's
   * order is answered before thousands of watchers are told of the price.
   */
  get hasOwnNews(): boolean {
    return (
      this.answerDue ||
      this.charts.loading ||
      this.notifications.size > 0 ||
      this.tradeDirt.all ||
      this.tradeDirt.trades ||
      this.tradeDirt.transfers ||
      this.tradeDirt.orders.size > 0
    );
  }

  /** Sends what changed if the client is waiting for it; otherwise keeps it for the next peek. */
  flush(): void {
    if (!this.peekPending) return;
    const message = this.buildMessage();
    if (message === undefined) return;
    this.peekPending = false;
    this.outlet.send(message);
  }

  /**
   * The rtn_data text. Every level is joined once from its parts, so the message is a flat
   * string: a text built by concatenation would be flattened again by the socket's byte
   * count, a copy of the whole message per send.
   */
  private buildMessage(): string | undefined {
    this.answerDue = false;
    const parts: string[] = [];
    if (this.insList !== this.insListShown) {
      parts.push(`"ins_list":${jsonString(this.insList)}`);
      this.insListShown = this.insList;
    }
    const quoteParts = this.quoteParts();
    if (quoteParts !== '') parts.push(`"quotes":{${quoteParts}}`);
    const sharedQuote = this.sharedQuoteSent;
    const tradePart = this.tradePart();
    if (tradePart !== undefined) parts.push(tradePart);
    for (const chartPart of this.charts.parts()) parts.push(chartPart);
    // Notifications travel in their own element: DIFF clients (tqsdk-js) take an element
    // holding `notify` out of the data before merging, and the rest of it with it.
    const notifyPart = this.notifyPart();
    if (parts.length === 0 && notifyPart === undefined && this.formerTradeKeys.size === 0) return undefined;
    // A watcher's usual message: one quote's shared patch and nothing else, the same text
    // for every connection that held the version before. Built once, not per connection.
    if (sharedQuote !== undefined && parts.length === 1 && notifyPart === undefined && this.formerTradeKeys.size === 0) {
      return (sharedQuote.aloneMessage ??= `{"aid":"rtn_data","data":[{${parts[0]!}}]}`);
    }
    const out: string[] = ['{"aid":"rtn_data","data":['];
    if (this.formerTradeKeys.size > 0) {
      // Their own element, first: a merge patch can delete an object but not replace it
      // whole, and the new user's data may be keyed by the same name.
      out.push('{"trade":{');
      let first = true;
      for (const key of this.formerTradeKeys) {
        out.push(first ? '' : ',', jsonString(key), ':null');
        first = false;
      }
      out.push('}}');
      this.formerTradeKeys.clear();
      if (parts.length > 0 || notifyPart !== undefined) out.push(',');
    }
    if (parts.length > 0) {
      out.push('{');
      for (let i = 0; i < parts.length; i++) {
        if (i > 0) out.push(',');
        out.push(parts[i]!);
      }
      out.push('}');
    }
    if (notifyPart !== undefined) out.push(parts.length > 0 ? ',{' : '{', notifyPart, '}');
    out.push(']}');
    return out.join('');
  }

  /**
   * The quotes' part of the message: `"<id>":<patch>` for each changed quote the client
   * watches. Sets `sharedQuoteSent` when the part is one quote's shared patch alone.
   */
  private quoteParts(): string {
    this.sharedQuoteSent = undefined;
    if (this.dirtyQuotes.size === 0) return '';
    const out: string[] = [];
    let shared: QuoteEntry | undefined;
    for (const id of this.dirtyQuotes) {
      if (!this.subscribed.has(id)) continue;
      const entry = this.feed.current(id);
      if (entry === undefined) continue;
      const held = this.quotes.get(id);
      if (held?.version === entry.version) continue;
      // The shared patch text fits a client one version behind; anything else gets its own.
      const fits = held !== undefined && held.version === entry.version - 1;
      const text = fits ? entry.patchText : this.ownQuotePatch(held, entry);
      if (text !== undefined) {
        out.push(`${JSON.stringify(id)}:${text}`);
        if (fits) shared = entry;
      }
      this.quotes.set(id, entry);
    }
    this.dirtyQuotes.clear();
    if (out.length === 1) this.sharedQuoteSent = shared;
    return out.join(',');
  }

  /** The patch from the quote the client holds to the entry's, when the feed's shared one does not fit. */
  private ownQuotePatch(held: QuoteEntry | undefined, entry: QuoteEntry): string | undefined {
    const patch = diff(held?.quote as unknown as Json | undefined, entry.quote as unknown as Json);
    return patch === undefined ? undefined : JSON.stringify(patch);
  }

  private tradePart(): string | undefined {
    if (this.caller === undefined || this.tradeKey === undefined || (!this.tradeDirt.any && this.droppedChannels.size === 0)) return undefined;
    const accountId = this.accountId;
    // The count is of one account's trades. The shown account never changes once the user
    // has one; should it ever, the client gets the new account's trades from the first.
    if (accountId !== this.tradesAccount) {
      this.tradesAccount = accountId;
      this.tradesHeld = 0;
      this.transfersHeld = undefined;
    }
    const positionsBuilt = this.channels.position && (this.tradeDirt.all || this.tradeDirt.positions);
    let { patch, tradesHeld, transfersHeld } = tradePatch(
      this.exchange,
      this.tradeMirror,
      { userId: this.caller.userId, accountId },
      this.tradeDirt,
      this.channels,
      this.localOrders,
      this.tradesHeld,
      this.transfersHeld,
    );
    this.tradeDirt.clear();
    if (positionsBuilt) this.noteShownMarks(accountId);
    for (const key of this.droppedChannels) {
      // The account channel carries the bank transfers and the banks too.
      for (const part of key === 'accounts' ? ['accounts', 'banks', 'transfers'] : [key]) {
        // Deleted only where the client holds something: a patch carries no unchanged field.
        const held = Object.hasOwn(this.tradeMirror, part) || (part === 'trades' && tradesHeld > 0);
        if (part === 'trades') tradesHeld = 0;
        if (part === 'transfers') transfersHeld = undefined;
        if (held) (patch ??= {})[part] = null;
      }
    }
    this.droppedChannels.clear();
    if (patch === undefined) {
      this.tradesHeld = tradesHeld;
      this.transfersHeld = transfersHeld;
      return undefined;
    }
    // JSON.stringify over the whole patch: with fresh views it measured faster than
    // per-view serialisers, hand-written or schema-based (docs/decisions.md).
    const text = JSON.stringify(patch);
    this.tradesHeld = tradesHeld;
    this.transfersHeld = transfersHeld;
    // The patch's new objects are views built for this session alone: the mirror keeps
    // them, but the trades and the transfers, which the counts above stand for.
    for (const key in patch) {
      const value = patch[key]!;
      if (value === null) delete this.tradeMirror[key];
      else if (key === 'trades' || key === 'transfers') this.tradeMirror[key] ??= {};
      else this.tradeMirror[key] = applyPatch(this.tradeMirror[key], value, true);
    }
    compactMirror(this.tradeMirror, patch, this.localOrders, (orderId) =>
      accountId === undefined ? undefined : this.exchange.history.orderIndex(accountId, orderId),
    );
    this.tradeKeyShown = true;
    return `"trade":{${jsonString(this.tradeKey)}:${text}}`;
  }

  /** The marks the positions were just built with (see absorb). */
  private noteShownMarks(accountId: string | undefined): void {
    this.shownMarks.clear();
    const positions = accountId === undefined ? undefined : this.exchange.state.accounts.get(accountId)?.positions;
    if (positions !== undefined) for (const [id, position] of positions) this.shownMarks.set(id, position.instrument.lastPriceTicks);
  }

  private notifyPart(): string | undefined {
    if (this.notifications.size === 0) return undefined;
    const entries: string[] = [];
    const shown = this.accountId;
    for (const n of this.notifications.drain()) {
      const text = n.message === undefined ? n.text : renderNotification(n.message);
      // A user's other accounts are not in trade.<user>: their notices say whose they are.
      const content = n.accountId === '' || n.accountId === shown ? text : `account ${n.accountId}: ${text}`;
      entries.push(
        `"${BOOT}-${++notifySerial}":{"type":"MESSAGE","level":${jsonString(n.level)},"code":${jsonNumber(n.code)},"content":${jsonString(content)}}`,
      );
    }
    return `"notify":{${entries.join(',')}}`;
  }

  /** What the client should hold now, built from scratch (for tests: the mirror must equal it). */
  expectedTrade(): JsonObject | undefined {
    if (this.caller === undefined) return undefined;
    const dirt = new TradeDirt();
    dirt.all = true;
    return tradePatch(this.exchange, {}, { userId: this.caller.userId, accountId: this.accountId }, dirt, this.channels, this.localOrders, 0).patch;
  }
}
