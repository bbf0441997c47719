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

export function ascendingChartTimes(epochMs: readonly number[]): number[] {
  const times: number[] = [];
  for (const ms of epochMs) {
    const time = localChartTime(ms);
    const previous = times[times.length - 1];
    times.push(previous !== undefined && time <= previous ? previous + 1 : time);
  }
  return times;
}
