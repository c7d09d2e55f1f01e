// Drop-in for Seizu (issue 25): upstream Seizu's own CLI, unchanged, manages this Worker, one test
// per command, in the order a Seizu user would run them (later commands use what earlier ones
// made). Skipped, saying so, where upstream's CLI is not installed (test/support/upstream-cli.ts
// says why). Every exchange goes through a recording proxy; with UPSTREAM_CLI_RECORD=1
// (`npm run upstream-cli:record`) they are written to test/fixtures/upstream-seizu/
// cli-exchanges.json, which test/e2e/upstream-cli-replay.test.ts replays where Python is not.
import { readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillMarkdown } from "../support/plugin-zip";
import { rest } from "../support/rest";
import { upstreamCli, upstreamHas, upstreamSourceFile, upstreamUser, type UpstreamResult } from "../support/upstream-cli";
import { commandLine } from "../support/upstream-cli-exchanges";
import { failsToday } from "../support/upstream-cli-known-failures";
import { startRecorder } from "../support/upstream-cli-recorder";
import { type RunningWorker, startWorker } from "../support/worker";

if (!upstreamCli) console.warn("upstream-cli.test.ts skipped: run `npm run upstream-cli:install -- <checkout of mappedsky/seizu>` to run it");

const recording = process.env.UPSTREAM_CLI_RECORD === "1";
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** What an upstream seed file declares: a space with a sub-space, reports in them, the dashboard, a toolset, a skillset and a workflow. */
const seedFile = `dashboard: overview
spaces:
  upstream:
    name: Upstream space
    description: Seeded by upstream's CLI
    overview: overview
    subspaces:
      details:
        name: Details
reports:
  overview:
    name: Upstream overview
    space: upstream
    rows: []
  detail:
    name: Upstream detail
    space: upstream
    subspace: details
    pinned: true
    rows: []
toolsets:
  up_seeded:
    name: Seeded toolset
    tools:
      count_nodes:
        name: Count nodes
        cypher: MATCH (n) RETURN count(n) AS total
skillsets:
  up_seeded_skills:
    name: Seeded skills
    skills:
      count:
        name: Count
        template: Count the nodes, then explain.
        tools_required: [up_seeded__count_nodes]
workflows:
  - name: Upstream workflow
    stages:
      - activities:
          - type: query
            output: rows
            parameters: {cypher: 'UNWIND range(1, 2) AS i RETURN {n: i} AS details'}
      - activities:
          - type: log
            input: rows
            output: logged
            parameters: {log_attrs: [n]}
`;

/** Upstream refuses workflows and (deprecated) scheduled queries in one file. */
const queriesFile = `scheduled_queries:
  - name: Upstream query
    cypher: 'UNWIND range(1, 2) AS i RETURN {n: i} AS details'
    frequency: 60
    actions:
      - action_type: log
        action_config: {log_attrs: [n]}
`;

const parameters = JSON.stringify([{ name: "limit", type: "integer", description: "How many", required: false, default: 3 }]);
const skillParameters = JSON.stringify([{ name: "label", type: "string", description: "A node label", required: true }]);

