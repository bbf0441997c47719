import { createHash } from 'node:crypto';
import { type CoreState, serializeState } from '../core/index.ts';

/** SHA-256 of the canonical serialisation: equal hashes mean identical states. */
export function stateHash(state: CoreState): string {
  return createHash('sha256').update(JSON.stringify(serializeState(state))).digest('hex');
}
