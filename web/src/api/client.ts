/**
 * The typed REST client: openapi-fetch over the paths generated from the server's OpenAPI
 * document (schema.d.ts), with the bearer token of the session, and `unwrap` turning the
 * envelope into the data or an ApiFailure carrying the envelope's code and message.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema.d.ts';

/** A failed call, as the server explained it (error.code, error.message of the envelope). */
export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }

  /** What the user reads: the spec's code and the server's own words. */
  get display(): string {
    return this.code > 0 ? `Error ${this.code}: ${this.message}` : this.message;
  }
}

let bearer: string | undefined;
let onUnauthorized: (() => void) | undefined;

/** The session sets the token after login and clears it at logout. */
export function useToken(token: string | undefined, unauthorized?: () => void): void {
  bearer = token;
  onUnauthorized = unauthorized;
}

export const api = createClient<paths>({ baseUrl: '' });
api.use({
  onRequest({ request }) {
    if (bearer !== undefined) request.headers.set('Authorization', `Bearer ${bearer}`);
    return request;
  },
});

interface Envelope<D> {
  success: boolean;
  /** Absent in the document for routes that answer data: null (instrument create). */
  data?: D;
  error?: { code: number; message: string } | null;
}

/** Waits for a call and returns its data, or throws the envelope's error as an ApiFailure. */
export async function unwrap<D>(pending: Promise<{ data?: Envelope<D>; error?: unknown; response: Response }>): Promise<D> {
  let reply: Awaited<typeof pending>;
  try {
    reply = await pending;
  } catch (error) {
    throw new ApiFailure(0, `the exchange cannot be reached (${(error as Error).message})`, 0);
  }
  if (reply.data !== undefined && reply.data.success) return reply.data.data as D;
  throw failureOf((reply.error ?? reply.data) as Partial<Envelope<unknown>> | undefined, reply.response);
}

/** The ApiFailure of a refused call (its envelope's code and message); a 401 tells the session. */
function failureOf(envelope: Partial<Envelope<unknown>> | undefined, response: Response): ApiFailure {
  if (response.status === 401 && bearer !== undefined) onUnauthorized?.();
  return new ApiFailure(envelope?.error?.code ?? 0, envelope?.error?.message ?? `the exchange answered HTTP ${response.status}`, response.status);
}

/**
 * Waits for a file (a call made with `parseAs: 'blob'`): the file and the name the server
 * gave it, or the envelope's error as an ApiFailure.
 */
export async function unwrapFile(pending: Promise<{ data?: Blob; error?: unknown; response: Response }>, fallbackName: string): Promise<{ blob: Blob; name: string }> {
  let reply: Awaited<typeof pending>;
  try {
    reply = await pending;
  } catch (error) {
    throw new ApiFailure(0, `the exchange cannot be reached (${(error as Error).message})`, 0);
  }
  if (reply.response.ok && reply.data !== undefined) {
    const name = /filename="([^"]+)"/.exec(reply.response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
    return { blob: reply.data, name };
  }
  throw failureOf(reply.error as Partial<Envelope<unknown>> | undefined, reply.response);
}

/** A page of a list route: its rows, and how many the whole list holds (X-Total-Count). */
export interface Page<D> {
  readonly rows: D;
  readonly total: number;
}

/** unwrap for a paged list: the rows and the list's total from the X-Total-Count header. */
export async function unwrapPage<D extends unknown[]>(pending: Promise<{ data?: Envelope<D>; error?: unknown; response: Response }>): Promise<Page<D>> {
  let response: Response | undefined;
  const rows = await unwrap(pending.then((reply) => ((response = reply.response), reply)));
  const total = Number(response?.headers.get('x-total-count') ?? Number.NaN);
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

/** The message to show for anything thrown by a call. */
export function describeError(error: unknown): string {
  if (error instanceof ApiFailure) return error.display;
  return error instanceof Error ? error.message : String(error);
}
