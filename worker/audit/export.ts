// Every event matching the filters, as a stream read a page at a time: the export of a large log
// never sits in the Worker's memory whole, and the first rows leave before the last are read.
import type { AuditPosition } from "./cursor";
import { CSV_HEADER, csvRow } from "./csv";
import type { AuditEvent } from "./event";
import type { AuditFilters } from "./filters";
import type { AuditStore } from "./store";

export type ExportFormat = "csv" | "jsonl";

/** Events read per D1 query of an export. */
export const EXPORT_PAGE = 500;

const LINE: Record<ExportFormat, (event: AuditEvent) => string> = {
  csv: csvRow,
  jsonl: (event) => `${JSON.stringify(event)}\n`,
};

export function exportStream(store: AuditStore, filters: AuditFilters, format: ExportFormat, pageSize = EXPORT_PAGE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: AuditPosition | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const header = !started && format === "csv" ? CSV_HEADER : "";
        started = true;
        const page = await store.page(filters, pageSize, after);
        controller.enqueue(encoder.encode(header + page.events.map(LINE[format]).join("")));
        const last = page.events.at(-1);
        if (page.next_cursor === null || !last) controller.close();
        else after = { occurred_at: last.occurred_at, event_id: last.event_id };
      },
    },
    { highWaterMark: 0 },
  );
}
