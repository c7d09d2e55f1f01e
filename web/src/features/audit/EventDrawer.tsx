// One audit event in full, in a drawer beside the Activity table: who, through what, what was
// called or changed, how it ended, the arguments and the rest of its detail as JSON, and links
// to the tool (and its version), the confirmation, the principal's events and the resource.
import { type ReactNode, useId } from "react";
import { Link } from "wouter";
import { apiPath } from "../../api";
import { Dialog } from "../../components/Dialog";
import { Badge, Loaded } from "../../components/States";
import { useResource } from "../../hooks";
import type { AuditEvent } from "../../types";
import { clientLabel, formatMs, formatTime, outcomeTone, principalLabel, words } from "./format";
import { eventLinks } from "./links";

export function EventDrawer({ eventId, onClose }: { eventId: string; onClose(): void }) {
  const event = useResource<AuditEvent>(`/audit/events${apiPath(eventId)}`);
  return (
    <Dialog title="Event" onClose={onClose} drawer>
      <Loaded resource={event} loading="Loading the event…">
        {(data) => <EventDetail event={data} />}
      </Loaded>
    </Dialog>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Json({ title, value }: { title: string; value: unknown }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 className="field-label" id={id}>
        {title}
      </h3>
      {value === undefined ? <p className="muted">None recorded.</p> : <pre className="audit-json">{JSON.stringify(value, null, 2)}</pre>}
    </section>
  );
}

function EventDetail({ event }: { event: AuditEvent }) {
  const { arguments: args, ...rest } = event.detail;
  const { principal, resource } = event;
  const links = eventLinks(event);
  return (
    <div className="audit-event" data-event-id={event.event_id}>
      <dl className="details">
        <Fact name="When">
          <time dateTime={event.occurred_at} title={event.occurred_at}>
            {formatTime(event.occurred_at)}
          </time>
        </Fact>
        <Fact name="Kind">{words(event.kind)}</Fact>
        <Fact name="Action">
          <code>{event.action}</code>
        </Fact>
        <Fact name="Outcome">
          <Badge tone={outcomeTone(event.outcome)}>{words(event.outcome)}</Badge>
        </Fact>
        <Fact name="Via">{event.via}</Fact>
        <Fact name="Principal">{principalLabel(event) ?? "—"}</Fact>
        <Fact name="Roles">{principal?.roles.join(", ") || "—"}</Fact>
        <Fact name="Client">{clientLabel(event) ?? "—"}</Fact>
        <Fact name="User agent">{event.client.user_agent ?? "—"}</Fact>
        <Fact name="Target">{event.target ? <code>{event.target}</code> : "—"}</Fact>
        <Fact name="Resource">{resource ? `${resource.type} ${resource.id}${resource.version !== null ? ` v${resource.version}` : ""}` : "—"}</Fact>
        <Fact name="Rows">{event.rows === null ? "—" : `${event.rows}${event.truncated ? " (truncated)" : ""}`}</Fact>
        <Fact name="Duration">{formatMs(event.duration_ms)}</Fact>
        <Fact name="Neo4j time">{formatMs(event.neo4j_ms)}</Fact>
        <Fact name="Event id">
          <code>{event.event_id}</code>
        </Fact>
      </dl>
      {links.length > 0 && (
        <nav aria-label="Related">
          <h3 className="field-label">Related</h3>
          <ul className="audit-links">
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Json title="Arguments" value={args} />
      <Json title="Detail" value={rest} />
    </div>
  );
}
