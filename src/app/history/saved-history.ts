/**
 * The forms the history is saved in: plain data (`toJSON`, what snapshots held before
 * the history was rebuilt from the journal's sidecars, and what tests compare) and the
 * checkpoint's document (`checkpoint`, a fast start).
 */
import type { ConditionalRecord } from '../../core/index.ts';
import type { SavedLists } from './archived-lists.ts';
import type { ArrayRef } from './checkpoint-codec.ts';
import type { SavedConditionals } from './conditional-history.ts';
import type { EquityPoint, FundsMovement, LiquidationHistory, OrderHistory, SettlementDetail, TradeHistory, TransferHistory } from './history-records.ts';
import type { ArchiveChunkStore } from './record-archive.ts';
import type { SavedSettlements } from './settlement-history.ts';

/**
 * The layout of `checkpoint`'s document: a checkpoint of another layout is not loaded
 * (the history is rebuilt instead). Raise it also when the archive's record texts or
 * chunks change (archive-codecs.ts, record-archive.ts): a checkpoint trusts the stored
 * chunks, and only a rebuild compares them and writes those that differ.
 */
export const CHECKPOINT_VERSION = 3;

export interface HistoryOptions {
  /** Settled orders, and trades, kept as objects before the oldest are archived. */
  readonly keepInHeap?: number;
  /** Where the archive's full chunks go (the storage engine, in the exchange; memory by default). */
  readonly archiveStore?: ArchiveChunkStore;
  /** Bytes per archive chunk (tests make them small, to fill many). */
  readonly archiveChunkBytes?: number;
}

/** What `checkpoint` writes: typed arrays are refs into the checkpoint's arrays (checkpoint-codec.ts). */
export interface CheckpointDocument extends Omit<SavedHistory, 'orders' | 'trades' | 'conditionals' | 'settlements' | 'equity'> {
  readonly version: number;
  readonly archive: {
    readonly count: number;
    readonly nextChunk: number;
    readonly chunkOf: ArrayRef;
    readonly offsetOf: ArrayRef;
    readonly open: readonly (readonly [group: string, chunk: number, bytes: ArrayRef])[];
  };
  readonly orders: SavedLists<OrderHistory>;
  readonly trades: SavedLists<TradeHistory>;
  readonly conditionals: SavedConditionals;
  readonly settlements: SavedSettlements;
  readonly latest: readonly (readonly [account: string, table: { readonly seed: number; readonly entries: number; readonly indexes: ArrayRef; readonly hashes: ArrayRef }])[];
  readonly tradedInstruments: readonly (readonly [account: string, instruments: string[]])[];
  readonly orderCount: number;
}

export interface SavedHistory {
  readonly orders: [string, OrderHistory[]][];
  readonly trades: [string, TradeHistory[]][];
  readonly transfers: [string, TransferHistory[]][];
  readonly funds: [string, FundsMovement[]][];
  readonly equity: [string, EquityPoint[]][];
  readonly settlements: SettlementDetail[];
  readonly liquidations: LiquidationHistory[];
  readonly tradeCount: number;
  readonly orderCount?: number;
  /** Every conditional order's record (absent before the history kept them). */
  readonly conditionals?: ConditionalRecord[];
}
