import { type ClockTime, type SessionRange, type TradingHours, tradingHoursText } from '../config/index.ts';
import { type Command, type CoreState, ResultCode } from '../core/index.ts';
import type { Clock } from './clock.ts';
import { isTradingDate } from '../core/calendar/trading-days.ts';
import type { HolidayLookup } from '../core/calendar/holidays.ts';
import { holdsNightSession, tradingDayAt, type WallClock, wallClock } from './trading-calendar.ts';

/**
 * Scheduled sessions (exchange.session_mode = "scheduled", DECISIONS.md): the market is
 * open during the sessions of trading_hours on trading days (weekdays that are no
 * holidays; no night session before a holiday), and the day is settled at
 * settlement_time. The schedule does not change the state itself: it submits journaled commands (market.open,
 * market.close, settlement.execute) as the clock passes each boundary, so a replay
 * reproduces every session exactly, whatever the configuration says on the day of the
 * replay.
 */
export interface SessionTimes {
  readonly tradingHours: TradingHours;
  readonly settlementTime: ClockTime;
  readonly timeZone: string;
}

/**
 * The commands the schedule wants at `nowMs`, given the state; [] when it has nothing to
 * do. `seenMs` is when the schedule last looked (at a start, the last command's time): a
 * market open since then belongs to that moment's session, and is closed first when it
 * is another session's (the exchange was down, or the process asleep, over a break or a
 * day's end), so that the break happened: GFS orders expire with their session.
 */
export function dueCommands(state: CoreState, nowMs: number, times: SessionTimes, seenMs = nowMs): Command[] {
  const local = wallClock(nowMs, times.timeZone);
  const commands: Command[] = [];
  const session = sessionAt(local, times, state.holidays);
  const open = session !== undefined;
  const sameSession = open && session === sessionAt(wallClock(seenMs, times.timeZone), times, state.holidays);
  if (state.marketClosed === '' && !sameSession) commands.push({ type: 'market.close', reason: closedReason(times) });
  // The day is settled once its settlement time has passed; days missed while the
  // exchange was down are settled one after the other, each moving the day on.
  const today = isTradingDate(local.date, state.holidays) ? local.date : undefined;
  const settled = state.tradingDay === '' || state.tradingDay > (today ?? '') || (state.tradingDay === today && local.minutes < times.settlementTime.minutes);
  const behind = state.tradingDay !== '' && state.tradingDay < tradingDayAt(nowMs, times.timeZone, state.holidays);
  if (!settled || behind) commands.push({ type: 'settlement.execute', tradingDay: state.tradingDay });
  // The market opens only once every earlier day is settled (in a later round): an order
  // taken at the open would otherwise belong to a day that a settlement then ends.
  else if (open && state.marketClosed !== '') commands.push({ type: 'market.open' });
  return commands;
}

function closedReason(times: SessionTimes): string {
  // A night session missing on the evening before a holiday is a closed market inside the hours quoted: say why.
  const night = times.tradingHours.some((range) => range.start.minutes > times.settlementTime.minutes);
  return `orders are taken ${tradingHoursText(times.tradingHours)} (${times.timeZone}), Monday to Friday, holidays excepted${night ? ', with no night session on the evening before a holiday' : ''}`;
}

/**
 * Which session `local` is in: the date and start of the session that holds it, or
 * undefined between sessions. A session whose end is earlier than its start runs past
 * midnight: its part after midnight belongs to the session begun the evening before
 * (Friday's runs into Saturday morning; none begins on Sunday evening), as Chinese night
 * sessions do.
 */
function sessionAt(local: WallClock, times: SessionTimes, holidays: HolidayLookup): string | undefined {
  for (const range of times.tradingHours) {
    const began = beganOn(local, range);
    if (began !== undefined && isHeldOn(began, range, times, holidays)) return `${began} ${range.start.text}`;
  }
  return undefined;
}

/** The date the session of `range` that holds `local` began on, if one does (any day). */
function beganOn(local: WallClock, { start, end }: SessionRange): string | undefined {
  if (start.minutes < end.minutes) return local.minutes >= start.minutes && local.minutes < end.minutes ? local.date : undefined;
  if (local.minutes >= start.minutes) return local.date;
  return local.minutes < end.minutes ? local.dayBefore : undefined;
}

/**
 * Whether the session of `range` is held when begun on `date`: the day's own sessions on
 * trading days, those after the settlement time (night sessions, the next trading day's)
 * on the evenings that hold them.
 */
function isHeldOn(date: string, range: SessionRange, times: SessionTimes, holidays: HolidayLookup): boolean {
  return range.start.minutes > times.settlementTime.minutes ? holdsNightSession(date, holidays) : isTradingDate(date, holidays);
}

/**
 * Runs the schedule: at once on start (until nothing is due: days missed while the
 * exchange was down are settled before it takes orders), then at every whole minute of
 * the clock. Every boundary is a whole minute of the exchange's wall clock (time zone
 * offsets are whole minutes), so a session opens and closes within a timer's lateness of
 * its time, not a polling interval's.
 */
export class MarketSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** When the last tick looked (see dueCommands' `seenMs`). */
  private seenMs: number | undefined;

  constructor(
    private readonly state: () => CoreState,
    private readonly submit: (command: Command) => Promise<{ result: { code: number; message: string } }>,
    private readonly clock: Clock,
    private readonly times: SessionTimes,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    await this.tick(Number.POSITIVE_INFINITY);
    this.armTimer();
  }

  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    return this.running;
  }

  /**
   * Submits what is due now, one command at a time; a tick never overlaps another. At most
   * `rounds` rounds: a close and a settlement can fall due together, and each missed day
   * is one settlement.
   */
  tick(rounds = 10): Promise<void> {
    this.running = this.running.then(() => this.runDue(rounds));
    return this.running;
  }

  private armTimer(): void {
    if (this.stopped) return;
    const now = this.clock.now();
    // A few milliseconds past the minute, so that the clock reads the new minute.
    const wait = 60_000 - (now % 60_000) + 5;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.armTimer());
    }, wait);
    this.timer.unref();
  }

  /**
   * Never rejects: a tick's failure is logged, and the next tick (which waits for this one)
   * still runs.
   */
  private async runDue(rounds: number): Promise<void> {
    // What a failure is reported against: the command being submitted, or the tick itself.
    let current = 'tick';
    const now = this.clock.now();
    try {
      // At a start, the market was last seen when the last command was applied.
      const lastTs = this.state().lastTs;
      let seen = this.seenMs ?? (lastTs > 0 ? lastTs : now);
      for (let round = 0; round < rounds && !this.stopped; round++, seen = now) {
        current = 'tick';
        const due = dueCommands(this.state(), now, this.times, seen);
        if (due.length === 0) return;
        for (const command of due) {
          current = command.type;
          const { result } = await this.submit(command);
          const refused = result.code !== ResultCode.Success;
          this.log(`schedule: ${command.type}${refused ? ` refused (${result.code} ${result.message})` : ''}`);
          if (refused) return;
        }
      }
    } catch (error) {
      this.log(`schedule: ${current} failed: ${(error as Error).message}`);
    } finally {
      this.seenMs = now;
    }
  }
}
