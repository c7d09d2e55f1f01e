import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { freshId } from "../../support/toolsets";

function documentFor(toolsetId: string, cypher = "MATCH (n) RETURN count(n) AS total") {
  return {
    [toolsetId]: {
      name: "Imported",
      description: "A collection of graph tools",
      tools: {
        count_nodes: { name: "Count Nodes", cypher },
        find_by_label: {
          name: "Find By Label",
          cypher: "MATCH (n) WHERE $label IN labels(n) RETURN n LIMIT $limit",
          parameters: [
            { name: "label", type: "string", required: true },
            { name: "limit", type: "integer", default: 25 },
          ],
        },
      },
    },
  };
}

const actions = (body: { entries: { tool_id?: string; action: string }[] }) => body.entries.map((entry) => `${entry.tool_id ?? "(toolset)"}:${entry.action}`);

describe("POST /toolsets/import", () => {
  it("creates toolsets and tools, then a re-run changes nothing", async () => {
    const id = freshId("imp");
    const first = await api("POST", "/toolsets/import", { toolsets: documentFor(id) });
    expect(first.status).toBe(200);
    expect(actions(first.body)).toEqual(["(toolset):created", "count_nodes:created", "find_by_label:created"]);
    expect((await api("GET", `/toolsets/${id}/tools`)).body.tools).toHaveLength(2);
    const again = await api("POST", "/toolsets/import", { toolsets: documentFor(id) });
    expect(actions(again.body)).toEqual(["(toolset):unchanged", "count_nodes:unchanged", "find_by_label:unchanged"]);
    expect((await api("GET", `/toolsets/${id}`)).body.version).toBe(1);
  });

  it("updates only what changed, and everything with force", async () => {
    const id = freshId("imp");
    await api("POST", "/toolsets/import", { toolsets: documentFor(id) });
    const changed = await api("POST", "/toolsets/import", { toolsets: documentFor(id, "MATCH (n) RETURN count(*) AS total") });
    expect(actions(changed.body)).toEqual(["(toolset):unchanged", "count_nodes:updated", "find_by_label:unchanged"]);
    expect((await api("GET", `/toolsets/${id}/tools/count_nodes/versions`)).body.versions[0]).toMatchObject({ version: 2, comment: "Imported" });
    const forced = await api("POST", "/toolsets/import", { toolsets: documentFor(id, "MATCH (n) RETURN count(*) AS total"), force: true });
    expect(actions(forced.body)).toEqual(["(toolset):updated", "count_nodes:updated", "find_by_label:updated"]);
  });

  it("plans without writing on a dry run", async () => {
    const id = freshId("imp");
    const { body } = await api("POST", "/toolsets/import", { toolsets: documentFor(id), dry_run: true });
    expect(body.dry_run).toBe(true);
    expect(actions(body)).toEqual(["(toolset):created", "count_nodes:created", "find_by_label:created"]);
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it.each([
    ["a write query", (d: any, id: string) => (d[id].tools.count_nodes.cypher = "MATCH (n) DETACH DELETE n"), ".tools.count_nodes.cypher"],
    ["an undeclared parameter", (d: any, id: string) => (d[id].tools.count_nodes.cypher = "MATCH (n) RETURN n LIMIT $missing"), ".tools.count_nodes.cypher"],
    ["a bad parameter type", (d: any, id: string) => (d[id].tools.find_by_label.parameters[1].type = "number"), ".tools.find_by_label.parameters.1.type"],
    ["an unknown key", (d: any, id: string) => (d[id].tools.count_nodes.colour = "red"), ".tools.count_nodes"],
  ])("rejects a document with %s, naming the path, and writes nothing", async (_what, spoil, path) => {
    const id = freshId("imp");
    const document = documentFor(id);
    spoil(document, id);
    const { status, body } = await api("POST", "/toolsets/import", { toolsets: document });
    expect(status).toBe(422);
    expect(body.error.fields[0].field).toBe(`toolsets.${id}${path}`);
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("names every problem of a document in one response: structure and Cypher alike", async () => {
    const id = freshId("imp");
    const document: any = documentFor(id);
    document[id].tools.find_by_label.parameters[1].type = "number";
    document[id].tools.count_nodes.cypher = "MATCH (n) DETACH DELETE n";
    const { status, body } = await api("POST", "/toolsets/import", { toolsets: document });
    expect(status).toBe(422);
    expect(body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      `toolsets.${id}.tools.count_nodes.cypher`,
      `toolsets.${id}.tools.find_by_label.parameters.1.type`,
    ]);
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("refuses reserved toolset ids", async () => {
    const { status, body } = await api("POST", "/toolsets/import", { toolsets: { seizu: { name: "Impostor" } } });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "toolsets.seizu", message: expect.stringContaining("reserved") });
  });
});

describe("GET /toolsets/export", () => {
  it("exports what an import then finds unchanged (round trip)", async () => {
    const id = freshId("exp");
    await api("POST", "/toolsets/import", { toolsets: documentFor(id) });
    const exported = await api("GET", "/toolsets/export");
    expect(exported.status).toBe(200);
    expect(exported.body.toolsets[id].tools.find_by_label).toMatchObject({ cypher: expect.stringContaining("$label"), enabled: true });
    const reimported = await api("POST", "/toolsets/import", { toolsets: exported.body.toolsets });
    expect(reimported.body.entries.every((entry: { action: string }) => entry.action === "unchanged")).toBe(true);
  });
});
