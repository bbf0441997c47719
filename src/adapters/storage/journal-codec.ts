import type { Command, Direction, Offset, PlaceOrder, PriceType, StampedCommand, TimeCondition, VolumeCondition } from '../../core/index.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A journal entry that cannot be read back. */
export class JournalCorruptionError extends Error {
  /** `what`: the damage, when it is not one corrupt record (records pruned under snapshots that cannot be used are missing). */
  constructor(readonly seq: number, detail: string, what = `journal record ${seq} is corrupt`) {
    super(`${what} (${detail}); refusing to start rather than lose what follows it. Restore the data folder from a copy taken before the damage`);
    this.name = 'JournalCorruptionError';
  }
}

/**
 * How one group-commit batch is stored: a JSON array
 *
 *   [2, firstSeq, firstTs, record, record, ...]
 *
 * (2 is the format). A record's seq is firstSeq plus its position, and its time is stored
 * as milliseconds after firstTs (small integers parse without allocating, 13-digit ones
 * do not). The commands that make up nearly all of a journal are stored positionally,
 * without their field names, and their enumerated fields as indexes into the tables
 * below; every other command, and an order whose enumerated fields are not all in the
 * tables (the core refuses it; the journal keeps it exactly as it came), as its own JSON
 * object:
 *
 *   [dts, 1, accountId, orderId, instrumentId, direction, offset, priceType, price, volume,
 *            timeCondition, volumeCondition, minVolume?, validUntilDate?]     order.place
 *   [dts, 2, accountId, orderId]                                              order.cancel
 *   [dts, 3, accountId, orderId, price | null, volume | null]                 order.modify
 *   [dts, 0, command]                                                         any other
 *
 * (an absent optional field is null when a later one is present, else left off). Against
 * the format before it, this is a third of the text, and writing a batch (every group
 * commit) and reading it (every restart) take about half the time.
 *
 * Format 1, a JSON array of {seq, ts, command} objects, is still read, so journals written
 * before format 2 replay unchanged. The tables and the field order are part of the
 * format: a change is a new format number, never an edit of this one.
 */
const FORMAT = 2;

const DIRECTIONS: readonly Direction[] = ['BUY', 'SELL'];
const OFFSETS: readonly Offset[] = ['OPEN', 'CLOSE', 'CLOSETODAY', 'CLOSEYESTERDAY'];
const PRICE_TYPES: readonly PriceType[] = ['LIMIT', 'MARKET', 'ANY'];
const TIME_CONDITIONS: readonly TimeCondition[] = ['IOC', 'GFS', 'GFD', 'GTD', 'GTC', 'GFA'];
const VOLUME_CONDITIONS: readonly VolumeCondition[] = ['ANY', 'MIN', 'ALL'];

const enum Kind {
  Other = 0,
  Place = 1,
  Cancel = 2,
  Modify = 3,
}

type StoredRecord = unknown[];

export function encodeBatch(records: readonly StampedCommand[]): string {
  const firstTs = records[0]!.ts;
  const out: unknown[] = [FORMAT, records[0]!.seq, firstTs];
  for (let i = 0; i < records.length; i++) out.push(encodeRecord(records[i]!, firstTs));
  return JSON.stringify(out);
}

function encodeRecord({ ts, command: c }: StampedCommand, firstTs: number): StoredRecord {
  const dts = ts - firstTs;
  switch (c.type) {
    case 'order.place': {
      const direction = DIRECTIONS.indexOf(c.direction);
      const offset = OFFSETS.indexOf(c.offset);
      const priceType = PRICE_TYPES.indexOf(c.priceType);
      const timeCondition = TIME_CONDITIONS.indexOf(c.timeCondition);
      const volumeCondition = VOLUME_CONDITIONS.indexOf(c.volumeCondition);
      if (direction < 0 || offset < 0 || priceType < 0 || timeCondition < 0 || volumeCondition < 0) return [dts, Kind.Other, c];
      const record: StoredRecord = [
        dts, Kind.Place, c.accountId, c.orderId, c.instrumentId, direction, offset, priceType, c.price, c.volume, timeCondition, volumeCondition,
      ];
      if (c.validUntilDate !== undefined) record.push(c.minVolume ?? null, c.validUntilDate);
      else if (c.minVolume !== undefined) record.push(c.minVolume);
      return record;
    }
    case 'order.cancel':
      return [dts, Kind.Cancel, c.accountId, c.orderId];
    case 'order.modify':
      // An absent price or volume (unchanged) is null.
      return [dts, Kind.Modify, c.accountId, c.orderId, c.price ?? null, c.volume ?? null];
    default:
      return [dts, Kind.Other, c];
  }
}

