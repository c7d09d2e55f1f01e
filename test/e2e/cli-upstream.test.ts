// The `seizu` CLI called as upstream Seizu's CLI is called (mappedsky/seizu, seizu_cli/): its
// global options and seizu.conf, its short flags and --parameters, delete asking first, its
// skillsets, plugins, reports and spaces commands, and workflows, scheduled queries and spaces
// named by their name. The real binary against the Worker under `wrangler dev`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { cliOnWorker, failsWith, ok, type Cli } from "../support/cli";
import { skillMarkdown } from "../support/plugin-zip";
import { rest } from "../support/rest";
import type { RunningWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
const suffix = Date.now().toString(36);

cliOnWorker((stack) => ({ worker, cli } = stack));

/** Without SEIZU_SERVER: only what the call itself names reaches the Worker. */
const NO_SERVER = { SEIZU_SERVER: undefined };

describe("upstream's global options and seizu.conf", () => {
  it("connects to the api_url of an upstream seizu.conf", async () => {
    cli.writeConf(`api_url: ${worker.url}\nseed_file: ~/dashboards/reporting.yaml\n`);
    try {
      expect(ok(await cli.run(["toolsets", "list", "--output", "json"], NO_SERVER)).json().toolsets).toEqual(expect.any(Array));
    } finally {
      cli.writeConf("");
    }
  });

  it("connects to --api-url, and to SEIZU_API_URL", async () => {
    expect(ok(await cli.run(["--api-url", worker.url, "toolsets", "list", "--output", "json"], NO_SERVER)).json().toolsets).toEqual(expect.any(Array));
    expect(ok(await cli.run(["toolsets", "list", "--output", "json"], { ...NO_SERVER, SEIZU_API_URL: worker.url })).json().toolsets).toEqual(expect.any(Array));
  });

  it("reads the seizu.conf --config-file names", async () => {
    const conf = cli.write("elsewhere/seizu.conf", `api_url: ${worker.url}\n`);
    expect(ok(await cli.run(["--config-file", conf, "toolsets", "list", "--output", "json"], NO_SERVER)).json().toolsets).toEqual(expect.any(Array));
  });

  it("refuses --server and --api-url naming different servers", async () => {
    const line = failsWith(await cli.run(["--server", worker.url, "--api-url", "http://127.0.0.1:9", "toolsets", "list"]), 2);
    expect(line).toContain("--server and --api-url name the same setting: give one of them");
  });

  it("refuses to log in to a server that names no OpenID provider, saying what to do instead", async () => {
    expect(failsWith(await cli.run(["login"]), 2)).toBe(
      `seizu: ${worker.url} names no OpenID provider to sign in with (its OIDC_AUTHORITY and OIDC_CLIENT_ID are unset); pass a token with --token or SEIZU_TOKEN`,
    );
  });

  it("refuses server: and api_url: naming different servers in one seizu.conf, naming the file", async () => {
    const conf = cli.write("both/seizu.conf", `server: ${worker.url}\napi_url: http://127.0.0.1:9\n`);
    expect(failsWith(await cli.run(["--config-file", conf, "toolsets", "list"], NO_SERVER), 2)).toContain(`server and api_url in ${conf}`);
  });
});

describe("upstream's flags", () => {
  const toolset = `up_ts_${suffix}`;

  it("takes -o after the command", async () => {
    expect(ok(await cli.run(["toolsets", "list", "-o", "json"])).json().toolsets).toEqual(expect.any(Array));
  });

  it("creates and updates a toolset with -d, -n and -c", async () => {
    ok(await cli.run(["toolsets", "create", toolset, "Upstream", "-d", "first"]));
    ok(await cli.run(["toolsets", "update", toolset, "-n", "Renamed", "-d", "second", "-c", "why"]));
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}`)).body).toMatchObject({ name: "Renamed", description: "second", version: 2 });
    const versions = (await rest(worker.url, "GET", `/toolsets/${toolset}/versions`)).body.versions as { comment: string | null }[];
    expect(versions[0]!.comment).toBe("why");
  });

  it("creates and updates a tool with -n, -d, -c and --parameters JSON", async () => {
    const parameters = JSON.stringify([{ name: "limit", type: "integer", default: 5 }]);
    ok(
      await cli.run([
        "toolsets",
        "tools",
        "create",
        toolset,
        "count",
        "-n",
        "Count",
        "-d",
        "counts",
        "--cypher",
        "RETURN $limit AS n",
        "--parameters",
        parameters,
      ]),
    );
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}/tools/count`)).body).toMatchObject({
      name: "Count",
      description: "counts",
      parameters: [{ name: "limit", type: "integer", default: 5 }],
    });
    const changed = JSON.stringify([{ name: "limit", type: "integer", default: 7, required: false }]);
    ok(await cli.run(["toolsets", "tools", "update", toolset, "count", "-n", "Counter", "-c", "seven", "--parameters", changed]));
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}/tools/count`)).body).toMatchObject({
      name: "Counter",
      parameters: [{ default: 7 }],
      version: 2,
    });
  });

  it("refuses --parameters that is not a JSON array, and --parameters with --param", async () => {
    const base = ["toolsets", "tools", "create", toolset, "bad", "-n", "Bad", "--cypher", "RETURN 1 AS n"];
    expect(failsWith(await cli.run([...base, "--parameters", "{}"]), 2)).toContain("--parameters must be a JSON array of parameters");
    expect(failsWith(await cli.run([...base, "--parameters", "[]", "--param", "a:string"]), 2)).toContain("use one of --param, --params-json and --parameters");
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}/tools/bad`)).status).toBe(404);
  });

  it("refuses to delete without --yes where there is no terminal to ask on, deleting nothing", async () => {
    const line = failsWith(await cli.run(["toolsets", "delete", toolset]), 2);
    expect(line).toBe(`seizu: not deleting toolset ${toolset} without asking, and there is no terminal to ask on: pass --yes to delete without asking`);
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}`)).status).toBe(200);
  });

  it("asks on a terminal, and deletes nothing unless the answer is yes", async () => {
    const refused = await cli.runInTerminal(["toolsets", "delete", toolset], "n\n");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`Delete toolset ${toolset}? [y/N]: `);
    expect(refused.stdout).toContain("seizu: not confirmed: nothing was deleted");
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}`)).status).toBe(200);

    const confirmed = await cli.runInTerminal(["toolsets", "delete", toolset], "y\n");
    expect(confirmed.code, confirmed.stdout).toBe(0);
    expect(confirmed.stdout).toContain(`deleted toolset ${toolset}`);
    expect((await rest(worker.url, "GET", `/toolsets/${toolset}`)).status).toBe(404);
  });

  it("deletes without asking with -y", async () => {
    const other = `${toolset}_y`;
    ok(await cli.run(["toolsets", "create", other, "Other"]));
    expect(ok(await cli.run(["toolsets", "delete", other, "-y"])).stdout).toBe(`deleted toolset ${other}\n`);
  });
});

