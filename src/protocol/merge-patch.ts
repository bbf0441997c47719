/**
 * JSON Merge Patch (RFC 7386), the increments of the DIFF protocol: objects merge
 * recursively, a scalar or an array replaces, null deletes.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The patch that turns `from` into `to`, holding only what changed; undefined when
 * nothing did. Arrays are compared whole (a merge patch can only replace them).
 */
export function diff(from: Json | undefined, to: Json): Json | undefined {
  if (isObject(to)) {
    if (!isObject(from)) return to;
    let patch: JsonObject | undefined;
    for (const key in to) {
      const value = to[key] as Json;
      const change = diff(from[key], value);
      if (change !== undefined) (patch ??= {})[key] = change;
    }
    for (const key in from) {
      if (!(key in to)) (patch ??= {})[key] = null;
    }
    return patch;
  }
  if (Array.isArray(to)) return Array.isArray(from) && sameArray(from, to) ? undefined : to;
  return from === to ? undefined : to;
}

function sameArray(a: readonly Json[], b: readonly Json[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (diff(a[i], b[i] as Json) !== undefined) return false;
  return true;
}

/**
 * Applies a patch to `target` in place (for the server's copy of what a client holds);
 * returns the result. With `adopt`, an object the target does not have yet is taken by
 * reference instead of copied: for patches built for this one target, whose new objects
 * hold no nulls and are not used elsewhere (a session's own order, trade and account views).
 */
export function applyPatch(target: Json | undefined, patch: Json, adopt = false): Json {
  if (!isObject(patch)) return patch;
  const base: JsonObject = isObject(target) ? target : {};
  for (const key in patch) {
    const value = patch[key] as Json;
    if (value === null) delete base[key];
    else if (adopt && base[key] === undefined) base[key] = value;
    else base[key] = applyPatch(base[key], value, adopt);
  }
  return base;
}
