/** Numbers as traders read them: prices with the instrument's decimals, money with two. */

/** Decimals of a price tick: 10 -> 0, 0.5 -> 1, 0.02 -> 2, 0.005 -> 3. */
export function tickDecimals(tick: number | undefined): number {
  if (tick === undefined || !Number.isFinite(tick) || tick <= 0) return 2;
  const text = tick.toString();
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

export function formatPrice(value: number | undefined | null, decimals: number): string {
  if (value === undefined || value === null || !Number.isFinite(value) || value === 0) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export function formatMoney(value: number | undefined | null): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '—';
  return unsignedZero(value, 2).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** `value`, or 0 when it shows as zero with `decimals`: a loss of a thousandth is not "-0.00". */
function unsignedZero(value: number, decimals: number): number {
  return Math.abs(value) < 0.5 * 10 ** -decimals ? 0 : value;
}

export function formatPercent(ratio: number | undefined | null): string {
  if (ratio === undefined || ratio === null || !Number.isFinite(ratio)) return '—';
  return `${unsignedZero(ratio * 100, 2).toFixed(2)}%`;
}

/** Nanosecond or millisecond timestamps as local date and time. */
export function formatTime(value: number | undefined | null, unit: 'ns' | 'ms' = 'ms'): string {
  if (value === undefined || value === null || value === 0) return '—';
  const date = new Date(unit === 'ns' ? value / 1e6 : value);
  const pad = (n: number) => String(n).padStart(2, '0');
  // A no-break space: a table column never splits the date from the time.
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}\u00a0${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Profit in the trader's colours: class names styled in App.vue. */
export function signClass(value: number | undefined): string {
  if (value === undefined || value === 0) return '';
  return value > 0 ? 'up' : 'down';
}

/** A date picker's day (its moment at local midnight) as YYYY-MM-DD, to compare with trading days. */
export function pickerDay(ms: number): string {
  const day = new Date(ms);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}
