/**
 * Times in the exchange's time zone (Asia/Shanghai by default). Formatting goes through
 * Intl, whose answers depend only on the instant and the zone, so projections that use
 * it rebuild identically on replay.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A moment as a clock in the zone shows it (month 1-12). */
export interface ZonedTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

export function zonedTime(epochMs: number, timeZone: string): ZonedTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS.ffffff` (the spec's quote datetime) in the zone. */
export function formatQuoteDatetime(epochMs: number, timeZone: string): string {
  const w = zonedTime(epochMs, timeZone);
  const micros = (((epochMs % 1000) + 1000) % 1000) * 1000;
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}.${pad(micros, 6)}`;
}

/** `YYYY-MM-DD HH:MM:SS` in the zone (admin timestamps). */
export function formatDateTime(epochMs: number, timeZone: string): string {
  return formatQuoteDatetime(epochMs, timeZone).slice(0, 19);
}

/** Epoch ms of midnight starting the calendar date `YYYY-MM-DD` in the zone. */
export function zonedMidnight(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utcGuess = Date.UTC(year, month - 1, day);
  // The zone's offset at that instant; two passes settle days on which the offset changes.
  let instant = utcGuess;
  for (let pass = 0; pass < 2; pass++) {
    const w = zonedTime(instant, timeZone);
    const shownAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    instant = utcGuess - (shownAsUtc - instant);
  }
  return instant;
}
