// Seed files written for upstream Seizu, seeded unchanged by the real binary against the Worker
// under `wrangler dev`: the YAML examples of upstream's docs (test/fixtures/upstream-seizu, see
// its README for where each comes from), read back over REST field by field; upstream's
// unsupported types refused by name at file:line:column, and --skip-unsupported; re-seeding
// writes nothing.
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cliOnWorker, ok, type Cli } from "../support/cli";
import { skillMarkdown } from "../support/plugin-zip";
import { rest } from "../support/rest";
import type { RunningWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
// Upstream's example validates about 60 Cypher statements at once; on the shared test machine
// (2 cores, a throwaway Neo4j) their planning together outlasts the default 10s EXPLAIN limit.
cliOnWorker((stack) => ({ worker, cli } = stack), { NEO4J_EXPLAIN_TIMEOUT_SECONDS: "120" });

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
    expect(dry.spaces).toEqual({
      dry_run: true,
      created: ["Security", "Security / Vulnerabilities"],
      updated: [],
      unchanged: [],
      placed: ["security_overview", "open_cves"],
    });
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
    const file = cli.write(
      "upstream/bad-space.yaml",
      readFileSync(join(FIXTURES, "docs-spaces.yaml"), "utf8")
        .replace("    space: security\n    subspace", "    space: securty\n    subspace")
        .replaceAll("open_cves", "typo_cves"),
    );
    const result = await cli.run(["seed", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^${literal(file)}:18:12: reports\\.typo_cves\\.space: names "securty", which is not a space of the spaces: section$`, "m"),
    );
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
    const others = readFileSync(join(FIXTURES, "docs-scheduled-queries.yaml"), "utf8").replace(/^ {2}- name: /gm, "  - name: Skip test ");
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
    expect(skipped.stderr).toMatch(
      new RegExp(
        `^seizu: warning: skipped \\(--skip-unsupported\\): ${literal(file)}:${line}:22: scheduled_queries\\.2\\.actions\\.0\\.action_type: 'statsd'`,
        "m",
      ),
    );
    expect(skipped.json().scheduled_queries.created).toEqual([
      "Skip test Recently published HIGH/CRITICAL CVEs",
      "Skip test K8s container images with no vulnerability scans",
    ]);
    expect(await names()).not.toContain("CVEs by severity");
  });
});

describe("upstream's example config (.config/dev/seizu/reporting-dashboard.yaml)", () => {
  const NAME = "reporting-dashboard.yaml";
  type Upstream = {
    dashboard: string;
    reports: Record<string, Record<string, unknown> & { name: string; pinned?: boolean }>;
    toolsets: Record<string, Record<string, unknown> & { tools: Record<string, Record<string, unknown>> }>;
    skillsets: Record<string, Record<string, unknown> & { skills: Record<string, Record<string, unknown>> }>;
    workflows: (Record<string, unknown> & { name: string })[];
    plugins: Record<string, { source: string; enabled: boolean }>;
  };
  const upstream = parse(readFileSync(join(FIXTURES, NAME), "utf8")) as Upstream;
  const text = readFileSync(join(FIXTURES, NAME), "utf8");
  /** The 1-based line of the first line holding `needle` after line `after`. */
  const lineOf = (needle: string, after = 0) => text.split("\n").findIndex((line, index) => index >= after && line.includes(needle)) + 1;
  let file: string;

  /** The plugin packages its plugins: section names, written here (upstream's hold a script, which this repository does not copy). */
  const writePlugins = () => {
    for (const [id, { source }] of Object.entries(upstream.plugins)) {
      cli.write(
        `upstream-dev/${source}/plugin.json`,
        JSON.stringify({ name: source.split("/").pop(), version: "1.0.0", extensions: { "com.mappedsky.seizu": { skillsetId: id } } }),
      );
      cli.write(`upstream-dev/${source}/skills/review/SKILL.md`, skillMarkdown("review", "Review a repository"));
    }
  };

  beforeAll(() => {
    writePlugins();
    file = cli.write(`upstream-dev/${NAME}`, text);
  });

  it("refuses, unchanged, only what this platform cannot run or hold, each by name at file:line:column, writing nothing", async () => {
    const result = await cli.run(["seed", "--config", file]);
    expect(result.code, result.stdout).toBe(1);
    const workflows = lineOf("workflows:");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${literal(file)}:${lineOf("type: statsd", workflows)}:\\d+: workflows\\.1\\.stages\\.1\\.activities\\.0\\.type: 'statsd' is an upstream Seizu activity type this platform cannot run \\(upstream's statsd sends metrics over UDP`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${literal(file)}:${lineOf("type: cve_repo_report", workflows)}:\\d+: workflows\\.2\\.stages\\.1\\.activities\\.0\\.type: 'cve_repo_report' is an upstream Seizu activity type this platform cannot run \\(it is one of upstream's Temporal child workflows`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${literal(file)}:${lineOf("type: cve_dependency_remediation", workflows)}:\\d+: workflows\\.3\\.stages\\.1\\.activities\\.0\\.type: 'cve_dependency_remediation' is an upstream Seizu activity type`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${literal(file)}:${lineOf("github_security_investigations:", lineOf("plugins:"))}:3: plugins\\.github_security_investigations: github_security_investigations is also a skillset's id; .*--skip-unsupported$`,
        ),
      ),
    ]);
    expect((await rest(worker.url, "GET", "/toolsets/cve_analysis")).status).toBe(404);
    expect((await rest(worker.url, "GET", "/reports/seizu-overview")).status).toBe(404);
  });

  it("dry-runs with --skip-unsupported: everything else validated, the skillsets against the tools the file creates, writing nothing", async () => {
    const dry = await cli.run(["seed", "--config", file, "--dry-run", "--skip-unsupported", "--output", "json"]);
    ok(dry);
    const reply = dry.json();
    const toolCount = Object.values(upstream.toolsets).reduce((count, toolset) => count + Object.keys(toolset.tools).length, 0);
    expect(reply.entries.filter((entry: { action: string }) => entry.action === "created")).toHaveLength(Object.keys(upstream.toolsets).length + toolCount);
    expect(reply.reports).toMatchObject({ dry_run: true, dashboard: upstream.dashboard });
    expect(reply.reports.entries.map((entry: { report_id: string }) => entry.report_id)).toEqual(Object.keys(upstream.reports));
    expect(reply.workflows).toMatchObject({ dry_run: true, created: [upstream.workflows[0]!.name] });
    expect(reply.skillsets.warnings.length).toBeGreaterThan(0);
    expect(reply.plugins).toEqual({ dry_run: true, created: ["portable_security_review"], updated: [], unchanged: [] });
    // Every chat-only tool a skill requires is named, kept, at its place in the file.
    expect(dry.stderr).toMatch(
      new RegExp(
        `^seizu: warning: ${literal(file)}:\\d+:\\d+: skillsets\\.github_security_investigations\\.skills\\.\\w+\\.tools_required\\.\\d+: names sandbox__delegate, one of upstream Seizu's chat-only tools .*kept, but unavailable here$`,
        "m",
      ),
    );
    expect(dry.stderr).toMatch(/tools_required\.\d+: names ext__github__search_code, /);
    expect((await rest(worker.url, "GET", "/toolsets/cve_analysis")).status).toBe(404);
    expect((await rest(worker.url, "GET", "/plugins/portable_security_review")).status).toBe(404);
  });

  it("seeds with --skip-unsupported, and reads back over REST field by field as the file gives it", async () => {
    ok(await cli.run(["seed", "--config", file, "--skip-unsupported"]));
    for (const [toolsetId, { tools, ...toolset }] of Object.entries(upstream.toolsets)) {
      expect(await get(`/toolsets/${toolsetId}`)).toMatchObject(toolset);
      for (const [toolId, tool] of Object.entries(tools)) expect(await get(`/toolsets/${toolsetId}/tools/${toolId}`)).toMatchObject(tool);
    }
    for (const [reportId, { pinned, ...config }] of Object.entries(upstream.reports)) {
      const report = await get(`/reports/${reportId}`);
      expect(report.config).toMatchObject(config);
      expect(report).toMatchObject({ name: config.name, pinned: pinned ?? false, access: { scope: "public" } });
    }
    expect((await get("/reports/dashboard")).report_id).toBe(upstream.dashboard);
    for (const [skillsetId, { skills, ...skillset }] of Object.entries(upstream.skillsets)) {
      expect(await get(`/skillsets/${skillsetId}`)).toMatchObject(skillset);
      for (const [skillId, skill] of Object.entries(skills)) expect(await get(`/skillsets/${skillsetId}/skills/${skillId}`)).toMatchObject(skill);
    }
    const workflows = (await get("/workflows")).workflows as { name: string; workflow_id: string }[];
    const [runnable, ...unsupported] = upstream.workflows;
    expect(await get(`/workflows/${workflows.find((workflow) => workflow.name === runnable!.name)!.workflow_id}`)).toMatchObject(runnable!);
    for (const workflow of unsupported) expect(workflows.map((seeded) => seeded.name)).not.toContain(workflow.name);
    expect(await get("/plugins/portable_security_review")).toMatchObject({ enabled: true, skills: [{ name: "review" }] });
  });

  it("re-seeding the unchanged file writes nothing", async () => {
    const again = ok(await cli.run(["seed", "--config", file, "--skip-unsupported", "--output", "json"])).json();
    expect(again.entries.every((entry: { action: string }) => entry.action === "unchanged")).toBe(true);
    expect(again.reports.entries.every((entry: { action: string }) => entry.action === "unchanged")).toBe(true);
    expect(again.workflows).toMatchObject({ created: [], updated: [] });
    expect(again.skillsets.entries.every((entry: { action: string }) => entry.action === "unchanged")).toBe(true);
    expect(again.plugins).toEqual({ dry_run: false, created: [], updated: [], unchanged: ["portable_security_review"] });
    expect(again.spaces).toMatchObject({ created: [], updated: [], placed: [] });
  });
});
