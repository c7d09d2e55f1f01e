// The cursor of GET /audit: where the last page ended, as (occurred_at, event_id), the order the
// log is read in. It is opaque to callers (base64url), and a string that does not decode to one
// is refused rather than read from the start: a caller paging on would otherwise see the first
// page again and take it for more.
import { z } from "zod";

export interface AuditPosition {
  occurred_at: string;
  event_id: string;
}

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(position: AuditPosition): string {
  return btoa(`${position.occurred_at}|${position.event_id}`).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

function decodeCursor(cursor: string): AuditPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  let text: string;
  try {
    text = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return undefined;
  }
  const [occurred_at = "", event_id = "", ...rest] = text.split("|");
  return rest.length === 0 && TIME.test(occurred_at) && UUID.test(event_id) ? { occurred_at, event_id } : undefined;
}

export const auditCursor = z.string().transform((cursor, ctx): AuditPosition => {
  const position = decodeCursor(cursor);
  if (position) return position;
  ctx.addIssue({
    code: "custom",
    message: "is not a cursor this API gave: pass next_cursor of the previous page as it came",
    params: { rule: "invalid_cursor" },
  });
  return z.NEVER;
});