describe.skipIf(!upstreamCli)("upstream Seizu's CLI against this Worker", () => {
  let worker: RunningWorker;
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  let user: ReturnType<typeof upstreamUser>;
  /** Ids the Worker made, read from what earlier commands printed, by the <name> later commands use. */
  const kept = new Map<string, string>();

  beforeAll(async () => {
    worker = await startWorker();
    recorder = await startRecorder(worker.url);
    user = upstreamUser(upstreamCli as string, recorder.url);
    user.write("seed.yaml", seedFile);
    user.write("queries.yaml", queriesFile);
    // A plugin directory, its files dated alike, so upstream zips it the same bytes every run.
    const plugin = [
      user.write(
        "up-plugin/plugin.json",
        JSON.stringify({ name: "Upstream plugin", version: "1.0.0", extensions: { "com.mappedsky.seizu": { skillsetId: "up_plugin" } } }),
      ),
      user.write("up-plugin/skills/triage/SKILL.md", skillMarkdown("triage", "Triage an alert")),
    ];
    for (const path of plugin) utimesSync(path, new Date("2026-01-01T00:00:00Z"), new Date("2026-01-01T00:00:00Z"));
  });
  afterAll(async () => {
    try {
      if (recording && recorder) await recorder.write(user.home, upstreamSourceFile);
    } finally {
      await recorder?.close();
      user?.cleanup();
      await worker?.stop();
    }
  });

  /**
   * One upstream command as a test named after its command line: `<name>` words are ids kept from
   * earlier output, $HOME the user's home. It must exit 0; `check` reads what it printed, and
   * `keep` takes ids from it for later commands.
   */
  function command(argv: string[], check: (stdout: string) => void | Promise<void> = () => {}, keep: Record<string, RegExp> = {}) {
    const line = commandLine(argv);
    (failsToday(line) ? it.fails : it)(line, async () => {
      const args = argv.map((word) => word.replace(/<(\w+)>/g, (_, name: string) => kept.get(name) ?? `<${name} never printed>`).replace("$HOME", user.home));
      recorder.begin(argv);
      const result: UpstreamResult = await user.run(args);
      recorder.end(result.code);
      expect(result.code, `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(0);
      await check(result.stdout);
      for (const [name, pattern] of Object.entries(keep)) {
        const id = pattern.exec(result.stdout)?.[1];
        expect(id, `${name} in ${result.stdout}`).toBeDefined();
        kept.set(name, id!);
      }
    });
  }
  const prints =
    (...texts: (string | RegExp)[]) =>
    (stdout: string) => {
      for (const text of texts) expect(stdout).toMatch(text);
    };

  command(["whoami"], prints(/User ID/, /Permissions/));

  command(["toolsets", "create", "up_toolset", "Upstream toolset", "-d", "made by upstream's CLI"], prints("Created: up_toolset"));
  command(["toolsets", "list"], prints(/up_toolset\s+│\s+Upstream toolset/));
  command(["toolsets", "get", "up_toolset"], prints("Name: Upstream toolset", "Description: made by upstream's CLI"));
  command(["toolsets", "update", "up_toolset", "-n", "Renamed upstream toolset", "-c", "renamed"], prints("Name: Renamed upstream toolset", "Version: 2"));
  command(["toolsets", "versions", "up_toolset"], prints(/2\s+│.*│\s+renamed/));
  command(["toolsets", "version-get", "up_toolset", "1"], prints("Name: Upstream toolset"));
  command(
    ["toolsets", "tools", "create", "up_toolset", "numbers", "-n", "Numbers", "--cypher", "UNWIND range(1, $limit) AS n RETURN n", "--parameters", parameters],
    prints("Created: numbers"),
  );
  command(["toolsets", "tools", "list", "up_toolset"], prints(/numbers\s+│\s+Numbers/));
  command(["toolsets", "tools", "get", "up_toolset", "numbers"], prints("Toolset ID: up_toolset", "UNWIND range(1, $limit) AS n RETURN n"));
  command(["toolsets", "tools", "call", "up_toolset", "numbers", "--arg", "limit=2"], prints(/┃\s+n\s+┃/, /│\s+2\s+│/));
  command(
    [
      "toolsets",
      "tools",
      "update",
      "up_toolset",
      "numbers",
      "-n",
      "Numbers",
      "--cypher",
      "UNWIND range(1, $limit) AS n RETURN n * 10 AS n",
      "--parameters",
      parameters,
      "-c",
      "tenfold",
    ],
    prints("RETURN n * 10 AS n", "Version: 2"),
  );
  command(["toolsets", "tools", "versions", "up_toolset", "numbers"], prints(/2\s+│.*│\s+tenfold/));
  command(["toolsets", "tools", "version-get", "up_toolset", "numbers", "1"], prints("UNWIND range(1, $limit) AS n RETURN n\n"));
  command(["toolsets", "tools", "call", "up_toolset", "numbers", "--arg", "limit=2", "-o", "json"], prints(/"n": 20/));
  command(["toolsets", "tools", "delete", "up_toolset", "numbers", "--yes"], prints("Deleted: numbers"));

  command(["skillsets", "create", "up_skills", "Upstream skills", "-d", "made by upstream's CLI"], prints("Created: up_skills"));
  command(["skillsets", "list"], prints(/up_skills\s+│\s+Upstream skills/));
  command(["skillsets", "get", "up_skills"], prints("Name: Upstream skills"));
  command(["skillsets", "update", "up_skills", "-n", "Renamed upstream skills", "-c", "renamed"], prints("Name: Renamed upstream skills"));
  command(["skillsets", "versions", "up_skills"], prints(/2\s+│.*│\s+renamed/));
  command(["skillsets", "version-get", "up_skills", "1"], prints("Name: Upstream skills"));
  command(
    [
      "skillsets",
      "skills",
      "create",
      "up_skills",
      "count",
      "-n",
      "Count",
      "--template",
      "Count the {% $label %} nodes.",
      "--parameters",
      skillParameters,
      "--triggers",
      '["count"]',
    ],
    prints("Created: count"),
  );
  command(["skillsets", "skills", "list", "up_skills"], prints(/count\s+│\s+Count/));
  command(["skillsets", "skills", "get", "up_skills", "count"], prints("Count the {% $label %} nodes."));
  command(["skillsets", "skills", "render", "up_skills", "count", "--args-json", '{"label": "Person"}'], prints("Count the Person nodes."));
  command(
    [
      "skillsets",
      "skills",
      "update",
      "up_skills",
      "count",
      "-n",
      "Count",
      "--template",
      "Count every {% $label %} node.",
      "--parameters",
      skillParameters,
      "-c",
      "reworded",
    ],
    prints("Count every {% $label %} node."),
  );
  command(["skillsets", "skills", "versions", "up_skills", "count"], prints(/2\s+│.*│\s+reworded/));
  command(["skillsets", "skills", "version-get", "up_skills", "count", "1"], prints("Count the {% $label %} nodes."));
  command(["skillsets", "skills", "delete", "up_skills", "count", "--yes"], prints("Deleted: count"));
  command(["skillsets", "delete", "up_skills", "--yes"], prints("Deleted: up_skills"));
  command(["toolsets", "delete", "up_toolset", "--yes"], prints("Deleted: up_toolset"));

  command(["reports", "create", "Upstream report"], prints("name='Upstream report'"), { report: new RegExp(`Created: (${UUID})`) });
  command(["reports", "list"], prints(/Upstream report/));
  command(["reports", "get", "<report>"], prints("Name: Upstream report"));
  command(["reports", "publish", "<report>"]);
  command(["reports", "set-dashboard", "<report>"]);
  command(["reports", "clone", "<report>", "Upstream report copy"], prints("name='Upstream report copy'"), { copy: new RegExp(`Cloned: (${UUID})`) });
  command(["reports", "publish", "<copy>"]);
  command(["reports", "unpublish", "<copy>"]);
  command(["reports", "versions", "<report>"], prints(/1\s+│/));
  command(["reports", "version-get", "<report>", "1"], prints("Name: Upstream report"));
  command(["reports", "delete", "<copy>", "--yes"]);

  command(["seed", "--config", "$HOME/seed.yaml", "--dry-run"], prints(/would create/));
  command(["seed", "--config", "$HOME/seed.yaml"], prints(/created/));
  command(["seed", "--config", "$HOME/queries.yaml"], prints(/created/));
  command(["seed", "--config", "$HOME/seed.yaml", "--force"], prints(/updated/));

  command(["spaces", "list"], prints("Upstream space"), { space: new RegExp(`(${UUID})\\s+│\\s+Upstream space`) });
  command(["spaces", "show", "<space>"], prints("Name: Upstream space", /Upstream detail\s+│\s+Details/));

  command(["workflows", "list"], prints("Upstream workflow"), { workflow: new RegExp(`(${UUID})\\s+│\\s+Upstream workflow`) });
  command(["workflows", "get", "<workflow>"], prints("Name: Upstream workflow", "Stages: 2"));
  command(["workflows", "run", "<workflow>"], prints("Started"));
  command(["workflows", "versions", "<workflow>"], prints(/1\s+│/));

  command(["scheduled-queries", "list"], prints("Upstream query"), { query: new RegExp(`(${UUID})\\s+│\\s+Upstream query`) });
  command(["scheduled-queries", "get", "<query>"], prints("Name: Upstream query"));
  command(["scheduled-queries", "run", "<query>"], prints("Run requested"));
  command(["scheduled-queries", "versions", "<query>"], prints(/1\s+│/));
  command(["scheduled-queries", "version-get", "<query>", "1"], prints("Name: Upstream query"));

  command(["export", "--config", "$HOME/exported.yaml"], () => {
    const exported = readFileSync(join(user.home, "exported.yaml"), "utf8");
    for (const text of ["Upstream overview", "up_seeded", "count_nodes", "up_seeded_skills", "Upstream workflow", "Upstream space"])
      expect(exported).toContain(text);
  });
  command(["seed", "--config", "$HOME/exported.yaml", "--dry-run"]);
  command(["workflows", "delete", "<workflow>", "--yes"], prints("Deleted"));
  command(["scheduled-queries", "delete", "<query>", "--yes"], prints("Deleted"));

  describe.skipIf(!upstreamHas("plugins"))("plugins (upstream's agent-plugin branch)", () => {
    command(["plugins", "validate", "$HOME/up-plugin"], prints(/"valid": true/));
    command(["plugins", "install", "$HOME/up-plugin"], prints("up_plugin"));
    command(["plugins", "list"], prints(/"plugins": \[/));
    command(["plugins", "show", "up_plugin"], prints("Upstream plugin"));
    command(["plugins", "disable", "up_plugin"], prints(/"enabled": false/));
    command(["plugins", "enable", "up_plugin"], prints(/"enabled": true/));
    command(["plugins", "download", "up_plugin", "-o", "$HOME/downloaded.zip"], prints("downloaded.zip"));
    command(["plugins", "remove", "up_plugin", "--yes"], async () => {
      expect((await rest(worker.url, "GET", "/plugins/up_plugin")).status).toBe(404);
    });
  });
});
