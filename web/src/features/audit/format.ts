// How the audit pages word an event's parts: times, durations, outcomes, who and through what.
import type { AuditEvent } from "../../types";

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** A table's time: the day and the second, without the year. */
export const formatShortTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });

export const formatHour = (iso: string) => new Date(iso).toLocaleString("en-GB", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

export const formatMs = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? "—" : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString("en-GB")} ms`;

export const formatRate = (rate: number) => `${(rate * 100).toLocaleString("en-GB", { maximumFractionDigits: 1 })}%`;

/** Snake-case codes (tool_error, sign_in_failure) as words. */
export const words = (code: string) => code.replaceAll("_", " ");

/** Who acted: the display name with the subject, or the subject alone; nobody for a failed sign-in or the schedule. */
export const principalLabel = (event: AuditEvent) =>
  event.principal
    ? event.principal.name && event.principal.name !== event.principal.subject
      ? `${event.principal.name} (${event.principal.subject})`
      : event.principal.subject
    : null;

/** Through what: the MCP client's name and version, else the user agent. */
export const clientLabel = (event: AuditEvent) =>
  event.client.name ? [event.client.name, event.client.version].filter(Boolean).join(" ") : (event.client.user_agent ?? null);

export const outcomeTone = (outcome: AuditEvent["outcome"]) =>
  outcome === "ok" ? "ok" : outcome === "tool_error" || outcome === "invalid" || outcome === "rate_limited" ? "warn" : "danger";
