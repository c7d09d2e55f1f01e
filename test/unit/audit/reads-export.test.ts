// The audit log as files: GET /audit?format=csv (one page) and GET /audit/export (every matching
// event, CSV or JSON Lines, as an attachment), streamed a page at a time. CSV follows RFC 4180 and
// defuses spreadsheet formulas, since what callers sent lands in its cells.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CSV_HEADER } from "../../../worker/audit/csv";
import type { AuditEvent } from "../../../worker/audit/event";
import { exportStream } from "../../../worker/audit/export";
import { AuditStore } from "../../../worker/audit/store";
import { auditEventAt, freshHour, storeEvents } from "../../support/audit";

const get = (path: string) => exports.default.fetch(new Request(`http://seizu.test/api/v1${path}`));

/** n events a second apart by a subject of their own, oldest first. */
async function eventsOf(n: number, overrides: (i: number) => Partial<AuditEvent> = () => ({})) {
  const start = freshHour(2002).getTime();
  const subject = `person-${crypto.randomUUID()}`;
  const events = Array.from({ length: n }, (_, i) =>
    auditEventAt(new Date(start + i * 1000).toISOString(), { principal: { subject, name: "P", roles: ["seizu-admin", "ops"] }, ...overrides(i) }),
  );
  await storeEvents(events);
  return { subject, events };
}

const lines = (text: string) => text.split("\r\n").slice(0, -1);

describe("CSV", () => {
  it("has a header row, one CRLF-ended row per event, and quotes fields with commas, quotes and line breaks (RFC 4180)", async () => {
    const { subject, events } = await eventsOf(1, () => ({
      target: 'say "hi", then\nleave',
      client: { name: "agent, v2", version: null, user_agent: null },
      detail: { arguments: { text: 'a "b"' } },
    }));
    const response = await get(`/audit?principal=${subject}&format=csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await response.text();
    const event = events[0]!;
    expect(text).toBe(
      CSV_HEADER +
        [
          event.event_id,
          event.occurred_at,
          "tool_call",
          "tools/call",
          "ok",
          "mcp",
          subject,
          "P",
          "seizu-admin ops",
          '"agent, v2"',
          "",
          "",
          '"say ""hi"", then\nleave"',
          "tool",
          "demo/count",
          "1",
          "1",
          "false",
          String(event.duration_ms),
          "1",
          '"{""arguments"":{""text"":""a \\""b\\""""}}"',
        ].join(",") +
        "\r\n",
    );
    expect(lines(text)[0]).toBe(
      "event_id,occurred_at,kind,action,outcome,via,principal_subject,principal_name,principal_roles,client_name,client_version,user_agent,target,resource_type,resource_id,resource_version,rows,truncated,duration_ms,neo4j_ms,detail",
    );
  });

  it.each([
    ["=", '=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ["+", "+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["-", "-2+3", "'-2+3"],
    ["@", "@SUM(1+1)", "'@SUM(1+1)"],
    ["a tab", "\t=1+1", "'\t=1+1"],
    ["a carriage return", "\r=1+1", `"'\r=1+1"`],
  ])("defuses a cell starting with %s: prefixed with ', shown as the text it was", async (_, target, cell) => {
    const { events } = await eventsOf(1, () => ({ target, client: { name: target, version: null, user_agent: null } }));
    const text = await (await get(`/audit?principal=${events[0]!.principal!.subject}&format=csv`)).text();
    const row = text.slice(CSV_HEADER.length);
    // The target and the client name: both defused, and no cell of the row starts a formula.
    expect(row.split(cell)).toHaveLength(3);
    expect(row).not.toMatch(/(^|,)[=+\-@\t\r]/);
  });

  it("puts the next page's cursor in X-Next-Cursor, which GET /audit takes", async () => {
    const { subject, events } = await eventsOf(3);
    const first = await get(`/audit?principal=${subject}&format=csv&limit=2`);
    const cursor = first.headers.get("x-next-cursor");
    expect(lines(await first.text())).toHaveLength(3);
    const rest = await get(`/audit?principal=${subject}&format=csv&limit=2&cursor=${cursor}`);
    expect(rest.headers.get("x-next-cursor")).toBeNull();
    expect(lines(await rest.text())[1]).toMatch(new RegExp(`^${events[0]!.event_id},`));
  });
});

describe("GET /audit/export", () => {
  it("answers every matching event as a CSV attachment, across many pages, header once", async () => {
    const { subject, events } = await eventsOf(1201);
    const response = await get(`/audit/export?principal=${subject}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="seizu-audit-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv"$/);
    const rows = lines(await response.text());
    expect(rows[0]).toBe(CSV_HEADER.trimEnd());
    expect(rows.slice(1).map((row) => row.split(",")[0])).toEqual(events.map((event) => event.event_id).reverse());
  });

  it("answers JSON Lines, one event a line as GET /audit gives it, with the filters applied", async () => {
    const { subject, events } = await eventsOf(6, (i) => ({ outcome: i % 2 ? "tool_error" : "ok" }));
    const response = await get(`/audit/export?principal=${subject}&outcome=tool_error&format=jsonl`);
    expect(response.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/\.jsonl"$/);
    const text = await response.text();
    expect(text.endsWith("\n")).toBe(true);
    expect(
      text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual([events[5], events[3], events[1]]);
  });

  it("reads the log a page at a time as the stream is read, not all at once", async () => {
    const { subject, events } = await eventsOf(5);
    const reader = exportStream(new AuditStore(env.DB), { principal: subject }, "jsonl", 2).getReader();
    const decoder = new TextDecoder();
    const chunks: string[][] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(decoder.decode(chunk.value).trimEnd().split("\n"));
    expect(chunks.map((chunk) => chunk.map((line) => JSON.parse(line).event_id))).toEqual([
      [events[4]!.event_id, events[3]!.event_id],
      [events[2]!.event_id, events[1]!.event_id],
      [events[0]!.event_id],
    ]);
  });

  it("answers only the header when nothing matches", async () => {
    const text = await (await get(`/audit/export?principal=nobody-${crypto.randomUUID()}`)).text();
    expect(text).toBe(CSV_HEADER);
  });
});
