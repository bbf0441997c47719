/**
 * JSON Merge Patch (RFC 7386), the increments of the DIFF protocol: objects merge
 * recursively, a scalar or an array replaces, null deletes.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * Sets an own property, for every key: ids chosen by clients become keys here, and plain
 * assignment would take "__proto__" as the object's prototype instead.
 */
export function setOwn(target: JsonObject, key: string, value: Json): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** An own property's value; never one inherited (a "toString" or "__proto__" key the object does not have). */
export function getOwn(target: JsonObject, key: string): Json | undefined {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

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
      const change = diff(getOwn(from, key), value);
      if (change !== undefined) setOwn((patch ??= {}), key, change);
    }
    for (const key in from) {
      if (!Object.hasOwn(to, key)) setOwn((patch ??= {}), key, null);
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
    const held = getOwn(base, key);
    if (value === null) delete base[key];
    else if (adopt && held === undefined) setOwn(base, key, value);
    else setOwn(base, key, applyPatch(held, value, adopt));
  }
  return base;
}

/**
 * One patch that does what `first` then `then` do (RFC 7386 composition): unlike
 * applying `then` to `first`, a null of `then` stays, to delete the field on the client.
 * (An object of `then` where `first` deletes one is merged into what the client holds:
 * no single merge patch can say "delete, then start again".)
 */
export function composePatches(first: Json | undefined, then: Json): Json {
  if (!isObject(then) || !isObject(first)) return then;
  for (const key in then) {
    const value = then[key] as Json;
    const held = getOwn(first, key);
    setOwn(first, key, value === null || held === undefined || held === null ? value : composePatches(held, value));
  }
  return first;
}
