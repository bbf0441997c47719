import { createHash } from 'node:crypto';
import { type CoreState, type SerializedState, serializeState } from '../core/index.ts';

/** SHA-256 of the canonical serialisation: equal hashes mean identical states. */
export function stateHash(state: CoreState): string {
  return hashOfSerialized(serializeState(state));
}

/** The same hash from a serialisation already made. */
export function hashOfSerialized(serialized: SerializedState): string {
  return hashOfStateText(JSON.stringify(serialized));
}

/** The same hash from the serialisation's JSON text (a snapshot stores that text too). */
export function hashOfStateText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
