// Audit events as CSV (RFC 4180: a header row, CRLF line ends, a field holding a comma, a quote
// or a line break quoted with its quotes doubled). Arguments, targets and names are the
// caller's own text, so a cell a spreadsheet would read as a formula (=, +, -, @, or a tab or
// carriage return before one) is prefixed with ' and shows as the text it was (OWASP's CSV injection).
import type { AuditEvent } from "./event";

const COLUMNS: [string, (event: AuditEvent) => string | number | boolean | null][] = [
  ["event_id", (event) => event.event_id],
  ["occurred_at", (event) => event.occurred_at],
  ["kind", (event) => event.kind],
  ["action", (event) => event.action],
  ["outcome", (event) => event.outcome],
  ["via", (event) => event.via],
  ["principal_subject", (event) => event.principal?.subject ?? null],
  ["principal_name", (event) => event.principal?.name ?? null],
  ["principal_roles", (event) => event.principal?.roles.join(" ") ?? null],
  ["client_name", (event) => event.client.name],
  ["client_version", (event) => event.client.version],
  ["user_agent", (event) => event.client.user_agent],
  ["target", (event) => event.target],
  ["resource_type", (event) => event.resource?.type ?? null],
  ["resource_id", (event) => event.resource?.id ?? null],
  ["resource_version", (event) => event.resource?.version ?? null],
  ["rows", (event) => event.rows],
  ["truncated", (event) => event.truncated],
  ["duration_ms", (event) => event.duration_ms],
  ["neo4j_ms", (event) => event.neo4j_ms],
  ["detail", (event) => JSON.stringify(event.detail)],
];

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const CSV_HEADER = `${COLUMNS.map(([name]) => name).join(",")}\r\n`;

export const csvRow = (event: AuditEvent) => `${COLUMNS.map(([, value]) => cell(value(event))).join(",")}\r\n`;
