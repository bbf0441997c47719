import { Type } from '@sinclair/typebox';
import { calendarView, daysBetween, MAX_CLOSURE_DAYS, MAX_LISTED_TRADING_DAYS, weekdaysBetween } from '../../../app/services/calendar-view.ts';
import { execute } from '../../../app/services/execute.ts';
import { HOLIDAY_NAME_MAX, MAX_HOLIDAYS, ResultCode, weekdayName } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { DATE_PATTERN, dateOf } from '../schemas/date-field.ts';
import { replies } from '../schemas/envelope.ts';

const DateText = Type.String({ pattern: DATE_PATTERN, description: 'YYYY-MM-DD or YYYYMMDD' });
const HolidayName = Type.String({ maxLength: HOLIDAY_NAME_MAX, description: 'what the day is, e.g. "New Year\'s Day"' });

const CalendarSchema = Type.Object({
  timezone: Type.String(),
  session_mode: Type.String({ description: 'continuous (orders at any hour) or scheduled' }),
  trading_hours: Type.Union([Type.String(), Type.Null()], { description: 'the sessions, when scheduled' }),
  settlement_time: Type.Union([Type.String(), Type.Null()], { description: 'HH:MM, when scheduled' }),
  trading_day: Type.String({ description: 'the current trading day, YYYY-MM-DD' }),
  next_trading_day: Type.String(),
  market_open: Type.Boolean(),
  market_closed_reason: Type.String({ description: "why orders are refused now, as the refusals say it ('' while the market is open)" }),
  holidays: Type.Array(
    Type.Object({ date: Type.String(), name: Type.String(), weekday: Type.String() }),
    { description: 'upcoming holidays (weekdays without trading), by date' },
  ),
  trading_days: Type.Array(Type.String(), { description: 'the current trading day and those after it' }),
});

const CalendarQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LISTED_TRADING_DAYS, default: 10, description: 'how many trading days to list, the current one first' })),
});

/**
 * The trading calendar: which days trade. Everyone reads it (a strategy plans around
 * holidays, a class around its semester); operators declare the holidays, which are
 * journaled commands: a replay skips the same days.
 */
export function calendarRoutes(app: Api, ctx: HttpContext): void {
  const view = (days = 10) => calendarView(ctx.exchange.state, ctx.exchange.config, days);

  app.get(
    '/api/market/calendar',
    {
      config: { access: 'public' },
      schema: {
        tags: ['market'],
        summary: 'The trading calendar: the current trading day, the next ones, upcoming holidays and the sessions',
        querystring: CalendarQuery,
        response: replies(CalendarSchema),
      },
    },
    async (request) => ok(view(request.query.days)),
  );

  app.post(
    '/api/admin/calendar/holidays',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Declare holidays (weekdays after the current trading day without trading), as a list or as a closure from one date to another (its weekdays); a date already declared takes the new name',
        body: Type.Object({
          holidays: Type.Optional(Type.Array(Type.Object({ date: DateText, name: Type.Optional(HolidayName) }), { minItems: 1, maxItems: MAX_HOLIDAYS })),
          from: Type.Optional({ ...DateText, description: 'first day of a closure (instead of holidays)' }),
          to: Type.Optional({ ...DateText, description: 'last day of the closure (default: from)' }),
          name: Type.Optional({ ...HolidayName, description: "the closure's name, or the default name of the listed holidays" }),
        }),
        response: replies(CalendarSchema),
      },
    },
    async (request) => {
      const { holidays, from, to, name = '' } = request.body;
      if ((holidays === undefined) === (from === undefined)) {
        throw new ApiError(ResultCode.ParameterError, 'body names the holidays either as holidays (a list of dates) or as from (and to): one of the two');
      }
      if (holidays !== undefined && to !== undefined) throw new ApiError(ResultCode.ParameterError, 'body.to ends a closure begun by body.from: it does not go with holidays');
      const listed =
        holidays !== undefined
          ? holidays.map((h, i) => ({ date: dateOf(h.date, `body.holidays[${i}].date`), name: h.name ?? name }))
          : closure(dateOf(from!, 'body.from'), to === undefined ? undefined : dateOf(to, 'body.to')).map((date) => ({ date, name }));
      await execute(ctx.exchange, { type: 'calendar.add-holidays', holidays: listed });
      return ok(view());
    },
  );

  app.delete(
    '/api/admin/calendar/holidays/:date',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Withdraw a declared holiday: the day trades again',
        params: Type.Object({ date: DateText }),
        response: replies(CalendarSchema),
      },
    },
    async (request) => {
      await execute(ctx.exchange, { type: 'calendar.remove-holidays', dates: [dateOf(request.params.date, 'params.date')] });
      return ok(view());
    },
  );
}

/** The weekdays of a closure from `from` through `to`. */
function closure(from: string, to = from): string[] {
  if (to < from) throw new ApiError(ResultCode.ParameterError, `the closure's last day (body.to) ${to} is before its first day (body.from) ${from}`);
  if (daysBetween(from, to) > MAX_CLOSURE_DAYS) throw new ApiError(ResultCode.ParameterError, `a closure spans at most ${MAX_CLOSURE_DAYS} days (${from} to ${to} is ${daysBetween(from, to)})`);
  const weekdays = weekdaysBetween(from, to);
  if (weekdays.length === 0) {
    const days = from === to ? `${from} is a ${weekdayName(from)}` : `${from} to ${to} is a weekend`;
    throw new ApiError(ResultCode.ParameterError, `${days}: weekends are never trading days, so there is nothing to declare`);
  }
  return weekdays;
}
