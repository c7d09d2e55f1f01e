import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { everyPanel, freshName } from "../../support/reports";

const key = (prefix: string) => freshName(prefix).replaceAll(" ", "-");

describe("importing a seed file's reports: section", () => {
  it("creates public reports with the section's ids, makes one the dashboard, and is a no-op the second time", async () => {
    const [a, b] = [key("seed-a"), key("seed-b")];
    const section = { [a]: { ...everyPanel, name: "Seeded A", dashboard: true }, [b]: { name: "Seeded B" } };
    const first = await api("POST", "/reports/import", { reports: section });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      dry_run: false,
      dashboard: a,
      entries: [
        { report_id: a, action: "created" },
        { report_id: b, action: "created" },
      ],
    });
    expect((await api("GET", `/reports/${a}`)).body).toMatchObject({ name: "Seeded A", access: { scope: "public" }, comment: "Seeded" });
    expect((await api("GET", "/reports/dashboard")).body.report_id).toBe(a);
    const again = await api("POST", "/reports/import", { reports: section });
    expect(again.body.entries.map((entry: { action: string }) => entry.action)).toEqual(["unchanged", "unchanged"]);
  });

  it("updates a changed report as a new version, and --force updates an unchanged one", async () => {
    const id = key("seed-change");
    await api("POST", "/reports/import", { reports: { [id]: { name: "One" } } });
    const changed = await api("POST", "/reports/import", { reports: { [id]: { name: "Two" } } });
    expect(changed.body.entries).toEqual([{ report_id: id, action: "updated" }]);
    expect((await api("GET", `/reports/${id}`)).body).toMatchObject({ version: 2, name: "Two" });
    const forced = await api("POST", "/reports/import", { reports: { [id]: { name: "Two" } }, force: true });
    expect(forced.body.entries).toEqual([{ report_id: id, action: "updated" }]);
  });

  it("accepts upstream's hyphenated query keys, which panels name", async () => {
    const id = key("seed-hyphens");
    const config = {
      name: "Hyphens",
      queries: { "seizu-runtimes-count": "MATCH (n) RETURN count(n) AS total" },
      rows: [{ name: "Row", panels: [{ type: "count", cypher: "seizu-runtimes-count" }] }],
    };
    const imported = await api("POST", "/reports/import", { reports: { [id]: config } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await api("GET", `/reports/${id}`)).body.config.queries).toEqual(config.queries);
  });

  it("writes nothing on a dry run", async () => {
    const id = key("seed-dry");
    const dry = await api("POST", "/reports/import", { reports: { [id]: { name: "Dry" } }, dry_run: true });
    expect(dry.body).toMatchObject({ dry_run: true, entries: [{ report_id: id, action: "created" }] });
    expect((await api("GET", `/reports/${id}`)).status).toBe(404);
  });

  it("writes nothing when any entry is invalid, naming every problem by its path in the section", async () => {
    const [good, bad] = [key("seed-good"), key("seed-bad")];
    const { status, body } = await api("POST", "/reports/import", {
      reports: {
        [good]: { name: "Good" },
        [bad]: { name: "", rows: [{ name: "r", panels: [{ type: "count", cypher: "MATCH (n) DELETE n RETURN 1 AS total" }, { type: "pie" }] }] },
      },
    });
    expect(status).toBe(422);
    expect(body.error.fields.map((field: { field: string; rule: string }) => [field.field, field.rule])).toEqual([
      [`reports.${bad}.rows.0.panels.1.cypher`, "custom"],
    ]);
    expect((await api("GET", `/reports/${good}`)).status).toBe(404);
    const cypher = await api("POST", "/reports/import", {
      reports: { [good]: { name: "Good" }, [bad]: { rows: [{ name: "r", panels: [{ type: "count", cypher: "MATCH (n) DELETE n RETURN 1 AS total" }] }] } },
    });
    expect(cypher.body.error.fields.map((field: { field: string; rule: string }) => [field.field, field.rule])).toEqual([
      [`reports.${bad}.name`, "too_small"],
      [`reports.${bad}.rows.0.panels.0.cypher`, "write_clause"],
    ]);
    expect((await api("GET", `/reports/${good}`)).status).toBe(404);
  });

  it("refuses two dashboards", async () => {
    const [a, b] = [key("seed-d1"), key("seed-d2")];
    const { status, body } = await api("POST", "/reports/import", { reports: { [a]: { name: "A", dashboard: true }, [b]: { name: "B", dashboard: true } } });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: `reports.${b}.dashboard` });
  });
});

describe("exporting reports", () => {
  it("gives every public report's config keyed by id, the dashboard marked, and round-trips unchanged", async () => {
    const id = key("export");
    await api("POST", "/reports/import", { reports: { [id]: { ...everyPanel, name: "Exported", dashboard: true } } });
    const privateOne = (await api("POST", "/reports", { name: "Private" })).body.report_id;
    const { reports } = (await api("GET", "/reports/export")).body;
    expect(reports[id]).toMatchObject({ name: "Exported", dashboard: true, rows: everyPanel.rows.map((row) => expect.objectContaining({ name: row.name })) });
    expect(Object.keys(reports)).not.toContain(privateOne);
    const reseeded = await api("POST", "/reports/import", { reports: { [id]: reports[id] } });
    expect(reseeded.body.entries).toEqual([{ report_id: id, action: "unchanged" }]);
  });
});