describe("seizu skillsets", () => {
  const skillset = `up_ss_${suffix}`;

  it("creates, lists, shows and updates a skillset as upstream's commands do", async () => {
    expect(ok(await cli.run(["skillsets", "create", skillset, "Analysis", "-d", "for analysts"])).stdout).toBe(`created skillset ${skillset} (version 1)\n`);
    expect(ok(await cli.run(["skillsets", "list"])).stdout).toMatch(new RegExp(`^${skillset}\\s+Analysis\\s+yes\\s+1\\s+for analysts$`, "m"));
    expect(ok(await cli.run(["skillsets", "get", skillset, "-o", "json"])).json()).toMatchObject({ id: skillset, name: "Analysis" });
    ok(await cli.run(["skillsets", "update", skillset, "-n", "Analysis 2", "-d", "changed", "--disabled", "-c", "rename"]));
    expect((await rest(worker.url, "GET", `/skillsets/${skillset}`)).body).toMatchObject({
      name: "Analysis 2",
      description: "changed",
      enabled: false,
      version: 2,
    });
  });

  it("lists the skillset's versions and shows one", async () => {
    expect(ok(await cli.run(["skillsets", "versions", skillset])).stdout).toMatch(/^2\s+\S+\s+\S+\s+rename$/m);
    expect(ok(await cli.run(["skillsets", "version-get", skillset, "1"])).stdout).toMatch(/^name:\s+Analysis$/m);
  });

  it("creates a skill with --template, --parameters, --triggers and --tools-required, and renders it", async () => {
    const created = await cli.run([
      "skillsets",
      "skills",
      "create",
      skillset,
      "explain",
      "-n",
      "Explain",
      "--template",
      "Explain {% $topic %}.",
      "-d",
      "explains",
      "--parameters",
      JSON.stringify([{ name: "topic", type: "string", description: "what to explain" }]),
      "--triggers",
      JSON.stringify(["explain"]),
      "--tools-required",
      JSON.stringify(["graph__schema"]),
    ]);
    expect(ok(created).stdout).toBe(`created skill ${skillset}/explain (version 1)\n`);
    expect((await rest(worker.url, "GET", `/skillsets/${skillset}/skills/explain`)).body).toMatchObject({
      name: "Explain",
      parameters: [{ name: "topic" }],
      triggers: ["explain"],
      tools_required: ["graph__schema"],
    });
    expect(ok(await cli.run(["skillsets", "skills", "list", skillset])).stdout).toMatch(
      new RegExp(`^explain\\s+Explain\\s+yes\\s+1\\s+explains\\s+${skillset}__explain$`, "m"),
    );
    ok(await cli.run(["skillsets", "update", skillset, "--enabled"]));
    const rendered = ok(await cli.run(["skillsets", "skills", "render", skillset, "explain", "--args-json", '{"topic": "graphs"}', "-o", "text"]));
    expect(rendered.stdout).toBe("Explain graphs.\n");
  });

  it("updates a skill with -n and -c, lists its versions and shows one", async () => {
    ok(
      await cli.run(["skillsets", "skills", "update", skillset, "explain", "-n", "Explain it", "--template", "Explain {% $topic %} briefly.", "-c", "shorter"]),
    );
    expect(ok(await cli.run(["skillsets", "skills", "versions", skillset, "explain"])).stdout).toMatch(/^2\s+\S+\s+\S+\s+shorter$/m);
    expect(ok(await cli.run(["skillsets", "skills", "version-get", skillset, "explain", "1"])).stdout).toMatch(/^template:\s+Explain \{% \$topic %\}\.$/m);
    expect(ok(await cli.run(["skillsets", "skills", "get", skillset, "explain"])).stdout).toMatch(/^name:\s+Explain it$/m);
  });

  it("refuses --triggers that is not a JSON array, creating nothing", async () => {
    const result = await cli.run(["skillsets", "skills", "create", skillset, "bad", "-n", "Bad", "--template", "x", "--triggers", "explain"]);
    expect(failsWith(result, 2)).toContain("--triggers is not valid JSON");
    expect((await rest(worker.url, "GET", `/skillsets/${skillset}/skills/bad`)).status).toBe(404);
  });

  it("deletes a skill and the skillset with --yes", async () => {
    expect(ok(await cli.run(["skillsets", "skills", "delete", skillset, "explain", "--yes"])).stdout).toBe(`deleted skill ${skillset}/explain\n`);
    expect(ok(await cli.run(["skillsets", "delete", skillset, "-y"])).stdout).toBe(`deleted skillset ${skillset}\n`);
    expect((await rest(worker.url, "GET", `/skillsets/${skillset}`)).status).toBe(404);
  });
});

