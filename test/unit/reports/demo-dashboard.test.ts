import { describe, expect, it } from "vitest";
import { PANEL_TYPES } from "../../../worker/reports/config";
// @ts-expect-error plain ESM data shared with npm start
import { DEMO_DASHBOARD_ID, demoDashboard } from "../../../scripts/demo-graph/dashboard.mjs";
import { api } from "../../support/api";

describe("the demo security dashboard npm start seeds", () => {
  it("uses every panel type", () => {
    const types = new Set(demoDashboard.rows.flatMap((row: { panels: { type: string }[] }) => row.panels.map((panel) => panel.type)));
    expect([...types].sort()).toEqual([...PANEL_TYPES].sort());
  });

  it("imports as the dashboard, and every one of its queries runs through its capability", async () => {
    const imported = await api("POST", "/reports/import", { reports: { [DEMO_DASHBOARD_ID]: { ...demoDashboard, dashboard: true } } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const dashboard = (await api("GET", "/reports/dashboard?include_query_capabilities=true")).body;
    expect(dashboard).toMatchObject({ report_id: DEMO_DASHBOARD_ID, access: { scope: "public" } });
    const capabilities = Object.entries(dashboard.query_capabilities as Record<string, string>);
    expect(capabilities.length).toBe(11);
    for (const [path, capability] of capabilities) {
      const { status, body } = await api("POST", "/query/report", { capability, params: {} });
      expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
    }
  });
});
