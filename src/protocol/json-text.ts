/**
 * JSON text of single values for messages assembled from parts (DIFF rtn_data): the same
 * bytes JSON.stringify writes, without its general machinery for the common case.
 */

/** A JSON string literal: quoted as is when nothing needs escaping, the usual case. */
export function jsonString(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Control characters, quote, backslash, and anything beyond ASCII (lone surrogates
    // are escaped by JSON.stringify) take the general path.
    if (c < 32 || c === 34 || c === 92 || c > 126) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** A JSON number as JSON.stringify writes it (NaN and the infinities become null). */
export function jsonNumber(n: number): string {
  return Number.isFinite(n) ? `${n}` : 'null';
}
