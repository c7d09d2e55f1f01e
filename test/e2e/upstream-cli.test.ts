// Drop-in for Seizu (issue 25): upstream Seizu's own CLI, unchanged, manages this Worker. Skipped,
// saying so, where upstream's CLI is not installed (test/support/upstream-cli.ts says why).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rest } from "../support/rest";
import { upstreamCli, upstreamUser, type UpstreamResult } from "../support/upstream-cli";
import { startWorker, type RunningWorker } from "../support/worker";

if (!upstreamCli) console.warn("upstream-cli.test.ts skipped: run `npm run upstream-cli:install -- <checkout of mappedsky/seizu>` to run it");

const suffix = Date.now().toString(36);

/** Asserts exit 0, showing what the command said when it did not. */
function ok(result: UpstreamResult): UpstreamResult {
  expect(result.code, `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`).toBe(0);
  return result;
}
/** What `-o json` printed: upstream's CLI prints the API's answer as it came. */
const json = (result: UpstreamResult) => JSON.parse(ok(result).stdout);
/** The items of a list answer (`{"reports": [...]}` and so on). */
const items = <T = Record<string, unknown>>(result: UpstreamResult, field: string): T[] => json(result)[field];

describe.skipIf(!upstreamCli)("upstream Seizu's CLI against this Worker", () => {
  let worker: RunningWorker;
  let user: ReturnType<typeof upstreamUser>;
  beforeAll(async () => {
    worker = await startWorker();
    user = upstreamUser(upstreamCli as string, worker.url);
  });
  afterAll(async () => {
    user?.cleanup();
    await worker?.stop();
  });

  it("creates, lists, shows, renames and deletes a toolset", async () => {
    const id = `up_${suffix}`;
    ok(await user.run(["toolsets", "create", id, "Upstream toolset", "-d", "made by upstream's CLI"]));
    expect(json(await user.run(["toolsets", "get", id, "-o", "json"]))).toMatchObject({ toolset_id: id, name: "Upstream toolset" });
    expect(ok(await user.run(["toolsets", "list"])).stdout).toContain(id);
    ok(await user.run(["toolsets", "update", id, "-n", "Renamed upstream toolset", "-c", "renamed"]));
    expect(items(await user.run(["toolsets", "versions", id, "-o", "json"]), "versions")).toHaveLength(2);
    ok(await user.run(["toolsets", "delete", id, "--yes"]));
    expect((await rest(worker.url, "GET", `/toolsets/${id}`)).status).toBe(404);
  });

  it("creates a tool with parameters, calls it, changes it and deletes it", async () => {
    const toolset = `up_tools_${suffix}`;
    ok(await user.run(["toolsets", "create", toolset, "Upstream tools"]));
    const parameters = JSON.stringify([{ name: "limit", type: "integer", description: "How many", required: false, default: 3 }]);
    ok(
      await user.run([
        "toolsets",
        "tools",
        "create",
        toolset,
        "numbers",
        "-n",
        "Numbers",
        "--cypher",
        "UNWIND range(1, $limit) AS n RETURN n",
        "--parameters",
        parameters,
      ]),
    );
    expect(json(await user.run(["toolsets", "tools", "get", toolset, "numbers", "-o", "json"]))).toMatchObject({ tool_id: "numbers", toolset_id: toolset });
    const called = json(await user.run(["toolsets", "tools", "call", toolset, "numbers", "--arg", "limit=2", "-o", "json"]));
    expect(JSON.stringify(called)).toContain('"n":2');
    ok(
      await user.run([
        "toolsets",
        "tools",
        "update",
        toolset,
        "numbers",
        "-n",
        "Numbers",
        "--cypher",
        "UNWIND range(1, $limit) AS n RETURN n * 10 AS n",
        "--parameters",
        parameters,
      ]),
    );
    expect(items(await user.run(["toolsets", "tools", "versions", toolset, "numbers", "-o", "json"]), "versions")).toHaveLength(2);
    ok(await user.run(["toolsets", "tools", "delete", toolset, "numbers", "--yes"]));
    ok(await user.run(["toolsets", "delete", toolset, "--yes"]));
  });

  it("creates a report, publishes it, makes it the dashboard, clones it and deletes the clone", async () => {
    const name = `Upstream report ${suffix}`;
    ok(await user.run(["reports", "create", name]));
    const listed = items<{ report_id: string; name: string }>(await user.run(["reports", "list", "-o", "json"]), "reports");
    const report = listed.find((item) => item.name === name);
    expect(report).toBeDefined();
    const id = report!.report_id;
    ok(await user.run(["reports", "publish", id]));
    ok(await user.run(["reports", "set-dashboard", id]));
    expect((await rest(worker.url, "GET", "/reports/dashboard")).body).toMatchObject({ report_id: id });
    ok(await user.run(["reports", "clone", id, `${name} copy`]));
    const copy = items<{ report_id: string; name: string }>(await user.run(["reports", "list", "-o", "json"]), "reports").find(
      (item) => item.name === `${name} copy`,
    );
    ok(await user.run(["reports", "delete", copy!.report_id, "--yes"]));
    expect(items(await user.run(["reports", "versions", id, "-o", "json"]), "versions")).not.toHaveLength(0);
  });

  it("seeds an upstream seed file, runs its workflow and scheduled query, and exports it back", async () => {
    const file = user.write(
      "seed.yaml",
      [
        "toolsets:",
        `  up_seed_${suffix}:`,
        "    name: Seeded toolset",
        "    tools:",
        "      count_nodes:",
        "        name: Count nodes",
        "        cypher: MATCH (n) RETURN count(n) AS total",
        "workflows:",
        `  - name: Upstream workflow ${suffix}`,
        "    stages:",
        "      - activities:",
        "          - type: query",
        "            output: rows",
        "            parameters: {cypher: 'UNWIND range(1, 2) AS i RETURN {n: i} AS details'}",
        "      - activities:",
        "          - type: log",
        "            input: rows",
        "            output: logged",
        "            parameters: {log_attrs: [n]}",
        "",
      ].join("\n"),
    );
    ok(await user.run(["seed", "--config", file, "--dry-run"]));
    expect((await rest(worker.url, "GET", `/toolsets/up_seed_${suffix}`)).status).toBe(404);
    ok(await user.run(["seed", "--config", file]));
    // Upstream refuses workflows and (deprecated) scheduled queries in one file.
    const queriesFile = user.write(
      "queries.yaml",
      [
        "scheduled_queries:",
        `  - name: Upstream query ${suffix}`,
        "    cypher: 'UNWIND range(1, 2) AS i RETURN {n: i} AS details'",
        "    frequency: 60",
        "    actions:",
        "      - action_type: log",
        "        action_config: {log_attrs: [n]}",
        "",
      ].join("\n"),
    );
    ok(await user.run(["seed", "--config", queriesFile]));
    expect((await rest(worker.url, "GET", `/toolsets/up_seed_${suffix}/tools/count_nodes`)).body).toMatchObject({ name: "Count nodes" });

    const workflows = items<{ workflow_id: string; name: string }>(await user.run(["workflows", "list", "-o", "json"]), "workflows");
    const workflow = workflows.find((item) => item.name === `Upstream workflow ${suffix}`);
    expect(workflow).toBeDefined();
    ok(await user.run(["workflows", "run", workflow!.workflow_id]));
    const queries = items<{ scheduled_query_id: string; name: string }>(await user.run(["scheduled-queries", "list", "-o", "json"]), "scheduled_queries");
    const query = queries.find((item) => item.name === `Upstream query ${suffix}`);
    expect(query).toBeDefined();
    ok(await user.run(["scheduled-queries", "run", query!.scheduled_query_id]));
    expect(items(await user.run(["scheduled-queries", "versions", query!.scheduled_query_id, "-o", "json"]), "versions")).toHaveLength(1);

    const exported = user.write("exported.yaml", "");
    ok(await user.run(["export", "--config", exported]));
    ok(await user.run(["seed", "--config", exported, "--dry-run"]));
    ok(await user.run(["workflows", "delete", workflow!.workflow_id, "--yes"]));
    ok(await user.run(["scheduled-queries", "delete", query!.scheduled_query_id, "--yes"]));
  });
});
