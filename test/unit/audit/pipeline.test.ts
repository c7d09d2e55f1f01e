// The audit pipeline through the real queue: a recorded event reaches D1 through the consumer,
// stamped with the caller, once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AuditTrail } from "../../../worker/audit/trail";
import { eventually } from "../../support/audit-queue";

const stored = (id?: string) =>
  env.DB.prepare("SELECT * FROM audit_events WHERE ?1 IS NULL OR event_id = ?1")
    .bind(id ?? null)
    .all<Record<string, unknown>>();

describe("the audit queue", () => {
  it("stores a recorded event in D1 through the consumer, with the caller and client the trail names", async () => {
    const sent: Promise<unknown>[] = [];
    const trail = new AuditTrail(
      { queue: env.AUDIT_QUEUE, background: (work) => sent.push(work) },
      {
        via: "mcp",
        principal: { subject: "alice", name: "Alice", roles: ["seizu-viewer"] },
        client: { name: "claude-code", version: "2.1.0", user_agent: "ua" },
      },
    );
    trail.record({
      kind: "tool_call",
      action: "tools/call",
      outcome: "ok",
      target: "demo__count",
      rows: 3,
      duration_ms: 12.5,
      detail: { arguments: { n: 1 } },
    });
    await Promise.all(sent);
    const { results } = await eventually(
      () => stored(),
      ({ results }) => results.length > 0,
    );
    expect(results).toEqual([
      expect.objectContaining({
        kind: "tool_call",
        action: "tools/call",
        outcome: "ok",
        via: "mcp",
        principal_subject: "alice",
        principal_name: "Alice",
        principal_roles: '["seizu-viewer"]',
        client_name: "claude-code",
        target: "demo__count",
        rows: 3,
        truncated: null,
        duration_ms: 12.5,
        detail: '{"arguments":{"n":1}}',
      }),
    ]);
  });
});
