// How a workflow's trigger, its runs' times and their durations are said to people: "every 5
// minutes", "daily at 09:30 UTC on Mon, Wed", "on new scans", "manual only". Schedules are
// always UTC (worker/workflows/schedule.ts).
import type { ScheduleSpec, Trigger, WorkflowRun } from "../../types";

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

const plural = (count: number, unit: string) => (count === 1 ? `every ${unit}` : `every ${count} ${unit}s`);
const pad = (value: number) => String(value).padStart(2, "0");

export function scheduleWords(schedule: ScheduleSpec): string {
  const at = `at ${pad(schedule.hour)}:${pad(schedule.minute)} UTC`;
  switch (schedule.type) {
    case "interval":
      return plural(schedule.interval_minutes ?? 0, "minute");
    case "hourly":
      return plural(schedule.interval_hours ?? 0, "hour");
    case "daily": {
      const days = [...schedule.days_of_week].sort((a, b) => a - b);
      return days.length === 7 ? `daily ${at}` : `daily ${at} on ${days.map((day) => WEEKDAYS[day] ?? day).join(", ")}`;
    }
    case "monthly": {
      const days = [...schedule.days_of_month].sort((a, b) => a - b);
      return `monthly ${at} on day${days.length === 1 ? "" : "s"} ${days.join(", ")}`;
    }
  }
}

/** What starts a workflow, in words. */
export function triggerWords({ schedule, watch_scans, frequency }: Trigger): string {
  if (schedule) return scheduleWords(schedule);
  if (watch_scans.length > 0) return "on new scans";
  if (frequency) return plural(frequency, "minute");
  return "manual only";
}

/** "850 ms", "4.2 s", "3 min 5 s"; null without both ends. */
export function durationWords(startedAt: string | null, finishedAt: string | null): string | null {
  if (!startedAt || !finishedAt) return null;
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export const RUN_TRIGGER_WORDS: Record<WorkflowRun["trigger"], string> = {
  schedule: "Schedule",
  manual: "Run now",
  watch: "New scan",
  chain: "Triggered by a workflow",
};

/** Runs still to finish: a page showing them refreshes. */
export const unfinished = (run: Pick<WorkflowRun, "status">) => run.status === "queued" || run.status === "running";
