/** Colours of lightweight-charts in the current theme. */
import { ColorType, type DeepPartial, type ChartOptions } from 'lightweight-charts';

export function chartOptions(dark: boolean): DeepPartial<ChartOptions> {
  const text = dark ? '#d1d4dc' : '#333';
  const grid = dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)';
  return {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: text, attributionLogo: false },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, rightOffset: 4 },
  };
}