describe("upstream's plugins, reports and spaces commands", () => {
  const plugin = `up_pl_${suffix}`;

  function pluginDirectory(id: string) {
    cli.write(`${id}/plugin.json`, JSON.stringify({ name: `Plugin ${id}`, version: "1.0.0", extensions: { "com.mappedsky.seizu": { skillsetId: id } } }));
    cli.write(`${id}/skills/triage/SKILL.md`, skillMarkdown("triage", "Triage an alert"));
    return join(cli.home, id);
  }

  it("validates a plugin directory without installing it", async () => {
    const reply = ok(await cli.run(["plugins", "validate", pluginDirectory(plugin), "-o", "json"])).json();
    expect(reply).toMatchObject({ valid: true, plugin_id: plugin, skills: ["triage"] });
    expect((await rest(worker.url, "GET", `/plugins/${plugin}`)).status).toBe(404);
  });

  it("refuses an invalid plugin with the server's reasons (exit 1)", async () => {
    cli.write("broken/plugin.json", "{not json");
    expect(failsWith(await cli.run(["plugins", "validate", join(cli.home, "broken")]), 1)).toContain("plugin.json");
  });

  it("shows a plugin with show, downloads its package with -o, and removes it with remove --yes", async () => {
    ok(await cli.run(["plugins", "install", pluginDirectory(plugin)]));
    expect(ok(await cli.run(["plugins", "show", plugin, "-o", "json"])).json()).toMatchObject({ id: plugin, revision: 1 });
    const file = join(cli.home, `${plugin}.zip`);
    expect(ok(await cli.run(["plugins", "download", plugin, "-o", file])).stdout).toBe(`${file}\n`);
    const files = unzipSync(new Uint8Array(readFileSync(file)));
    expect(new TextDecoder().decode(files["skills/triage/SKILL.md"])).toBe(skillMarkdown("triage", "Triage an alert"));
    ok(await cli.run(["plugins", "remove", plugin, "--yes"]));
    expect((await rest(worker.url, "GET", `/plugins/${plugin}`)).status).toBe(404);
  });

  it("publishes and unpublishes a report", async () => {
    const report = ok(await cli.run(["reports", "create", `Upstream report ${suffix}`, "-o", "json"])).json().report_id as string;
    expect(ok(await cli.run(["reports", "publish", report])).stdout).toBe(`report ${report} is public\n`);
    expect((await rest(worker.url, "GET", `/reports/${report}`)).body.access.scope).toBe("public");
    expect(ok(await cli.run(["reports", "unpublish", report])).stdout).toBe(`report ${report} is private\n`);
    expect((await rest(worker.url, "GET", `/reports/${report}`)).body.access.scope).toBe("private");
  });

  it("shows a space's sub-spaces and reports with spaces show", async () => {
    const space = ok(await cli.run(["spaces", "create", `Show ${suffix}`, "-o", "json"])).json().space_id as string;
    ok(await cli.run(["spaces", "subspaces", "create", space, "Inner"]));
    const tree = ok(await cli.run(["spaces", "show", space, "-o", "json"])).json();
    expect(tree).toMatchObject({ space: { space_id: space }, subspaces: [{ name: "Inner" }] });
  });
});

