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
      const current = target[key];
      if (isObject(current)) applyMergePatch(current, value);
      else {
        const fresh: JsonObject = {};
        applyMergePatch(fresh, value);
        target[key] = fresh;
      }
    } else {
      target[key] = value;
    }
  }
}
