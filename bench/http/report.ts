/** Human-readable lines of the HTTP benchmark; the machine-readable result is run.ts's last line. */
import type { LatencySummary } from '../engine/stats.ts';
import type { LoadResult } from './load.ts';
import type { ProfileSummary } from './profile-summary.ts';

const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const int = (x: number): string => fmt.format(x);
export const ms = (us: number): number => Math.round(us / 10) / 100;

export function describeLatency(l: LatencySummary): string {
  return `p50 ${ms(l.p50_us)} ms, p99 ${ms(l.p99_us)} ms, p99.9 ${ms(l.p999_us)} ms, max ${ms(l.max_us)} ms`;
}

export function describeLoad(label: string, r: LoadResult, unit = 'req/s'): string {
  const codes = Object.entries(r.statusCodes)
    .map(([code, n]) => `${code}×${int(n)}`)
    .join(' ');
  return (
    `${label}: ${int(r.rps)} ${unit} (${int(r.ok2xx)} 2xx in ${r.seconds} s); ${describeLatency(r.latency)}; ` +
    `non-2xx ${int(r.non2xx)}, errors ${int(r.errors)}, timeouts ${int(r.timeouts)} [${codes}]`
  );
}

export function target(label: string, value: number, goal: string, met: boolean): string {
  return `  ${met ? 'met   ' : 'MISSED'} ${label} = ${value} (target ${goal})`;
}

export function describeProfile(label: string, p: ProfileSummary, requests: number): string[] {
  const busy = p.busyMs + p.idleMs > 0 ? Math.round((100 * p.busyMs) / (p.busyMs + p.idleMs)) : 0;
  const perRequest = requests > 0 ? ` = ${int((1000 * p.busyMs) / requests)} µs of non-idle main-thread time per request (wall clock: includes time preempted by other processes)` : '';
  return [
    `${label}: main thread busy ${int(p.busyMs)} ms (${busy}%), idle ${int(p.idleMs)} ms${perRequest}`,
    '  self time by origin: ' + p.byOrigin.slice(0, 12).map((o) => `${o.origin} ${o.sharePct}%`).join(', '),
    '  top functions by self time:',
    ...p.topFunctions.map((f) => `    ${f.sharePct.toFixed(1).padStart(5)}%  ${f.name}  ${f.where}`),
  ];
}
