/**
 * Times of chart bars as lightweight-charts takes them: seconds, shifted so that the axis
 * reads the browser's local time, and strictly ascending, which the library requires. The
 * exchange may show two candles of one period that open at the same minute: a trading day
 * settled within that minute ends its candle, and the next day's trades open their own.
 * The later one is drawn a second after the earlier, beside it.
 */
export function localChartTime(epochMs: number): number {
  return Math.floor(epochMs / 1000) - new Date(epochMs).getTimezoneOffset() * 60;
}

const DAY_MS = 86_400_000;
const HALF_DAY_MS = 43_200_000;

/**
 * A daily candle's time as its trading day's date (midnight UTC, which the axis shows as
 * that date with no time of day). The exchange opens a daily candle at midnight of the
 * trading day in its own time zone, whatever the browser's: 16:00 UTC the day before for
 * Shanghai. The midnight of a zone less than twelve hours from UTC (every exchange's
 * zone but the Pacific's) lies within twelve hours of the date's midnight UTC, so
 * rounding to the nearest UTC midnight finds the date.
 */
export function dailyChartTime(epochMs: number): number {
  return (Math.floor((epochMs + HALF_DAY_MS) / DAY_MS) * DAY_MS) / 1000;
}

/** `daily`: the candles are a day each, drawn by their trading day's date (dailyChartTime). */
export function ascendingChartTimes(epochMs: readonly number[], daily = false): number[] {
  const times: number[] = [];
  for (const ms of epochMs) {
    const time = daily ? dailyChartTime(ms) : localChartTime(ms);
    const previous = times[times.length - 1];
    times.push(previous !== undefined && time <= previous ? previous + 1 : time);
  }
  return times;
}
