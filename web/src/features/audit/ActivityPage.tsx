// /activity: the audit log. Filters (kept in the address) narrow GET /audit; the table shows the
// newest events first, "Load more" follows the cursor, the export downloads every matching event
// as CSV or JSON Lines, and choosing an event opens it in full in a drawer (?event=<id>).
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { get } from "../../api";
import { PageHeader } from "../../components/Page";
import { Badge, Empty, ErrorState, Loaded } from "../../components/States";
import { type Column, emptyCell, Table } from "../../components/Table";
import { useAction, useResource } from "../../hooks";
import type { AuditEvent } from "../../types";
import { ActivityFilters } from "./ActivityFilters";
import { EventDrawer } from "./EventDrawer";
import { downloadExport, type ExportFormat } from "./export";
import { type AuditFilters, filterQuery, readFilters } from "./filters";
import { clientLabel, formatMs, formatShortTime, formatTime, outcomeTone, principalLabel, words } from "./format";
import { ACTIVITY } from "./paths";
import type { AuditPage } from "./types";
import "./audit.css";

export default function ActivityPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = readFilters(search);
  const query = filterQuery(filters);
  const open = new URLSearchParams(search).get("event");
  const first = useResource<AuditPage>(`/audit${query}`);
  const exporting = useAction();
  const go = (next: AuditFilters, event?: string) => navigate(`${ACTIVITY}${filterQuery(next, { event })}`, { replace: event !== undefined || open !== null });
  const download = (format: ExportFormat) => void exporting.run(() => downloadExport(filters, format));

  return (
    <>
      <PageHeader
        title="Activity"
        actions={
          <>
            <button type="button" className="button" disabled={exporting.busy} onClick={() => download("csv")}>
              Export CSV
            </button>
            <button type="button" className="button" disabled={exporting.busy} onClick={() => download("jsonl")}>
              Export JSON Lines
            </button>
          </>
        }
      >
        <p className="lede">
          Every call, decision and change the server recorded, newest first: who, through which client, what, how it ended and how long it took.
        </p>
      </PageHeader>
      {exporting.error && (
        <p className="notice warn" role="alert">
          The export failed: {exporting.error}
        </p>
      )}
      <ActivityFilters filters={filters} onApply={(next) => go(next)} />
      <Loaded resource={first} loading="Loading events…">
        {(page) => <Events key={query} query={query} first={page} onOpen={(id) => go(filters, id)} />}
      </Loaded>
      {open && <EventDrawer key={open} eventId={open} onClose={() => go(filters)} />}
    </>
  );
}

/** The events of the first page, then each further page as "Load more" fetches it. */
function Events({ query, first, onOpen }: { query: string; first: AuditPage; onOpen(id: string): void }) {
  const [events, setEvents] = useState(first.events);
  const [cursor, setCursor] = useState(first.next_cursor);
  const more = useAction();
  useEffect(() => {
    setEvents(first.events);
    setCursor(first.next_cursor);
  }, [first]);
  const loadMore = () =>
    void more.run(async () => {
      if (!cursor) return;
      const next = await get<AuditPage>(`/audit${query ? `${query}&` : "?"}cursor=${encodeURIComponent(cursor)}`);
      setEvents((shown) => [...shown, ...next.events]);
      setCursor(next.next_cursor);
    });

  if (events.length === 0)
    return (
      <Empty title="No events match.">
        <p>
          {query
            ? "Nothing recorded matches these filters; widen the time range or clear a filter."
            : "Nothing has been recorded yet: calls, decisions and changes show here as they happen."}
        </p>
      </Empty>
    );
  return (
    <>
      <Table
        caption="Events"
        variant="audit-table"
        columns={columns(onOpen)}
        rows={events}
        rowKey={(event) => event.event_id}
        rowProps={(event) => ({ "data-event-id": event.event_id, "data-outcome": event.outcome })}
      />
      <div className="audit-more">
        <span role="status">
          {events.length.toLocaleString("en-GB")} event{events.length === 1 ? "" : "s"} shown{cursor ? "" : ", all that match"}
        </span>
        {cursor && (
          <button type="button" className="button" disabled={more.busy} onClick={loadMore}>
            {more.busy ? "Loading…" : "Load more"}
          </button>
        )}
      </div>
      {more.error && <ErrorState error={more.error} onRetry={loadMore} />}
    </>
  );
}

function columns(onOpen: (id: string) => void): Column<AuditEvent>[] {
  return [
    {
      header: "Time",
      rowHeader: true,
      className: "audit-time",
      // The time opens the event: a button, so every row is reachable and opened by keyboard.
      cell: (event) => (
        <button
          type="button"
          className="link-button"
          onClick={() => onOpen(event.event_id)}
          aria-label={`Open the event of ${formatTime(event.occurred_at)}: ${event.action}`}
        >
          <time dateTime={event.occurred_at} title={event.occurred_at}>
            {formatShortTime(event.occurred_at)}
          </time>
        </button>
      ),
    },
    { header: "Principal", cell: (event) => principalLabel(event) ?? emptyCell },
    { header: "Client", cell: (event) => clientLabel(event) ?? emptyCell },
    { header: "Kind", cell: (event) => words(event.kind) },
    { header: "Target", cell: (event) => (event.target ? <code>{event.target}</code> : emptyCell) },
    { header: "Outcome", cell: (event) => <Badge tone={outcomeTone(event.outcome)}>{words(event.outcome)}</Badge> },
    { header: "Rows", className: "numeric", cell: (event) => (event.rows === null ? emptyCell : `${event.rows}${event.truncated ? "+" : ""}`) },
    { header: "Duration", className: "numeric", cell: (event) => (event.duration_ms === null ? emptyCell : formatMs(event.duration_ms)) },
  ];
}
