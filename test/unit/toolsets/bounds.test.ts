// The bounds of toolsets and tools (README, Limits): at most 50 parameters, defaults that are
// scalars of the parameter's type (an integer within ±(2^53 − 1), text of at most 10,000
// characters), never a nested value. Each refusal is a 422 naming the field and the rule, on
// create, update and import alike, and writes nothing.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { nested, PAST_DATABASE_DEPTH } from "../../support/nesting";
import { REFUSED_DEFAULTS, refusedImport } from "../../support/bounds";
import { createTool, createToolset } from "../../support/toolsets";

const parameter = (fields: Record<string, unknown>) => ({ name: "x", type: "string", ...fields });

/** Creates a tool with `parameters`, expects a 422, and checks the tool does not exist. */
async function refusedCreate(parameters: unknown[]) {
  const toolset = await createToolset();
  const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools`, { id: "t", name: "T", cypher: "RETURN 1 AS one", parameters });
  expect(status, JSON.stringify(body).slice(0, 500)).toBe(422);
  expect((await api("GET", `/toolsets/${toolset.id}/tools/t`)).status).toBe(404);
  return body.error.fields as { field: string; rule: string; message: string }[];
}

describe("tools: bounds", () => {
  it("refuses more than 50 parameters, naming the list", async () => {
    const fields = await refusedCreate(Array.from({ length: 51 }, (_, i) => parameter({ name: `p${i}` })));
    expect(fields).toEqual([{ field: "parameters", rule: "too_big", message: "must have at most 50 parameters" }]);
  });

  it.each(REFUSED_DEFAULTS)("refuses %s, naming it", async (_what, fields, error) => {
    expect(await refusedCreate([parameter(fields)])).toEqual([{ field: "parameters.0.default", ...error }]);
  });

  it("refuses an update past a bound and leaves the tool at its version", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id);
    const { status, body } = await api("PATCH", `/toolsets/${toolset.id}/tools/${tool.id}`, {
      parameters: [parameter({ default: "x".repeat(10_001) })],
      base_version: 1,
    });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "parameters.0.default", rule: "too_big" })]);
    expect((await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}`)).body).toMatchObject({ version: 1, parameters: [] });
  });

  it("refuses an import past a bound, naming the tool's field, and writes nothing", async () => {
    const tool = { name: "T", cypher: "RETURN $x AS x", parameters: [parameter({ default: nested(PAST_DATABASE_DEPTH) })] };
    const { id, fields } = await refusedImport("toolsets", { t: tool });
    expect(fields).toEqual([expect.objectContaining({ field: `toolsets.${id}.tools.t.parameters.0.default`, rule: "invalid_union" })]);
  });
});

describe("toolsets: bounds", () => {
  it("refuses a nested value where the description goes, naming it, and leaves the toolset as it was", async () => {
    const toolset = await createToolset();
    const { status, body } = await api("PATCH", `/toolsets/${toolset.id}`, { description: nested(PAST_DATABASE_DEPTH), base_version: 1 });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "description", rule: "invalid_type", message: "must be a string" }]);
    expect((await api("GET", `/toolsets/${toolset.id}`)).body).toMatchObject({ version: 1, description: "" });
  });
});
