// REST routes upstream Seizu's UI and CLI call, with their bodies and answers as upstream's
// clients send and read them, served by this server's own services and checks.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { callTool } from "../../support/mcp-app";
import { freshId } from "../../support/toolsets";

describe("GET /roles/builtin", () => {
  it("lists the built-in roles under upstream's ids", async () => {
    const { status, body } = await api("GET", "/roles/builtin");
    expect(status).toBe(200);
    expect(body.roles.map((role: { role_id: string }) => role.role_id)).toEqual(["builtin:seizu-viewer", "builtin:seizu-editor", "builtin:seizu-admin"]);
  });
});

describe("POST /confirmations/{id}/decision", () => {
  const ask = async () => {
    const args = { toolset_id: freshId("ts"), name: "Decided upstream's way" };
    const asked = await callTool("toolsets__create", args);
    return { args, id: asked.structuredContent.confirmation_id as string };
  };

  it("approves with {decision: approved}, answering {confirmation} with upstream's fields, and the call then runs", async () => {
    const { args, id } = await ask();
    const { status, body } = await api("POST", `/confirmations/${id}/decision`, { decision: "approved" });
    expect(status).toBe(200);
    expect(body.confirmation).toMatchObject({
      confirmation_id: id,
      status: "approved",
      action: "create",
      resource_type: "toolset",
      resource_id: args.toolset_id,
    });
    const ran = await callTool("toolsets__create", args);
    expect(ran.isError).toBeFalsy();
    expect((await api("GET", `/toolsets/${args.toolset_id}`)).status).toBe(200);
  });

  it("denies with {decision: denied}", async () => {
    const { id } = await ask();
    const { body } = await api("POST", `/confirmations/${id}/decision`, { decision: "denied" });
    expect(body.confirmation.status).toBe("denied");
  });

  it("refuses another decision, naming the field and what it may be, and decides nothing", async () => {
    const { id } = await ask();
    const { status, body } = await api("POST", `/confirmations/${id}/decision`, { decision: "maybe" });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "decision", message: "must be approved or denied" });
    expect((await api("GET", `/confirmations/${id}`)).body.status).toBe("pending");
  });
});

describe("POST /validate", () => {
  it("answers {errors: [], warnings} for valid read-only Cypher", async () => {
    const { status, body } = await api("POST", "/validate", { query: "MATCH (n) RETURN count(n) AS n", params: null });
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    expect(Array.isArray(body.warnings)).toBe(true);
  });

  it("lists why a write is refused in errors, as upstream does", async () => {
    const { status, body } = await api("POST", "/validate", { query: "CREATE (n:Upstream) RETURN n" });
    expect(status).toBe(200);
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.errors[0]).toMatch(/line 1, column \d+/);
  });
});

describe("POST /query/adhoc", () => {
  it("runs read-only Cypher with params and answers upstream's shape", async () => {
    const { status, body } = await api("POST", "/query/adhoc", { query: "UNWIND range(1, $n) AS x RETURN x", params: { n: 3 } });
    expect(status).toBe(200);
    expect(body).toEqual({ results: [{ x: 1 }, { x: 2 }, { x: 3 }], errors: [], warnings: [], history_id: expect.any(String) });
  });

  it("says in warnings when a bound cut the rows", async () => {
    const { body } = await api("POST", "/query/adhoc", { query: "UNWIND range(1, 10) AS x RETURN x" }, { vars: { MCP_TOOL_RESULT_MAX_ROWS: "4" } });
    expect(body.results).toHaveLength(4);
    expect(body.warnings[0]).toContain("Truncated");
  });

  it("refuses a write, naming upstream's field query, and writes nothing", async () => {
    const label = `Adhoc_${Date.now()}`;
    const { status, body } = await api("POST", "/query/adhoc", { query: `CREATE (n:${label}) RETURN n` });
    expect(status).toBe(422);
    expect(body.error.fields[0].field).toBe("query");
    const count = await api("POST", "/query/adhoc", { query: `MATCH (n:${label}) RETURN count(n) AS n` });
    expect(count.body.results).toEqual([{ n: 0 }]);
  });
});
