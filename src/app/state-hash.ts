import { createHash } from 'node:crypto';
import { type CoreState, type SerializedState, serializeState } from '../core/index.ts';

/** SHA-256 of the canonical serialisation: equal hashes mean identical states. */
export function stateHash(state: CoreState): string {
  return hashOfSerialized(serializeState(state));
}

/** The same hash from a serialisation already made (a snapshot needs both). */
export function hashOfSerialized(serialized: SerializedState): string {
  return createHash('sha256').update(JSON.stringify(serialized)).digest('hex');
}
