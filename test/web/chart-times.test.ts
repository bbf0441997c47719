/**
 * Bar times for the charts: lightweight-charts refuses times that do not ascend, and the
 * exchange may show two candles opening at the same minute (a day settled within it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ascendingChartTimes, localChartTime } from '../../web/src/chart-times.ts';

describe('chart bar times', () => {
  it('draws a candle opening at the time of the one before it a second later, and keeps the others as they are', () => {
    const minute = Date.UTC(2026, 10, 25, 11, 55);
    const times = ascendingChartTimes([minute - 60_000, minute, minute, minute + 60_000]);
    const local = localChartTime(minute);
    assert.deepEqual(times, [local - 60, local, local + 1, local + 60]);
    for (let i = 1; i < times.length; i++) assert.ok(times[i]! > times[i - 1]!);
  });
});
