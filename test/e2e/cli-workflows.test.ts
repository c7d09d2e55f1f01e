// `seizu workflows ...`, `seizu scheduled-queries ...` and the seed file's workflows: and
// scheduled_queries: sections end to end: the real binary (node cli/seizu.mjs) against the
// Worker under `wrangler dev`, whose runs complete there (a requested run starts at once).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cliOnWorker, failsWith, ok, type Cli } from "../support/cli";
import { rest } from "../support/rest";
import type { RunningWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
const suffix = Date.now().toString(36);
/** A run finishes in seconds; --wait gives up well before the test does. */
const WAIT = ["--wait", "--timeout", "90"];

cliOnWorker((stack) => ({ worker, cli } = stack));

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A YAML stage item, each line indented by `indent`: a query whose row carries a `details` map. */
const detailsStage = (indent: string) =>
  `- activities:
    - type: query
      output: nodes
      parameters:
        cypher: |
          MATCH (n)
          RETURN {total: count(n)} AS details
`.replace(/^(?=.)/gm, indent);

/** The details stage, then a log stage over it. */
const definition = (name: string, schedule = "{type: daily, days_of_week: [0, 1, 2, 3, 4], hour: 2, minute: 30}") => `name: ${name}
schedule: ${schedule}
stages:
${detailsStage("  ")}  - activities:
      - type: log
        input: nodes
        output: logged
        parameters: {log_attrs: [total]}
`;

describe("seizu workflows", () => {
  const name = `CLI workflow ${suffix}`;
  let id: string;

  it("lists the activity types with their parameters", async () => {
    const types = ok(await cli.run(["workflows", "activity-types", "--output", "json"])).json().activity_types as { type: string }[];
    expect(types.map((type) => type.type)).toEqual(expect.arrayContaining(["query", "log"]));
    const table = ok(await cli.run(["workflows", "activity-types"])).stdout;
    expect(table).toMatch(/^TYPE\s+INPUT\s+PARAMETERS\s+DESCRIPTION$/m);
    expect(table).toMatch(/^query\s+optional\s+.*cypher\*: text/m);
  });

  it("creates a workflow from a definition file and lists it with its schedule in words", async () => {
    const file = cli.write("workflows/create.yaml", definition(name));
    const created = ok(await cli.run(["workflows", "create", "--file", file, "--comment", "first", "--output", "json"])).json();
    expect(created).toMatchObject({ name, kind: "workflow", enabled: true, current_version: 1, last_run_status: null });
    id = created.workflow_id;

    const list = ok(await cli.run(["workflows", "list"])).stdout;
    expect(list.split("\n")[0]).toMatch(/^ID\s+NAME\s+KIND\s+ENABLED\s+SCHEDULE\s+LAST RUN\s+NEXT DUE$/);
    expect(list).toMatch(new RegExp(`^${id}\\s+${literal(name)}\\s+workflow\\s+yes\\s+Mon, Tue, Wed, Thu, Fri at 02:30 UTC\\s+never\\s+\\S+T\\S+Z$`, "m"));

    const shown = ok(await cli.run(["workflows", "get", id])).stdout;
    expect(shown).toMatch(/^schedule:\s+Mon, Tue, Wed, Thu, Fri at 02:30 UTC$/m);
    expect(shown).toMatch(/^1\s+query\s+nodes\s+\{"cypher":/m);
    expect(shown).toMatch(/^2\s+log\s+logged\s+nodes\s+\{"log_attrs":\["total"\]/m);
  });

  it("refuses a definition whose input names no earlier output, naming the field", async () => {
    const file = cli.write("workflows/bad.yaml", definition(`Bad ${suffix}`).replace("input: nodes", "input: missing"));
    const line = failsWith(await cli.run(["workflows", "create", "--file", file]), 1);
    expect(line).toMatch(/^seizu: .*stages\.1\.activities\.0\.input: references output 'missing' that is not produced by an earlier stage.* \(HTTP 422\)$/);
  });

  it("updates from a file based on the current version, refuses a stale base version, and restores an old version", async () => {
    const file = cli.write(
      "workflows/update.yaml",
      definition(name, "{type: interval, interval_minutes: 720}").replace("schedule:", "enabled: false\nschedule:"),
    );
    expect(ok(await cli.run(["workflows", "update", id, "--file", file, "--comment", "twice a day"])).stdout).toBe(`updated workflow ${id} to version 2\n`);
    const stale = failsWith(await cli.run(["workflows", "update", id, "--file", file, "--base-version", "1"]), 1);
    expect(stale).toMatch(/\(HTTP 409\)$/);

    // A file saved from `get --output json` is taken as it is.
    const saved = cli.write("workflows/saved.json", ok(await cli.run(["workflows", "get", id, "--output", "json"])).stdout);
    expect(ok(await cli.run(["workflows", "update", id, "--file", saved, "--comment", "as got"])).stdout).toBe(`updated workflow ${id} to version 3\n`);

    const list = ok(await cli.run(["workflows", "list"])).stdout;
    expect(list).toMatch(new RegExp(`^${id}\\s+${literal(name)}\\s+workflow\\s+no\\s+every 720 minutes\\s+never$`, "m"));

    const versions = ok(await cli.run(["workflows", "versions", id])).stdout;
    expect(versions.split("\n")[0]).toMatch(/^VERSION\s+NAME\s+AUTHOR\s+CREATED\s+COMMENT$/);
    expect(versions).toMatch(/^3\s.*\sas got$/m);
    expect(versions).toMatch(/^2\s.*\stwice a day$/m);
    expect(versions).toMatch(/^1\s.*\sfirst$/m);
    expect(ok(await cli.run(["workflows", "version-get", id, "1"])).stdout).toMatch(/^schedule:\s+Mon, Tue, Wed, Thu, Fri at 02:30 UTC$/m);

    expect(ok(await cli.run(["workflows", "restore", id, "1"])).stdout).toBe(`restored workflow ${id} from version 1 as version 4\n`);
    const restored = ok(await cli.run(["workflows", "get", id, "--output", "json"])).json();
    expect(restored).toMatchObject({ current_version: 4, enabled: true, schedule: { type: "daily", hour: 2, minute: 30 } });
    const newest = ok(await cli.run(["workflows", "version-get", id, "4", "--output", "json"])).json();
    expect(newest.comment).toBe("Restored from version 1");
  });

  it("runs it and waits: every activity's detail, then the run in the history", async () => {
    const result = ok(await cli.run(["workflows", "run", id, ...WAIT]));
    const runId = /^requested run (\S+) of workflow /.exec(result.stdout)?.[1];
    expect(runId, result.stdout).toBeTruthy();
    expect(result.stdout).toMatch(/^status:\s+succeeded$/m);
    expect(result.stdout).toMatch(/^STAGE\s+OUTPUT\s+TYPE\s+STATUS\s+ROWS IN\s+ROWS OUT\s+MS\s+RESULT\s+ERROR$/m);
    expect(result.stdout).toMatch(/^1\s+nodes\s+query\s+succeeded\s+1\s/m);
    expect(result.stdout).toMatch(/^2\s+logged\s+log\s+succeeded\s+1\s.*"rows_logged":1/m);

    const runs = ok(await cli.run(["workflows", "runs", id])).stdout;
    expect(runs.split("\n")[0]).toMatch(/^RUN\s+TRIGGER\s+STATUS\s+SCHEDULED FOR\s+STARTED\s+FINISHED\s+VERSION\s+ERROR$/);
    expect(runs).toMatch(new RegExp(`^${literal(runId!)}\\s+manual\\s+succeeded\\s`, "m"));
    const run = ok(await cli.run(["workflows", "run-get", id, runId!, "--output", "json"])).json();
    expect(run).toMatchObject({ run_id: runId, workflow_id: id, status: "succeeded", trigger: "manual", workflow_version: 4 });
    expect(run.activities.map((activity: { output: string; status: string }) => [activity.output, activity.status])).toEqual([
      ["nodes", "succeeded"],
      ["logged", "succeeded"],
    ]);
    const list = ok(await cli.run(["workflows", "list"])).stdout;
    expect(list).toMatch(new RegExp(`^${id}\\s.*\\ssucceeded \\S+Z\\s`, "m"));
  });

  it("run without --wait prints the request; --output json gives run_id and run_requested_at", async () => {
    const requested = ok(await cli.run(["workflows", "run", id, "--output", "json"])).json();
    expect(requested).toMatchObject({ workflow_id: id, run_id: expect.any(String), run_requested_at: expect.any(String) });
    // Let it finish, so that the later delete does not race a running instance.
    const followed = ok(await cli.run(["workflows", "run", id, ...WAIT, "--output", "json"])).json();
    expect(followed.run).toMatchObject({ run_id: followed.run_id, status: "succeeded" });
  });

  it("exits 1 when the run fails, after showing what failed", async () => {
    // The log activity acts on each row's `details` map, which this query does not return.
    const file = cli.write(
      "workflows/failing.yaml",
      definition(`Failing ${suffix}`).replace("RETURN {total: count(n)} AS details", "RETURN count(n) AS total"),
    );
    const failing = ok(await cli.run(["workflows", "create", "--file", file, "--output", "json"])).json().workflow_id as string;
    const result = await cli.run(["workflows", "run", failing, ...WAIT]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/^status:\s+failed$/m);
    expect(result.stdout).toMatch(/^2\s+logged\s+log\s+failed\s.*details/m);
    expect(result.stderr).toMatch(/^seizu: run \S+ failed/);
    ok(await cli.run(["workflows", "delete", "--yes", failing]));
  });

  it("deletes it", async () => {
    expect(ok(await cli.run(["workflows", "delete", "--yes", id, "--output", "json"])).json()).toEqual({ deleted: true, workflow_id: id });
    expect(failsWith(await cli.run(["workflows", "get", id]), 1)).toMatch(/\(HTTP 404\)$/);
  });
});

describe("seizu scheduled-queries", () => {
  const name = `CLI query ${suffix}`;
  const query = (frequency: number) => `name: ${name}
cypher: "MATCH (n) RETURN {total: count(n)} AS details"
frequency: ${frequency}
enabled: false
actions:
  - action_type: log
    action_config: {log_attrs: [total]}
`;

  it("creates, lists, updates, shows versions, runs and deletes a scheduled query", async () => {
    const created = ok(await cli.run(["scheduled-queries", "create", "--file", cli.write("queries/q.yaml", query(1440)), "--output", "json"])).json();
    expect(created).toMatchObject({ name, frequency: 1440, enabled: false, current_version: 1 });
    const id = created.scheduled_query_id as string;

    const list = ok(await cli.run(["scheduled-queries", "list"])).stdout;
    expect(list).toMatch(new RegExp(`^${id}\\s+${literal(name)}\\s+no\\s+every 1440 minutes \\(frequency\\)\\s+log\\s+never`, "m"));
    // The workflows list shows it too, as a scheduled query projected to stages.
    expect(ok(await cli.run(["workflows", "list"])).stdout).toMatch(
      new RegExp(`^${id}\\s+${literal(name)}\\s+scheduled_query\\s+no\\s+every 1440 minutes \\(frequency\\)\\s`, "m"),
    );

    expect(ok(await cli.run(["scheduled-queries", "update", id, "--file", cli.write("queries/q2.yaml", query(60)), "--comment", "hourly"])).stdout).toBe(
      `updated scheduled query ${id} to version 2\n`,
    );
    expect(ok(await cli.run(["scheduled-queries", "versions", id])).stdout).toMatch(/^2\s.*\shourly$/m);
    expect(ok(await cli.run(["scheduled-queries", "version-get", id, "1"])).stdout).toMatch(/^schedule:\s+every 1440 minutes \(frequency\)$/m);
    expect(ok(await cli.run(["scheduled-queries", "get", id])).stdout).toMatch(/^cypher:\s+MATCH \(n\) RETURN \{total: count\(n\)\} AS details$/m);

    // A disabled scheduled query still runs on request.
    const ran = ok(await cli.run(["scheduled-queries", "run", id, ...WAIT, "--output", "json"])).json();
    expect(ran).toMatchObject({ scheduled_query_id: id, run: { status: "succeeded", trigger: "manual" } });
    expect(ok(await cli.run(["scheduled-queries", "runs", id])).stdout).toMatch(new RegExp(`^${literal(ran.run.run_id)}\\s+manual\\s+succeeded\\s`, "m"));
    expect(ok(await cli.run(["scheduled-queries", "run-get", id, ran.run.run_id])).stdout).toMatch(/^status:\s+succeeded$/m);

    expect(ok(await cli.run(["scheduled-queries", "delete", "--yes", id])).stdout).toBe(`deleted scheduled query ${id}\n`);
    expect((await rest(worker.url, "GET", `/scheduled-queries/${id}`)).status).toBe(404);
  });
});

describe("the seed file's workflows: and scheduled_queries: sections", () => {
  const toolset = `seed_wf_${suffix}`;
  const first = `Seeded workflow ${suffix}`;
  const second = `Seeded chain ${suffix}`;
  const queryName = `Seeded query ${suffix}`;
  const yaml = (hour = 2) => `toolsets:
  ${toolset}:
    name: With workflows
workflows:
  - name: ${first}
    schedule: {type: daily, days_of_week: [5, 6], hour: ${hour}}
    stages:
${detailsStage("      ")}      - activities:
          - {type: log, input: nodes, output: logged, parameters: {log_attrs: [total]}}
  - name: ${second}
    stages:
      - activities:
          - {type: query, output: one, parameters: {cypher: "RETURN 1 AS x"}}
scheduled_queries:
  - name: ${queryName}
    cypher: "MATCH (n) RETURN {total: count(n)} AS details"
    schedule: {type: monthly, days_of_month: [1]}
    actions:
      - {action_type: log, action_config: {log_attrs: [total]}}
`;
  const names = async (path: string, key: string) => ((await rest(worker.url, "GET", path)).body[key] as { name: string }[]).map((entry) => entry.name);

  it("seeds both sections with the toolsets, and is a no-op the second time", async () => {
    const file = cli.write("seed-workflows/config.yaml", yaml());
    const result = ok(await cli.run(["seed", "--config", file]));
    expect(result.stdout).toMatch(/^workflows: 2 created, 0 updated, 0 unchanged$/m);
    expect(result.stdout).toMatch(/^scheduled queries: 1 created, 0 updated, 0 unchanged$/m);
    expect(result.stdout).toMatch(new RegExp(`^created\\s+${literal(first)}$`, "m"));
    expect(await names("/workflows", "workflows")).toEqual(expect.arrayContaining([first, second, queryName]));
    expect(await names("/scheduled-queries", "scheduled_queries")).toContain(queryName);

    const again = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(again.workflows).toEqual({ dry_run: false, created: [], updated: [], unchanged: [first, second] });
    expect(again.scheduled_queries).toMatchObject({ created: [], updated: [], unchanged: [queryName] });

    const changed = cli.write("seed-workflows/config.yaml", yaml(4));
    const dry = ok(await cli.run(["seed", "--config", changed, "--dry-run", "--output", "json"])).json();
    expect(dry.workflows).toMatchObject({ dry_run: true, updated: [first] });
    const updated = ok(await cli.run(["seed", "--config", changed, "--output", "json"])).json();
    expect(updated.workflows).toMatchObject({ updated: [first], unchanged: [second] });
  });

  it("writes nothing of any section when a workflow's input names no earlier output, naming file:line:column", async () => {
    const bad = `Bad seeded ${suffix}`;
    const file = cli.write(
      "seed-workflows/bad.yaml",
      yaml().replace(`name: ${first}`, `name: ${bad}`).replace("input: nodes", "input: node").replace(`  ${toolset}:`, `  ${toolset}_new:`),
    );
    const result = await cli.run(["seed", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^${literal(file)}:16:\\d+: workflows\\.0\\.stages\\.1\\.activities\\.0\\.input: references output 'node' that is not produced by an earlier stage$`,
        "m",
      ),
    );
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}_new`)).status).toBe(404);
    expect(await names("/workflows", "workflows")).not.toContain(bad);
  });

  it("writes nothing when the server refuses a later section, and names duplicate names by index", async () => {
    // A write clause passes the local schema check; the server's dry run of the scheduled_queries: section refuses it.
    const file = cli.write(
      "seed-workflows/server-bad.yaml",
      yaml()
        .replace(`  ${toolset}:`, `  ${toolset}_other:`)
        .replace(`name: ${second}`, `name: Second renamed ${suffix}`)
        .replace(`cypher: "MATCH (n) RETURN {total: count(n)} AS details"\n    schedule`, `cypher: "MATCH (n) DETACH DELETE n"\n    schedule`),
    );
    const result = await cli.run(["seed", "--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^${literal(file)}:\\d+:\\d+: scheduled_queries\\.0\\.cypher`, "m"));
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}_other`)).status).toBe(404);
    expect(await names("/workflows", "workflows")).not.toContain(`Second renamed ${suffix}`);

    const duplicate = cli.write("seed-workflows/duplicate.yaml", yaml().replace(`name: ${second}`, `name: ${first}`));
    const refused = await cli.run(["seed", "--config", duplicate]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`: workflows\\.1\\.name: '${literal(first)}' is also the name of workflows\\.0`));
  });

  it("exports both sections, keeping the file's other sections, and seeding the export changes nothing", async () => {
    const file = cli.write("seed-workflows/export.yaml", "# kept\nother_tool: []\n");
    const summary = ok(await cli.run(["export", "--config", file, "--output", "json"])).json();
    expect(summary.workflows).toBeGreaterThanOrEqual(2);
    expect(summary.scheduled_queries).toBeGreaterThanOrEqual(1);
    const written = readFileSync(file, "utf8");
    expect(written.startsWith("# kept\nother_tool: []\n")).toBe(true);
    const parsed = parse(written);
    expect(parsed.workflows.find((entry: { name: string }) => entry.name === first)).toMatchObject({
      schedule: { type: "daily", days_of_week: [5, 6], hour: 4 },
      stages: [{ activities: [{ type: "query", output: "nodes" }] }, { activities: [{ type: "log", input: "nodes" }] }],
    });
    // Multi-line Cypher is written as a literal block, short lists of values in flow style.
    expect(written).toContain("days_of_week: [5, 6]");
    expect(written).toMatch(/cypher: \|-?\n\s+MATCH \(n\)\n\s+RETURN \{total: count\(n\)\} AS details\n/);
    expect(parsed.scheduled_queries.map((entry: { name: string }) => entry.name)).toContain(queryName);

    const reseeded = ok(await cli.run(["seed", "--config", file, "--output", "json"])).json();
    expect(reseeded.workflows).toMatchObject({ created: [], updated: [] });
    expect(reseeded.scheduled_queries).toMatchObject({ created: [], updated: [] });
  });
});
