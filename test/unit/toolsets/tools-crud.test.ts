import { describe, expect, it } from "vitest";
import { api, postItem } from "../../support/api";
import { createTool, createToolset, freshId } from "../../support/toolsets";

const findByLabel = {
  name: "Find by label",
  description: "Returns nodes matching a label",
  cypher: "MATCH (n) WHERE $label IN labels(n) RETURN n LIMIT $limit",
  parameters: [
    { name: "label", type: "string", description: "Node label", required: true },
    { name: "limit", type: "integer", description: "Maximum results", default: 25 },
  ],
};

/** A tool of `fields` posted to a new toolset. */
const postTool = async (fields: Record<string, unknown>) =>
  postItem(`/toolsets/${(await createToolset()).id}/tools`, { id: freshId("tool"), name: "Tool", ...fields });

describe("tools REST: create and read", () => {
  it("creates a tool with typed parameters and its MCP name", async () => {
    const toolset = await createToolset();
    const id = freshId("find");
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools`, { id, ...findByLabel });
    expect(status).toBe(201);
    expect(body).toMatchObject({ id, toolset_id: toolset.id, mcp_name: `${toolset.id}__${id}`, enabled: true, version: 1 });
    expect(body.parameters).toEqual([
      { name: "label", type: "string", description: "Node label", required: true },
      { name: "limit", type: "integer", description: "Maximum results", required: false, default: 25 },
    ]);
    const listed = await api("GET", `/toolsets/${toolset.id}/tools`);
    expect(listed.body.tools.map((t: { id: string }) => t.id)).toEqual([id]);
  });

  it("answers 404 for tools of an unknown toolset, and writes nothing", async () => {
    const { status } = await api("POST", "/toolsets/no_such_toolset/tools", { id: "orphan", name: "Orphan", cypher: "RETURN 1" });
    expect(status).toBe(404);
    expect((await api("GET", "/toolsets/no_such_toolset/tools")).status).toBe(404);
  });

  it("allows the same tool id in two toolsets", async () => {
    const [a, b] = [await createToolset(), await createToolset()];
    await createTool(a.id, { id: "shared_name" });
    await createTool(b.id, { id: "shared_name" });
  });
});

describe("tools REST: parameter definitions", () => {
  it.each([
    [{ name: "bad name", type: "string" }, "parameters.0.name", "Cypher parameter name"],
    [{ name: "x", type: "date" }, "parameters.0.type", "string, integer, float, boolean"],
    [{ name: "x", type: "integer", default: 2.5 }, "parameters.0.default", "must be a integer"],
    [{ name: "x", type: "boolean", default: "true" }, "parameters.0.default", "must be a boolean"],
    [{ name: "x", type: "string", required: "yes" }, "parameters.0.required", "true or false"],
    [{ name: "x", type: "string", colour: "red" }, "parameters.0", "colour"],
  ])("rejects the parameter %j at %s", async (parameter, field, message) => {
    const { status, body, path } = await postTool({ cypher: "RETURN $x", parameters: [parameter] });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field, message: expect.stringContaining(message) })]);
    expect((await api("GET", path)).status).toBe(404);
  });

  it("rejects duplicate parameter names", async () => {
    const { status, body } = await postTool({
      cypher: "RETURN $x",
      parameters: [
        { name: "x", type: "string" },
        { name: "x", type: "integer" },
      ],
    });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "parameters.1.name", message: "duplicates parameter x" });
  });

  it("rejects Cypher that uses a parameter that is not declared", async () => {
    const { status, body } = await postTool({
      cypher: "MATCH (n) WHERE n.id = $id RETURN n LIMIT $limit",
      parameters: [{ name: "id", type: "string", required: true }],
    });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "cypher", rule: "undeclared_parameter", message: expect.stringContaining("$limit") })]);
  });
});

describe("tools REST: Cypher validation at save", () => {
  it("rejects a write query with the rule and position", async () => {
    const { status, body, path } = await postTool({ cypher: "MATCH (n)\nDETACH DELETE n" });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "cypher", line: 2 });
    expect((await api("GET", path)).status).toBe(404);
  });

  it("reports a syntax error with Neo4j's message and position", async () => {
    const { status, body } = await postTool({ cypher: "MATCH (n RETURN n" });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "cypher", rule: "syntax", line: 1, column: expect.any(Number) });
    expect(body.error.fields[0].message).toMatch(/Invalid input|expected/i);
  });

  it("validates the Cypher of an update too, leaving the tool as it was", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const { status } = await api("PATCH", `/toolsets/${toolset.id}/tools/${tool.id}`, { cypher: "CREATE (n:Evil) RETURN n", base_version: 1 });
    expect(status).toBe(422);
    const current = await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}`);
    expect(current.body).toMatchObject({ cypher: "RETURN 1 AS one", version: 1 });
  });
});

describe("tools REST: update and delete", () => {
  it("updates a tool's Cypher and parameters with a comment", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const { status, body } = await api("PATCH", `/toolsets/${toolset.id}/tools/${tool.id}`, {
      cypher: "RETURN $n AS n",
      parameters: [{ name: "n", type: "integer", required: true }],
      base_version: 1,
      comment: "Fixed query",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ cypher: "RETURN $n AS n", version: 2 });
    const versions = await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}/versions`);
    expect(versions.body.versions[0]).toMatchObject({ version: 2, comment: "Fixed query", author: "local-admin" });
  });
});
