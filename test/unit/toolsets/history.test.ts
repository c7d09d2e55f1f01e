import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createTool, createToolset } from "../../support/toolsets";

describe("version history", () => {
  it("keeps every version of a toolset with time, author and comment", async () => {
    const toolset = await createToolset({ name: "v1" });
    await api("PATCH", `/toolsets/${toolset.id}`, { name: "v2", base_version: 1, comment: "second" });
    await api("PATCH", `/toolsets/${toolset.id}`, { enabled: false, base_version: 2, comment: "third" });
    const { body } = await api("GET", `/toolsets/${toolset.id}/versions`);
    expect(body.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(body.versions[0]).toMatchObject({ comment: "third", author: "local-admin", definition: { name: "v2", enabled: false } });
    const one = await api("GET", `/toolsets/${toolset.id}/versions/1`);
    expect(one.body).toMatchObject({ version: 1, definition: { name: "v1", enabled: true } });
  });

  it("answers 404 for a version that does not exist and 400 for one that is not a number", async () => {
    const toolset = await createToolset();
    expect((await api("GET", `/toolsets/${toolset.id}/versions/9`)).status).toBe(404);
    expect((await api("GET", `/toolsets/${toolset.id}/versions/first`)).status).toBe(400);
  });

  it("restores a tool version, Cypher and parameters included", async () => {
    const toolset = await createToolset();
    const tool = await createTool(toolset.id, { cypher: "RETURN $a AS a", parameters: [{ name: "a", type: "string" }] });
    await api("PATCH", `/toolsets/${toolset.id}/tools/${tool.id}`, { cypher: "RETURN 2 AS two", parameters: [], base_version: 1 });
    const { status, body } = await api("POST", `/toolsets/${toolset.id}/tools/${tool.id}/versions/1/restore`, {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ cypher: "RETURN $a AS a", parameters: [{ name: "a", type: "string" }], version: 3 });
    const versions = await api("GET", `/toolsets/${toolset.id}/tools/${tool.id}/versions`);
    expect(versions.body.versions[0].comment).toBe("Restored from version 1");
  });

  it("refuses a restore based on a stale version", async () => {
    const toolset = await createToolset();
    await api("PATCH", `/toolsets/${toolset.id}`, { name: "two", base_version: 1 });
    const { status } = await api("POST", `/toolsets/${toolset.id}/versions/1/restore`, { base_version: 1 });
    expect(status).toBe(409);
    expect((await api("GET", `/toolsets/${toolset.id}`)).body.version).toBe(2);
  });
});

describe("concurrent updates", () => {
  it("lets exactly one of many updates based on the same version win, losing no version", async () => {
    const toolset = await createToolset();
    const attempts = Array.from({ length: 12 }, (_, i) => api("PATCH", `/toolsets/${toolset.id}`, { name: `writer ${i}`, base_version: 1 }));
    const results = await Promise.all(attempts);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const winner = results.find((r) => r.status === 200)!.body.name;
    const versions = (await api("GET", `/toolsets/${toolset.id}/versions`)).body.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0].definition.name).toBe(winner);
    expect((await api("GET", `/toolsets/${toolset.id}`)).body).toMatchObject({ name: winner, version: 2 });
  });

  it("serialises updates that each read the latest version: no version is lost", async () => {
    const toolset = await createToolset();
    for (let i = 1; i <= 5; i++) {
      const current = (await api("GET", `/toolsets/${toolset.id}`)).body;
      expect((await api("PATCH", `/toolsets/${toolset.id}`, { description: `step ${i}`, base_version: current.version })).status).toBe(200);
    }
    const versions = (await api("GET", `/toolsets/${toolset.id}/versions`)).body.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
  });
});
