/**
 * What the OpenAPI document needs beyond what @fastify/swagger writes from the route
 * schemas: an operationId per route (client generators name their methods by it, and
 * fall back to names made of paths), request bodies a route takes optionally, and bounds
 * in OpenAPI 3.0's own form. The schemas themselves stay JSON Schema (draft 7), which the
 * server validates with; only the document is rewritten.
 */

/**
 * A route's operationId: its method and the path's words in camel case, with its path
 * parameters after "By", e.g. GET /api/account/{account_id}/liquidations →
 * getAccountLiquidationsByAccountId. Unique as long as the routes are (the document's
 * test checks).
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter((s) => s !== '' && s !== 'api');
  const words = segments.filter((s) => !s.startsWith(':') && !s.startsWith('{')).flatMap((s) => s.split(/[^A-Za-z0-9]+/));
  const params = segments.filter((s) => s.startsWith(':') || s.startsWith('{')).map((s) => s.replace(/^[:{]|}$/g, ''));
  const name = [...words, ...(params.length > 0 ? ['by', ...params.flatMap((p) => p.split('_'))] : [])].filter((w) => w !== '');
  return method.toLowerCase() + name.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * The operations whose body may be left out: `optionalBody` in their route config (they
 * give a missing body a default before validation). @fastify/swagger marks every body it
 * documents as required, since fastify itself would be.
 */
export const OPTIONAL_BODY = 'x-optional-body';

type Json = { [key: string]: unknown };

/**
 * The document in OpenAPI 3.0's terms: numeric exclusiveMinimum / exclusiveMaximum (JSON
 * Schema draft 6 on) become minimum / maximum with the boolean flag 3.0 expects (strict
 * validators refused the whole document), and the optional bodies are marked so.
 */
export function asOpenApi30<T>(document: T): T {
  const paths = (document as Json).paths as Record<string, Record<string, Json>> | undefined;
  for (const operations of Object.values(paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (operation[OPTIONAL_BODY] !== true) continue;
      delete operation[OPTIONAL_BODY];
      const body = operation.requestBody as Json | undefined;
      if (body !== undefined) body.required = false;
    }
  }
  rewriteBounds(document);
  return document;
}

function rewriteBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) rewriteBounds(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const bound = schema[exclusive];
    if (typeof bound !== 'number') continue;
    schema[inclusive] = bound;
    schema[exclusive] = true;
  }
  for (const value of Object.values(schema)) rewriteBounds(value);
}
