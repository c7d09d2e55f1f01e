// `seizu reports ...`, `seizu spaces ...` and the seed file's reports: section end to end: the
// real binary (node cli/seizu.mjs) against the Worker under `wrangler dev`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cliOnWorker, ok, type Cli } from "../support/cli";
import { rest } from "../support/rest";
import type { RunningWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
const suffix = Date.now().toString(36);

cliOnWorker((stack) => ({ worker, cli } = stack));

describe("seizu reports and spaces", () => {
  it("creates a report, saves a config file as a version, publishes it and files it into a space", async () => {
    const created = ok(await cli.run(["reports", "create", `CLI report ${suffix}`, "--output", "json"])).json();
    expect(created).toMatchObject({ access: { scope: "private" }, current_version: 1 });
    const id = created.report_id as string;
    const config = cli.write(
      "reports/config.yaml",
      "name: CLI renamed\nrows:\n  - name: Totals\n    panels:\n      - type: count\n        caption: Nodes\n        cypher: MATCH (n) RETURN count(n) AS total\n",
    );
    expect(ok(await cli.run(["reports", "save", id, "--file", config, "--comment", "from a file"])).stdout).toBe(`saved report ${id} as version 2\n`);
    const shown = ok(await cli.run(["reports", "get", id])).stdout;
    expect(shown).toMatch(/^name:\s+CLI renamed$/m);
    expect(shown).toMatch(/^rows:\s+Totals: count "Nodes"$/m);
    expect(ok(await cli.run(["reports", "versions", id])).stdout).toMatch(/^2\s+CLI renamed\s+local-admin\s+\S+\s+from a file$/m);

    expect(ok(await cli.run(["reports", "visibility", id, "public"])).stdout).toBe(`report ${id} is public\n`);
    const space = ok(await cli.run(["spaces", "create", `CLI space ${suffix}`, "--output", "json"])).json();
    const sub = ok(await cli.run(["spaces", "subspaces", "create", space.space_id, "Prod", "--output", "json"])).json();
    ok(await cli.run(["reports", "file", id, "--space", space.space_id, "--subspace", sub.subspace_id]));
    ok(await cli.run(["spaces", "overview", space.space_id, id]));
    const tree = ok(await cli.run(["spaces", "tree", space.space_id])).stdout;
    expect(tree).toBe(`CLI space ${suffix} (${space.space_id})\n(ungrouped)\nProd (${sub.subspace_id})\n  CLI renamed (${id}) [overview]\n`);
  });

  it("pages the list", async () => {
    ok(await cli.run(["reports", "create", `Page one ${suffix}`]));
    ok(await cli.run(["reports", "create", `Page two ${suffix}`]));
    expect(ok(await cli.run(["reports", "list", "--per-page", "1", "--output", "json"])).json().reports).toHaveLength(1);
    expect(ok(await cli.run(["reports", "list", "--page", "2", "--per-page", "1", "--output", "json"])).json().reports).toHaveLength(1);
    const bad = await cli.run(["reports", "list", "--per-page", "0"]);
    expect(bad.code).toBe(2);
  });

  it("reports the server's refusals in one line: a private report cannot go into a space", async () => {
    const id = ok(await cli.run(["reports", "create", `Private ${suffix}`, "--output", "json"])).json().report_id;
    const space = ok(await cli.run(["spaces", "create", `Other space ${suffix}`, "--output", "json"])).json();
    const result = await cli.run(["reports", "file", id, "--space", space.space_id]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`seizu: report ${id} is private, and a report in a space must be public; make it public first (HTTP 409)\n`);
  });
});

describe("the seed file's reports: section", () => {
  const id = `seeded-${suffix}`;
  const yaml = (caption: string) => `toolsets:
  seed_reports_${suffix}:
    name: With reports
reports:
  ${id}:
    name: Seeded dashboard
    dashboard: true
    rows:
      - name: Overview
        panels:
          - type: count
            caption: ${caption}
            cypher: |
              MATCH (n)
              RETURN count(n) AS total
`;

  it("seeds the reports with the toolsets, makes the dashboard, and is a no-op the second time", async () => {
    const file = cli.write("seed-reports/config.yaml", yaml("Nodes"));
    const result = ok(await cli.run(["seed", "--config", file]));
    expect(result.stdout).toMatch(/^1 created, 0 updated, 0 unchanged$/m);
    expect(result.stdout).toMatch(new RegExp(`^created\\s+${id} \\(dashboard\\)$`, "m"));
    expect(result.stdout).toMatch(/^reports: 1 created, 0 updated, 0 unchanged$/m);
    expect((await rest(worker.url, "GET", "/reports/dashboard")).body).toMatchObject({ report_id: id, name: "Seeded dashboard" });
    const again = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(again.reports.entries).toEqual([{ report_id: id, action: "unchanged" }]);
  });

  it("writes nothing of either section when a report is invalid, naming file:line:column", async () => {
    const file = cli.write(
      "seed-reports/bad.yaml",
      yaml("Nodes").replace("MATCH (n)\n", "MATCH (n) DETACH DELETE n\n").replace(`seed_reports_${suffix}`, `seed_reports_new_${suffix}`),
    );
    const result = await cli.run(["seed", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+:\\d+: reports\\.${id}\\.rows\\.0\\.panels\\.0\\.cypher: `));
    expect((await rest(worker.url, "GET", `/toolsets/seed_reports_new_${suffix}`)).status).toBe(404);
  });

  it("exports public reports into the reports: section, and seeding the export changes nothing", async () => {
    const file = cli.write("seed-reports/export.yaml", "# kept\nother_tool: []\n");
    ok(await cli.run(["export", "--config", file]));
    const written = readFileSync(file, "utf8");
    expect(written.startsWith("# kept\nother_tool: []\n")).toBe(true);
    expect(parse(written).reports[id]).toMatchObject({ name: "Seeded dashboard", dashboard: true });
    const reseeded = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(reseeded.reports.entries.filter((entry: { action: string }) => entry.action !== "unchanged")).toEqual([]);
  });
});
