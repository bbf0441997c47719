/**
 * Bar times for the charts: lightweight-charts refuses times that do not ascend, and the
 * exchange may show two candles opening at the same minute (a day settled within it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ascendingChartTimes, dailyChartTime, localChartTime } from '../../web/src/chart-times.ts';

describe('chart bar times', () => {
  it('draws a candle opening at the time of the one before it a second later, and keeps the others as they are', () => {
    const minute = Date.UTC(2026, 10, 25, 11, 55);
    const times = ascendingChartTimes([minute - 60_000, minute, minute, minute + 60_000]);
    const local = localChartTime(minute);
    assert.deepEqual(times, [local - 60, local, local + 1, local + 60]);
    for (let i = 1; i < times.length; i++) assert.ok(times[i]! > times[i - 1]!);
  });

  it("draws a daily candle at its trading day's date, whichever zone the exchange and the browser are in", () => {
    const day = Date.UTC(2026, 10, 25) / 1000;
    // Midnight of 2026-11-25 in Shanghai (UTC+8), New York (UTC-5), Tokyo (UTC+9) and UTC.
    for (const offsetHours of [8, -5, 9, 0, 11, -11]) assert.equal(dailyChartTime(Date.UTC(2026, 10, 25) - offsetHours * 3_600_000), day, `UTC${offsetHours}`);
    assert.deepEqual(ascendingChartTimes([Date.UTC(2026, 10, 24, 16), Date.UTC(2026, 10, 25, 16)], true), [day, day + 86_400]);
  });
});
