/**
 * One closed-loop load run with autocannon: `connections` keep-alive connections on
 * loopback, each sending its next request as soon as the previous answer arrives, for
 * `seconds`. Requests come from a prepared ring (a shared cursor, so consecutive requests
 * over all connections walk the ring in order). Latency: every 2xx response time goes into
 * an HdrHistogram at microsecond resolution (autocannon's own histogram has 1 ms steps).
 */
import autocannon from 'autocannon';
import { type LatencySummary, summarizeLatencies } from '../engine/stats.ts';
import type { PreparedRequest } from './orders.ts';

export interface LoadSpec {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly connections: number;
  readonly seconds: number;
  /** Bodies and headers, cycled; none for a plain GET. */
  readonly ring?: readonly PreparedRequest[];
  /** Looks at each response body (e.g. to count batch items that failed). */
  readonly onBody?: (status: number, body: string) => void;
}

export interface LoadResult {
  readonly seconds: number;
  readonly requests: number;
  readonly ok2xx: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly statusCodes: Record<string, number>;
  /** 2xx responses per second over the measured duration. */
  readonly rps: number;
  readonly latency: LatencySummary;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let cursor = 0;
  const ring = spec.ring;
  const request: autocannon.Request = { method: spec.method, path: spec.path };
  if (ring !== undefined && ring.length > 0) {
    request.setupRequest = (req) => {
      const next = ring[cursor++ % ring.length]!;
      return { ...req, headers: next.headers, body: next.body };
    };
  }
  if (spec.onBody !== undefined) {
    const onBody = spec.onBody;
    request.onResponse = (status, body) => onBody(status, body);
  }
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 30,
    requests: [request],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    if (statusCode < 200 || statusCode > 299) return;
    if (count === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[count++] = responseTimeMs * 1e6;
  });
  const result = await instance;
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats)) statusCodes[code] = stats.count;
  const ok2xx = result['2xx'];
  return {
    seconds: result.duration,
    requests: ok2xx + result.non2xx,
    ok2xx,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    rps: Math.round(ok2xx / result.duration),
    latency: summarizeLatencies(latencies, count),
  };
}
