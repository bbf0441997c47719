import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { AddHolidays, RemoveHolidays } from '../commands.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreEvent } from '../events.ts';
import type { CoreState } from '../state.ts';
import { dayNumber, isCalendarDay, isWeekend, weekdayName } from './dates.ts';
import { type Holiday, HOLIDAY_NAME_MAX, MAX_HOLIDAYS } from './holidays.ts';
import { nextTradingDay, previousTradingDay } from './trading-days.ts';

/**
 * Declares holidays. Only days after the current trading day: the current one has begun
 * (its orders rest, its settlement is due) and earlier ones are settled. All or nothing:
 * one bad date refuses the command, naming it.
 */
export function addHolidays(state: CoreState, command: AddHolidays): ApplyResult {
  const given = command.holidays;
  if (!Array.isArray(given) || given.length === 0) return rejected(ResultCode.ParameterError, 'holidays must name at least one date');
  const seen = new Set<string>();
  for (const holiday of given) {
    const problem = dateProblem(state, holiday?.date, seen) ?? nameProblem(holiday.date, holiday.name);
    if (problem !== undefined) return rejected(ResultCode.ParameterError, problem);
    seen.add(holiday.date);
  }
  const newDates = [...seen].filter((date) => !state.holidays.has(date)).length;
  if (state.holidays.size + newDates > MAX_HOLIDAYS) {
    return rejected(ResultCode.ParameterError, `the exchange keeps at most ${MAX_HOLIDAYS} upcoming holidays (${state.holidays.size} declared, ${newDates} more asked)`);
  }
  const added: Holiday[] = given.map(({ date, name }) => ({ date, name }));
  for (const { date, name } of added) state.holidays.set(date, name);
  added.sort((a, b) => (a.date < b.date ? -1 : 1));
  const events: CoreEvent[] = [{ type: 'calendar.changed', added, removed: [], nextTradingDay: nextAfterToday(state) }];
  moveScheduledRatesOffHolidays(state, events);
  return succeeded(events);
}

/**
 * A rate change announced for the settlement of a day now declared a holiday moves to the
 * settlement of the trading day before it (where it would apply anyway, as a contract
 * dated on a holiday ends with the day before): what the instrument shows, and what its
 * holders are told again, is what will happen.
 */
function moveScheduledRatesOffHolidays(state: CoreState, events: CoreEvent[]): void {
  for (const instrument of state.instruments.values()) {
    const scheduled = instrument.scheduledRates;
    if (scheduled === undefined || !state.holidays.has(scheduled.atSettlementOf)) continue;
    instrument.scheduledRates = { ...scheduled, atSettlementOf: previousTradingDay(scheduled.atSettlementOf, state.holidays) };
    events.push({ type: 'instrument.rates-scheduled', instrumentId: instrument.id, scheduled: instrument.scheduledRates, replaced: scheduled });
  }
}

/** Withdraws declared holidays; a date that is none refuses the command, naming it. */
export function removeHolidays(state: CoreState, command: RemoveHolidays): ApplyResult {
  const dates = command.dates;
  if (!Array.isArray(dates) || dates.length === 0) return rejected(ResultCode.ParameterError, 'dates must name at least one holiday');
  const seen = new Set<string>();
  for (const date of dates) {
    if (seen.has(date)) return rejected(ResultCode.ParameterError, `${String(date)} is named twice`);
    if (typeof date !== 'string' || !state.holidays.has(date)) {
      return rejected(ResultCode.ResourceNotFound, `${String(date)} is not an upcoming holiday of the exchange`);
    }
    // Skipped by the last settlement: the current trading day comes after it.
    if (date <= state.tradingDay) {
      return rejected(ResultCode.ParameterError, `${date} was skipped by the settlement that began the trading day ${state.tradingDay}: it stays a holiday`);
    }
    seen.add(date);
  }
  for (const date of seen) state.holidays.delete(date);
  return succeeded([{ type: 'calendar.changed', added: [], removed: [...seen].sort(), nextTradingDay: nextAfterToday(state) }]);
}

function dateProblem(state: CoreState, date: unknown, seen: ReadonlySet<string>): string | undefined {
  if (!isCalendarDay(date)) return `a holiday's date must be a calendar date YYYY-MM-DD, got ${String(date)}`;
  if (seen.has(date)) return `${date} is named twice`;
  if (isWeekend(dayNumber(date))) return `${date} is a ${weekdayName(date)}: weekends are never trading days, so only weekdays are declared holidays`;
  if (state.tradingDay !== '' && date <= state.tradingDay) {
    return `${date} is not after the current trading day ${state.tradingDay}: a holiday is declared before the settlement of the trading day before it`;
  }
  return undefined;
}

/** Characters are counted as people count them (code points): an emoji is one, as the HTTP schema counts it. */
function nameProblem(date: string, name: unknown): string | undefined {
  if (typeof name !== 'string' || [...name].length > HOLIDAY_NAME_MAX) return `the name of ${date} must be text of at most ${HOLIDAY_NAME_MAX} characters`;
  return undefined;
}

function nextAfterToday(state: CoreState): string {
  return state.tradingDay === '' ? '' : nextTradingDay(state.tradingDay, state.holidays);
}
