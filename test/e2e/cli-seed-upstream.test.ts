// Seed files written for upstream Seizu, seeded unchanged by the real binary against the Worker
// under `wrangler dev`: the YAML examples of upstream's docs (test/fixtures/upstream-seizu, see
// its README for where each comes from), read back over REST field by field; upstream's
// unsupported types refused by name at file:line:column, and --skip-unsupported; re-seeding
// writes nothing.
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cliOnWorker, ok, type Cli } from "../support/cli";
import { rest } from "../support/rest";
import type { RunningWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
cliOnWorker((stack) => ({ worker, cli } = stack));

const FIXTURES = join(import.meta.dirname, "../fixtures/upstream-seizu");
/** The fixture, copied unchanged beside the CLI's files (so that relative paths resolve there). */
const fixture = (name: string) => {
  const path = cli.write(`upstream/${name}`, "");
  copyFileSync(join(FIXTURES, name), path);
  return path;
};
const get = async (path: string) => {
  const reply = await rest(worker.url, "GET", path);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("upstream's spaces doc example", () => {
  it("seeds unchanged: the space with its sub-space, each report filed, the overview, read back over REST", async () => {
    const file = fixture("docs-spaces.yaml");
    const dry = ok(await cli.run(["seed", "--config", file, "--dry-run", "--output", "json"])).json();
    expect(dry.spaces).toEqual({ dry_run: true, created: ["Security", "Security / Vulnerabilities"], updated: [], unchanged: [], placed: ["security_overview", "open_cves"] });
    expect((await get("/spaces")).spaces).toEqual([]);

    const seeded = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(seeded.reports.entries).toEqual([
      { report_id: "security_overview", action: "created" },
      { report_id: "open_cves", action: "created" },
    ]);
    const [space] = (await get("/spaces")).spaces;
    expect(space).toMatchObject({ name: "Security", description: "Vulnerability and posture reporting" });
    const tree = await get(`/spaces/${space.space_id}/tree`);
    expect(tree.space.overview_report_id).toBe("security_overview");
    expect(tree.subspaces.map((sub: { name: string }) => sub.name)).toEqual(["Vulnerabilities"]);
    const reports = Object.fromEntries(tree.reports.map((report: { report_id: string }) => [report.report_id, report]));
    expect(reports.security_overview).toMatchObject({ name: "Security Overview", space_id: space.space_id, subspace_id: null, access: { scope: "public" } });
    expect(reports.open_cves).toMatchObject({ name: "Open CVEs", space_id: space.space_id, subspace_id: tree.subspaces[0].subspace_id });
    // space/subspace place the report; they are not part of its stored config.
    expect((await get("/reports/open_cves")).config).toEqual({ schema_version: 1, name: "Open CVEs", queries: {}, inputs: [], rows: [] });

    const again = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(again.spaces).toEqual({ dry_run: false, created: [], updated: [], unchanged: ["Security", "Security / Vulnerabilities"], placed: [] });
    expect(again.reports.entries.map((entry: { action: string }) => entry.action)).toEqual(["unchanged", "unchanged"]);
  });

  it("refuses a report filed in a space the file does not declare, at file:line:column, writing nothing", async () => {
    const file = cli.write("upstream/bad-space.yaml", readFileSync(join(FIXTURES, "docs-spaces.yaml"), "utf8").replace("    space: security\n    subspace", "    space: securty\n    subspace").replaceAll("open_cves", "typo_cves"));
    const result = await cli.run(["seed", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^${literal(file)}:18:12: reports\\.typo_cves\\.space: names "securty", which is not a space of the spaces: section$`, "m"));
    expect((await rest(worker.url, "GET", "/reports/typo_cves")).status).toBe(404);
  });
});

describe("upstream's scheduled-queries doc example", () => {
  it("seeds unchanged, each cypher naming a key of queries: resolved to that query, read back over REST", async () => {
    const file = fixture("docs-scheduled-queries.yaml");
    const expected = parse(readFileSync(file, "utf8")) as { queries: Record<string, string>; scheduled_queries: Record<string, unknown>[] };
    const dry = ok(await cli.run(["seed", "--config", file, "--dry-run", "--output", "json"])).json();
    expect(dry.scheduled_queries).toMatchObject({ dry_run: true, created: expected.scheduled_queries.map((query) => query.name) });

    ok(await cli.run(["seed", "--config", file]));
    const listed = (await get("/scheduled-queries")).scheduled_queries as { name: string; scheduled_query_id: string }[];
    const [cves, images] = expected.scheduled_queries;
    const read = async (name: unknown) => get(`/scheduled-queries/${listed.find((query) => query.name === name)!.scheduled_query_id}`);
    expect(await read(cves!.name)).toMatchObject({
      cypher: expected.queries["recent-cves"],
      params: [{ name: "base_severity", value: ["HIGH", "CRITICAL"] }],
      frequency: 1440,
      enabled: true,
      actions: cves!.actions,
    });
    expect(await read(images!.name)).toMatchObject({
      cypher: expected.queries["k8s-images-without-scans"],
      watch_scans: [{ grouptype: "KubernetesCluster", syncedtype: "KubernetesCluster", groupid: ".*" }],
      actions: [{ action_type: "sqs", action_config: { sqs_queue: "k8s-image-scanner" } }],
    });

    const again = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(again.scheduled_queries).toMatchObject({ created: [], updated: [], unchanged: expected.scheduled_queries.map((query) => query.name) });
  });

  it("refuses upstream's statsd action by name at file:line:column, and --skip-unsupported seeds the rest", async () => {
    const statsd = readFileSync(join(FIXTURES, "docs-scheduled-queries-statsd.yaml"), "utf8");
    const others = readFileSync(join(FIXTURES, "docs-scheduled-queries.yaml"), "utf8").replaceAll("- name: ", "- name: Skip test ");
    const file = cli.write("upstream/with-statsd.yaml", `${others}${statsd.replace("scheduled_queries:\n", "")}`);
    const line = others.split("\n").length - 1 + 7;
    const refused = await cli.run(["seed", "--config", file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^${literal(file)}:${line}:22: scheduled_queries\\.2\\.actions\\.0\\.action_type: 'statsd' is an upstream Seizu action this platform cannot run \\(upstream's statsd sends metrics over UDP, which a Cloudflare Worker cannot\\); remove it, or seed everything else with --skip-unsupported$`,
        "m",
      ),
    );
    const names = async () => ((await get("/scheduled-queries")).scheduled_queries as { name: string }[]).map((query) => query.name);
    expect(await names()).not.toContain("Skip test Recently published HIGH/CRITICAL CVEs");

    const skipped = await cli.run(["seed", "--config", file, "--skip-unsupported", "--output", "json"]);
    ok(skipped);
    expect(skipped.stderr).toMatch(new RegExp(`^seizu: warning: skipped \\(--skip-unsupported\\): ${literal(file)}:${line}:22: scheduled_queries\\.2\\.actions\\.0\\.action_type: 'statsd'`, "m"));
    expect(skipped.json().scheduled_queries.created).toEqual(["Skip test Recently published HIGH/CRITICAL CVEs", "Skip test K8s container images with no vulnerability scans"]);
    expect(await names()).not.toContain("CVEs by severity");
  });
});
