import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createReport, freshName } from "../../support/reports";

async function createSpace(body: Record<string, unknown> = {}) {
  const { status, body: space } = await api("POST", "/spaces", { name: freshName("Space"), ...body });
  expect(status, JSON.stringify(space)).toBe(201);
  return space as { space_id: string; name: string };
}

async function createSubspace(spaceId: string, name = freshName("Sub")) {
  const { status, body } = await api("POST", `/spaces/${spaceId}/subspaces`, { name });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { subspace_id: string; name: string };
}

async function publicReport() {
  const report = await createReport();
  await api("PUT", `/reports/${report.report_id}/visibility`, { access: { scope: "public" } });
  return report;
}

describe("spaces", () => {
  it("creates a space with a trimmed name and an empty description, and lists it", async () => {
    const name = freshName("Ops");
    const { status, body } = await api("POST", "/spaces", { name: `  ${name}  ` });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name, description: "", overview_report_id: null, created_by: "local-admin" });
    expect((await api("GET", "/spaces")).body.spaces.some((space: { space_id: string }) => space.space_id === body.space_id)).toBe(true);
    expect((await api("GET", `/spaces/${body.space_id}`)).body.name).toBe(name);
  });

  it("refuses a blank name (422) and a duplicate one (409, exact match)", async () => {
    const blank = await api("POST", "/spaces", { name: "   " });
    expect(blank.status).toBe(422);
    expect(blank.body.error.fields[0]).toMatchObject({ field: "name", message: "must not be blank" });
    const space = await createSpace();
    expect((await api("POST", "/spaces", { name: space.name })).status).toBe(409);
    expect((await api("POST", "/spaces", { name: space.name.toUpperCase() })).status).toBe(201);
    const other = await createSpace();
    expect((await api("PUT", `/spaces/${other.space_id}`, { name: space.name })).status).toBe(409);
  });

  it("updates with replace semantics: an omitted description becomes empty", async () => {
    const space = await createSpace({ description: "first" });
    const { body } = await api("PUT", `/spaces/${space.space_id}`, { name: `Renamed ${space.name}` });
    expect(body).toMatchObject({ name: `Renamed ${space.name}`, description: "" });
  });

  it("keeps sub-space names unique per space", async () => {
    const [a, b] = [await createSpace(), await createSpace()];
    await createSubspace(a.space_id, "Prod");
    expect((await api("POST", `/spaces/${a.space_id}/subspaces`, { name: "Prod" })).status).toBe(409);
    await createSubspace(b.space_id, "Prod");
    const staging = await createSubspace(a.space_id, "Staging");
    expect((await api("PUT", `/spaces/${a.space_id}/subspaces/${staging.subspace_id}`, { name: "Prod" })).status).toBe(409);
    expect((await api("PUT", `/spaces/${a.space_id}/subspaces/${staging.subspace_id}`, { name: "Stage" })).body.name).toBe("Stage");
    expect((await api("GET", `/spaces/${a.space_id}/subspaces`)).body.subspaces.map((sub: { name: string }) => sub.name)).toEqual(["Prod", "Stage"]);
  });

  it("answers 404 for a sub-space of another space", async () => {
    const [a, b] = [await createSpace(), await createSpace()];
    const sub = await createSubspace(a.space_id);
    expect((await api("PUT", `/spaces/${b.space_id}/subspaces/${sub.subspace_id}`, { name: "x" })).status).toBe(404);
    expect((await api("DELETE", `/spaces/${b.space_id}/subspaces/${sub.subspace_id}`)).status).toBe(404);
  });
});

