import type { Exchange } from '../../app/exchange.ts';
import { instrumentState } from '../../core/index.ts';
import { buildQuote, type Quote } from '../../marketdata/index.ts';
import { diff, type Json } from '../../protocol/merge-patch.ts';

/** One instrument's quote as last published, and the patch from the version before it. */
export interface QuoteEntry {
  readonly version: number;
  readonly quote: Quote;
  /** JSON text of the merge patch from version - 1 to this version. */
  readonly patchText: string;
  /**
   * The rtn_data that carries this patch and nothing else, built by the first session
   * that sends it: a thousand watchers of the instrument send the same text.
   */
  aloneMessage?: string;
}

/**
 * Quotes built once per change and shared by every connection: an instrument's quote and
 * the serialised patch from its previous version are computed once per durable batch,
 * and every session that held the previous version sends that same text. Only a
 * session that skipped versions (a new subscription) has its own patch computed.
 */
export class QuoteFeed {
  private readonly entries = new Map<string, QuoteEntry>();

  constructor(
    private readonly exchange: Exchange,
    private readonly timeZone: string,
  ) {}

  /** Rebuilds the quotes of changed instruments; a quote that came out the same keeps its version. */
  refresh(instrumentIds: Iterable<string>): void {
    for (const id of instrumentIds) {
      const previous = this.entries.get(id);
      if (previous === undefined) continue; // built on first use
      const quote = this.build(id);
      if (quote === undefined) continue;
      const patch = diff(previous.quote as unknown as Json, quote as unknown as Json);
      if (patch === undefined) continue;
      this.entries.set(id, { version: previous.version + 1, quote, patchText: JSON.stringify(patch) });
    }
  }

  /** The current entry; undefined for an instrument the exchange does not list. */
  current(id: string): QuoteEntry | undefined {
    let entry = this.entries.get(id);
    if (entry === undefined) {
      const quote = this.build(id);
      if (quote === undefined) return undefined;
      entry = { version: 1, quote, patchText: JSON.stringify(quote) };
      this.entries.set(id, entry);
    }
    return entry;
  }

  private build(id: string): Quote | undefined {
    const live = instrumentState(this.exchange.state, id);
    if (live === undefined) return undefined;
    return buildQuote(live, this.exchange.marketData.tape(id), this.timeZone);
  }
}
