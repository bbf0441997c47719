import { createHash, webcrypto } from 'node:crypto';
import { type CoreState, type SerializedState, serializeState } from '../core/index.ts';

/** SHA-256 of the canonical serialisation: equal hashes mean identical states. */
export function stateHash(state: CoreState): string {
  return hashOfSerialized(serializeState(state));
}

/** The same hash from a serialisation already made. */
export function hashOfSerialized(serialized: SerializedState): string {
  return hashOfStateText(JSON.stringify(serialized));
}

/** The same hash from the serialisation's JSON text. */
export function hashOfStateText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The same hash from the UTF-8 bytes of that text (what a snapshot stores), computed on
 * the thread pool: a large state's hash would otherwise hold the event loop for tens of
 * milliseconds.
 */
export async function hashOfStateBytes(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}