describe("filing reports", () => {
  it("files a public report into a space and sub-space, shown in the space's tree", async () => {
    const space = await createSpace();
    const sub = await createSubspace(space.space_id);
    const report = await publicReport();
    const filed = await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id, subspace_id: sub.subspace_id });
    expect(filed.body).toMatchObject({ space_id: space.space_id, subspace_id: sub.subspace_id });
    const tree = (await api("GET", `/spaces/${space.space_id}/tree`)).body;
    expect(tree.space.space_id).toBe(space.space_id);
    expect(tree.subspaces.map((s: { subspace_id: string }) => s.subspace_id)).toEqual([sub.subspace_id]);
    expect(tree.reports.map((r: { report_id: string }) => r.report_id)).toEqual([report.report_id]);
  });

  it("replaces the filing: an omitted sub-space is cleared, and no space takes it out", async () => {
    const space = await createSpace();
    const sub = await createSubspace(space.space_id);
    const report = await publicReport();
    await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id, subspace_id: sub.subspace_id });
    expect((await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id })).body.subspace_id).toBeNull();
    expect((await api("PUT", `/reports/${report.report_id}/space`, {})).body).toMatchObject({ space_id: null, subspace_id: null });
  });

  it("refuses to file a private report (409), and to make a filed report private (409)", async () => {
    const space = await createSpace();
    const report = await createReport();
    const refused = await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id });
    expect(refused.status).toBe(409);
    expect((await api("GET", `/reports/${report.report_id}`)).body.space_id).toBeNull();
    await api("PUT", `/reports/${report.report_id}/visibility`, { access: { scope: "public" } });
    await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id });
    const unpublish = await api("PUT", `/reports/${report.report_id}/visibility`, { access: { scope: "private" } });
    expect(unpublish.status).toBe(409);
    expect((await api("GET", `/reports/${report.report_id}`)).body.access).toEqual({ scope: "public" });
  });

  it("holds the invariant in the database too: a statement that makes a filed report private fails", async () => {
    const space = await createSpace();
    const report = await publicReport();
    await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id });
    const write = env.DB.prepare("UPDATE report_settings SET access = 'private' WHERE report_id = ?").bind(report.report_id);
    await expect(write.run()).rejects.toThrow(/CHECK constraint failed/);
    expect((await api("GET", `/reports/${report.report_id}`)).body.access).toEqual({ scope: "public" });
  });

  it.each([
    ["a sub-space without a space", () => ({ subspace_id: "x" }), "needs a space_id"],
    ["a space that does not exist", () => ({ space_id: "no-such-space" }), "space no-such-space does not exist"],
  ])("refuses %s (400)", async (_what, filing, message) => {
    const report = await publicReport();
    const { status, body } = await api("PUT", `/reports/${report.report_id}/space`, filing());
    expect(status).toBe(400);
    expect(body.error.message).toContain(message);
  });

  it("refuses a sub-space of another space (400)", async () => {
    const [a, b] = [await createSpace(), await createSpace()];
    const sub = await createSubspace(a.space_id);
    const report = await publicReport();
    const { status, body } = await api("PUT", `/reports/${report.report_id}/space`, { space_id: b.space_id, subspace_id: sub.subspace_id });
    expect(status).toBe(400);
    expect(body.error.message).toBe(`sub-space ${sub.subspace_id} belongs to space ${a.space_id}, not ${b.space_id}`);
  });

  it("creates a report into a space as public, and clones it into the same space", async () => {
    const space = await createSpace();
    const created = await api("POST", "/reports", { name: "Filed", space_id: space.space_id });
    expect(created.body).toMatchObject({ access: { scope: "public" }, space_id: space.space_id });
    const clone = await api("POST", `/reports/${created.body.report_id}/clone`, { name: "Copy" });
    expect(clone.body).toMatchObject({ access: { scope: "public" }, space_id: space.space_id });
    const elsewhere = await api("POST", `/reports/${created.body.report_id}/clone`, { name: "Loose", space_id: null });
    expect(elsewhere.body).toMatchObject({ access: { scope: "private" }, space_id: null });
  });

  it("creates nothing when the space to create into does not exist", async () => {
    const before = (await api("GET", "/reports")).body.reports.length;
    expect((await api("POST", "/reports", { name: "Nowhere", space_id: "no-such-space" })).status).toBe(400);
    expect((await api("GET", "/reports")).body.reports.length).toBe(before);
  });
});

describe("overviews", () => {
  it("must be a report filed in the space (400); null clears it", async () => {
    const space = await createSpace();
    const report = await publicReport();
    expect((await api("PUT", `/spaces/${space.space_id}/overview`, { report_id: report.report_id })).status).toBe(400);
    await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id });
    expect((await api("PUT", `/spaces/${space.space_id}/overview`, { report_id: report.report_id })).body.overview_report_id).toBe(report.report_id);
    expect((await api("GET", `/spaces/${space.space_id}/tree`)).body.space.overview_report_id).toBe(report.report_id);
    expect((await api("PUT", `/spaces/${space.space_id}/overview`, { report_id: null })).body.overview_report_id).toBeNull();
  });

  it("is cleared when its report leaves the space or is deleted", async () => {
    const space = await createSpace();
    const [moved, deleted] = [await publicReport(), await publicReport()];
    for (const report of [moved, deleted]) await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id });
    await api("PUT", `/spaces/${space.space_id}/overview`, { report_id: moved.report_id });
    await api("PUT", `/reports/${moved.report_id}/space`, {});
    expect((await api("GET", `/spaces/${space.space_id}`)).body.overview_report_id).toBeNull();
    await api("PUT", `/spaces/${space.space_id}/overview`, { report_id: deleted.report_id });
    await api("DELETE", `/reports/${deleted.report_id}`);
    expect((await api("GET", `/spaces/${space.space_id}`)).body.overview_report_id).toBeNull();
  });
});

describe("deleting spaces", () => {
  it("refuses a space that holds reports (409) and deletes an empty one with its sub-spaces", async () => {
    const space = await createSpace();
    const sub = await createSubspace(space.space_id);
    const report = await publicReport();
    await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id });
    expect((await api("DELETE", `/spaces/${space.space_id}`)).status).toBe(409);
    expect((await api("GET", `/spaces/${space.space_id}/subspaces`)).body.subspaces).toHaveLength(1);
    await api("PUT", `/reports/${report.report_id}/space`, {});
    expect((await api("DELETE", `/spaces/${space.space_id}`)).status).toBe(204);
    expect((await api("GET", `/spaces/${space.space_id}`)).status).toBe(404);
    expect((await api("PUT", `/spaces/${space.space_id}/subspaces/${sub.subspace_id}`, { name: "x" })).status).toBe(404);
    expect((await api("GET", `/reports/${report.report_id}`)).status).toBe(200);
  });

  it("leaves a deleted sub-space's reports in the space, ungrouped", async () => {
    const space = await createSpace();
    const sub = await createSubspace(space.space_id);
    const report = await publicReport();
    await api("PUT", `/reports/${report.report_id}/space`, { space_id: space.space_id, subspace_id: sub.subspace_id });
    expect((await api("DELETE", `/spaces/${space.space_id}/subspaces/${sub.subspace_id}`)).status).toBe(204);
    expect((await api("GET", `/reports/${report.report_id}`)).body).toMatchObject({ space_id: space.space_id, subspace_id: null });
  });
});
