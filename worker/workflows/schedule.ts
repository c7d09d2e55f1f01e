// When a schedule is due, as upstream's services/schedule_spec.py decides it, always in UTC:
// - interval and hourly (and a scheduled query's deprecated frequency, in minutes) run at once
//   when never run, then every period after the last claim;
// - daily and monthly fire for the latest occurrence after the last claim (after creation when
//   never run); occurrences missed while nothing ran collapse into one run, never a backlog.
// Times are floored to the minute: the cron ticks once a minute, and an occurrence is the
// identity of its run (run ids are derived from it).
import type { ScheduleSpec } from "./schemas";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface Trigger {
  schedule: ScheduleSpec | null;
  /** A scheduled query's deprecated frequency in minutes. */
  frequency?: number | null;
}

export interface ScheduleState {
  lastScheduledAt: Date | null;
  createdAt: Date;
}

export const floorToMinute = (time: Date) => new Date(Math.floor(time.getTime() / MINUTE) * MINUTE);
/** The first cron tick (a whole minute) at or after `time`. */
const nextTick = (time: Date) => new Date(Math.ceil(time.getTime() / MINUTE) * MINUTE);

function periodOf({ schedule, frequency }: Trigger): number | null {
  if (schedule?.type === "interval") return (schedule.interval_minutes ?? 0) * MINUTE;
  if (schedule?.type === "hourly") return (schedule.interval_hours ?? 0) * 60 * MINUTE;
  if (!schedule && frequency) return frequency * MINUTE;
  return null;
}

const mondayFirst = (time: Date) => (time.getUTCDay() + 6) % 7;
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The calendar occurrences of a daily or monthly schedule on the UTC day of `day`. */
function occurrenceOn(spec: ScheduleSpec, day: Date): Date | null {
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth();
  const date = day.getUTCDate();
  const at = new Date(Date.UTC(year, month, date, spec.hour, spec.minute));
  if (spec.type === "daily") return spec.days_of_week.includes(mondayFirst(day)) ? at : null;
  // A day the month does not have runs on its last day (31 in April: the 30th).
  const last = lastDayOfMonth(year, month);
  return spec.days_of_month.some((wanted) => Math.min(wanted, last) === date) ? at : null;
}

/** The latest calendar occurrence at or before `now` (searched over the last two months). */
function latestOccurrence(spec: ScheduleSpec, now: Date): Date | null {
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let back = 0; back <= 62; back++) {
    const occurrence = occurrenceOn(spec, new Date(startOfDay - back * DAY));
    if (occurrence && occurrence <= now) return occurrence;
  }
  return null;
}

function earliestOccurrenceAfter(spec: ScheduleSpec, after: Date): Date | null {
  const startOfDay = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  for (let ahead = 0; ahead <= 62; ahead++) {
    const occurrence = occurrenceOn(spec, new Date(startOfDay + ahead * DAY));
    if (occurrence && occurrence > after) return occurrence;
  }
  return null;
}

/** The occurrence a run is due for at `now`, or null when nothing is due. */
export function dueOccurrence(trigger: Trigger, state: ScheduleState, now: Date): Date | null {
  const minute = floorToMinute(now);
  const period = periodOf(trigger);
  if (period) {
    if (!state.lastScheduledAt) return minute;
    return state.lastScheduledAt.getTime() + period <= now.getTime() ? minute : null;
  }
  if (!trigger.schedule) return null;
  const latest = latestOccurrence(trigger.schedule, now);
  const since = state.lastScheduledAt ?? state.createdAt;
  return latest && latest > since ? latest : null;
}

/**
 * The cron tick that will run the schedule next: the pending occurrence runs on the next tick,
 * a later one on the first tick at or after it. A tick is a whole minute, and a claim made
 * between ticks (Run now) moves a period's start off the minute, so its end is rounded up to
 * the tick that sees it (dueOccurrence at that tick is what reconcile claims).
 */
export function nextDue(trigger: Trigger, state: ScheduleState, now: Date): Date | null {
  if (dueOccurrence(trigger, state, now)) return nextTick(now);
  const period = periodOf(trigger);
  // A period never claimed is pending, so here it has a last claim.
  if (period && state.lastScheduledAt) return nextTick(new Date(state.lastScheduledAt.getTime() + period));
  return trigger.schedule ? earliestOccurrenceAfter(trigger.schedule, now) : null;
}
