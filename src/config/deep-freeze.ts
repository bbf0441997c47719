/**
 * Freezes a plain data tree in place. The loaded config is shared by every layer;
 * freezing turns an accidental write into an immediate TypeError instead of a
 * difference between what was validated and what runs.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
