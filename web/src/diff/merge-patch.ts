/** JSON Merge Patch (RFC 7386), applied in place: how DIFF's rtn_data patches update the mirror. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Merges `patch` into `target`: objects recursively, null deletes the field, anything else
 * (scalars, arrays) replaces. Mutating in place keeps Vue's reactive mirror reactive.
 */
export function applyMergePatch(target: JsonObject, patch: JsonObject): void {
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete target[key];
    } else if (isObject(value)) {
      const current = Object.hasOwn(target, key) ? target[key] : undefined;
      if (isObject(current)) applyMergePatch(current, value);
      else {
        const fresh: JsonObject = {};
        applyMergePatch(fresh, value);
        setOwn(target, key, fresh);
      }
    } else {
      setOwn(target, key, value);
    }
  }
}

/**
 * Keys are ids the traders chose (orders, charts): "__proto__" must become a field like
 * any other, not the object's prototype (which would give every object in the page the
 * order's fields).
 */
function setOwn(target: JsonObject, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
