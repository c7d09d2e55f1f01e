import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createTool, createToolset } from "../../support/toolsets";

describe("parameter names that are also Object.prototype members", () => {
  it.each(["constructor", "toString", "hasOwnProperty"])("treats an omitted optional parameter %s as omitted", async (name) => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: `RETURN $${name} AS value`, parameters: [{ name, type: "string", default: "fallback" }] });
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/call`, { arguments: {} });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.results).toEqual([{ value: "fallback" }]);
  });
});