describe("workflows, scheduled queries and spaces named by their name", () => {
  const workflow = `Named workflow ${suffix}`;
  const query = `Named query ${suffix}`;
  const space = `Named space ${suffix}`;
  const workflowFile = (name: string) =>
    cli.write(
      `named/${name}.yaml`,
      `name: ${name}\nstages:\n  - activities:\n      - type: query\n        output: rows\n        parameters: {cypher: "RETURN 1 AS n"}\n`,
    );

  it("reads, lists the versions of and deletes a workflow by its name", async () => {
    const id = ok(await cli.run(["workflows", "create", "--file", workflowFile(workflow), "-o", "json"])).json().workflow_id as string;
    expect(ok(await cli.run(["workflows", "get", workflow, "-o", "json"])).json()).toMatchObject({ workflow_id: id, name: workflow });
    expect(ok(await cli.run(["workflows", "versions", workflow, "-o", "json"])).json().versions).toHaveLength(1);
    expect(ok(await cli.run(["workflows", "runs", workflow, "-o", "json"])).json().runs).toEqual([]);
    expect(ok(await cli.run(["workflows", "delete", workflow, "--yes", "-o", "json"])).json()).toEqual({ deleted: true, workflow_id: id });
  });

  it("refuses a name that names no workflow, and one that names two, listing their ids", async () => {
    expect(failsWith(await cli.run(["workflows", "get", `Nobody ${suffix}`]), 2)).toBe(
      `seizu: no workflow has the id or name "Nobody ${suffix}" (seizu workflows list shows them)`,
    );
    const twice = `Twice ${suffix}`;
    const a = ok(await cli.run(["workflows", "create", "--file", workflowFile(twice), "-o", "json"])).json().workflow_id as string;
    const b = ok(await cli.run(["workflows", "create", "--file", workflowFile(twice), "-o", "json"])).json().workflow_id as string;
    const line = failsWith(await cli.run(["workflows", "delete", twice, "--yes"]), 2);
    expect(line).toContain(`2 workflows are named "${twice}"`);
    expect(line).toContain(a);
    expect(line).toContain(b);
    expect((await rest(worker.url, "GET", `/workflows/${a}`)).status).toBe(200);
  });

  it("reads a scheduled query by its name", async () => {
    const file = cli.write("named/query.yaml", `name: ${query}\ncypher: "MATCH (n) RETURN count(n) AS total"\nfrequency: 1440\nenabled: false\nactions: []\n`);
    const id = ok(await cli.run(["scheduled-queries", "create", "--file", file, "-o", "json"])).json().scheduled_query_id as string;
    expect(ok(await cli.run(["scheduled-queries", "get", query, "-o", "json"])).json()).toMatchObject({ scheduled_query_id: id });
  });

  it("shows a space, lists its sub-spaces and deletes it by its name", async () => {
    const id = ok(await cli.run(["spaces", "create", space, "-o", "json"])).json().space_id as string;
    expect(ok(await cli.run(["spaces", "get", space, "-o", "json"])).json()).toMatchObject({ space_id: id });
    expect(ok(await cli.run(["spaces", "show", space, "-o", "json"])).json().space.space_id).toBe(id);
    ok(await cli.run(["spaces", "subspaces", "create", space, "Inner"]));
    expect(ok(await cli.run(["spaces", "subspaces", "list", space, "-o", "json"])).json().subspaces).toMatchObject([{ name: "Inner" }]);
    ok(await cli.run(["spaces", "delete", space, "--yes"]));
    expect((await rest(worker.url, "GET", `/spaces/${id}`)).status).toBe(404);
  });
});