/** The records of the batch stored under `firstSeq`, in either format; throws JournalCorruptionError. */
export function decodeBatch(firstSeq: number, text: string): StampedCommand[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new JournalCorruptionError(firstSeq, 'not valid JSON');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new JournalCorruptionError(firstSeq, 'not a batch of records');
  if (parsed[0] === FORMAT) return decodeFormat2(firstSeq, parsed);
  return checkFormat1(firstSeq, parsed);
}

function decodeFormat2(firstSeq: number, batch: unknown[]): StampedCommand[] {
  const firstTs = batch[2];
  if (batch[1] !== firstSeq || typeof firstTs !== 'number' || batch.length < 4) {
    throw new JournalCorruptionError(firstSeq, 'batch header does not match its key');
  }
  const out = new Array<StampedCommand>(batch.length - 3);
  for (let i = 3; i < batch.length; i++) {
    const seq = firstSeq + i - 3;
    const record = batch[i];
    if (!Array.isArray(record) || typeof record[0] !== 'number') throw new JournalCorruptionError(seq, 'not a record with a timestamp');
    out[i - 3] = { seq, ts: firstTs + record[0], command: decodeCommand(seq, record) };
  }
  return out;
}

/** The table's value at a stored index. */
function value<T>(table: readonly T[], stored: unknown, seq: number): T {
  const found = typeof stored === 'number' ? table[stored] : undefined;
  if (found === undefined) throw new JournalCorruptionError(seq, `no value ${stored} in its table`);
  return found;
}

function decodeCommand(seq: number, r: StoredRecord): Command {
  switch (r[1]) {
    case Kind.Place: {
      if (r.length < 12) break;
      const place: Mutable<PlaceOrder> = {
        type: 'order.place',
        accountId: r[2] as string,
        orderId: r[3] as string,
        instrumentId: r[4] as string,
        direction: value(DIRECTIONS, r[5], seq),
        offset: value(OFFSETS, r[6], seq),
        priceType: value(PRICE_TYPES, r[7], seq),
        price: r[8] as number,
        volume: r[9] as number,
        timeCondition: value(TIME_CONDITIONS, r[10], seq),
        volumeCondition: value(VOLUME_CONDITIONS, r[11], seq),
      };
      if (r.length > 12 && r[12] !== null) place.minVolume = r[12] as number;
      if (r.length > 13) place.validUntilDate = r[13] as string;
      return place;
    }
    case Kind.Cancel:
      if (r.length !== 4) break;
      return { type: 'order.cancel', accountId: r[2] as string, orderId: r[3] as string };
    case Kind.Modify:
      if (r.length !== 6) break;
      return {
        type: 'order.modify',
        accountId: r[2] as string,
        orderId: r[3] as string,
        ...(r[4] !== null && { price: r[4] as number }),
        ...(r[5] !== null && { volume: r[5] as number }),
      };
    case Kind.Other: {
      const command = r[2] as Command | null;
      if (r.length === 3 && typeof command === 'object' && command !== null && typeof command.type === 'string') return command;
      break;
    }
  }
  throw new JournalCorruptionError(seq, 'not a stamped command');
}

function checkFormat1(firstSeq: number, records: unknown[]): StampedCommand[] {
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as StampedCommand | null;
    if (record === null || typeof record !== 'object' || record.seq !== firstSeq + i || typeof record.ts !== 'number' || typeof record.command !== 'object' || record.command === null) {
      throw new JournalCorruptionError(firstSeq + i, 'not a stamped command for this seq');
    }
  }
  return records as StampedCommand[];
}
