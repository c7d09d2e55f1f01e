// The whole event is held to EVENT_MAX_BYTES serialised, whatever its arguments, error message
// or user agent hold: a row of the audit log stays small enough to list a thousand at once. An
// event over it loses first its argument values (the names stay), then its arguments, then
// every long text of its detail; `detail.cut` says it was cut.
import { utf8Length } from "../results/bounded";
import { CUT_MARKER, VALUE_MAX_CHARS } from "./arguments";
import type { AuditEvent } from "./event";

export const EVENT_MAX_BYTES = 4096;

/** Its UTF-8 size, counted only when it could be over: a character is at most 3 bytes. */
function sizeOf(event: AuditEvent): number {
  const text = JSON.stringify(event);
  return text.length * 3 <= EVENT_MAX_BYTES ? text.length : utf8Length(text);
}

const shortened = (value: unknown) => (typeof value === "string" && value.length > VALUE_MAX_CHARS ? `${value.slice(0, VALUE_MAX_CHARS)}${CUT_MARKER}` : value);

/** The event, or a cut copy of it within EVENT_MAX_BYTES. */
export function capEvent(event: AuditEvent): AuditEvent {
  if (sizeOf(event) <= EVENT_MAX_BYTES) return event;
  const { arguments: args, ...rest } = event.detail;
  if (args && typeof args === "object" && !Array.isArray(args)) {
    const names = { ...event, detail: { ...rest, arguments: Object.keys(args), cut: true } };
    if (sizeOf(names) <= EVENT_MAX_BYTES) return names;
  }
  const texts = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, shortened(value)]));
  const short = { ...event, detail: { ...texts, cut: true } };
  if (sizeOf(short) <= EVENT_MAX_BYTES) return short;
  return { ...event, detail: { cut: true } };
}
