// The `seizu` CLI end to end: the real binary (node cli/seizu.mjs) against the Worker under
// `wrangler dev` and the run's Neo4j, plus small local HTTP servers where a test needs to see
// exactly what the CLI sends (configuration precedence, the Bearer token, base_version).
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createCli, failsWith, ok, type Cli, type CliResult } from "../support/cli";
import { rest } from "../support/rest";
import { startWorker, type RunningWorker } from "../support/worker";
// @ts-expect-error plain ESM helper shared with the npm scripts
import { freePort } from "../../scripts/neo4j/server.mjs";

let worker: RunningWorker;
let limited: RunningWorker;
let cli: Cli;
let limitedCli: Cli;
const suffix = Date.now().toString(36);

beforeAll(async () => {
  [worker, limited] = await Promise.all([startWorker(), startWorker({ MCP_TOOL_RESULT_MAX_ROWS: "3", MCP_TOOL_RESULT_MAX_BYTES: "400" })]);
  cli = createCli({ SEIZU_SERVER: worker.url });
  limitedCli = createCli({ SEIZU_SERVER: limited.url });
});
afterAll(async () => {
  cli?.cleanup();
  limitedCli?.cleanup();
  await Promise.all([worker?.stop(), limited?.stop()]);
});

/** The 1-based line of `text` on which `needle` first appears, and its 1-based column. */
function positionOf(text: string, needle: string, from = 0): { line: number; column: number } {
  const index = text.indexOf(needle, from);
  expect(index, `${needle} in the YAML`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, index);
  return { line: before.split("\n").length, column: index - before.lastIndexOf("\n") };
}

describe("seizu toolsets", () => {
  const a = `cli_a_${suffix}`;
  const b = `cli_b_${suffix}`;

  it("creates, lists and shows toolsets, as tables and as the server's JSON", async () => {
    expect(ok(await cli.run(["toolsets", "create", a, "Toolset A", "--description", "First one"])).stdout).toBe(`created toolset ${a} (version 1)\n`);
    const created = ok(await cli.run(["toolsets", "create", b, "Toolset B", "--disabled", "--output", "json"])).json();
    expect(created).toMatchObject({ id: b, name: "Toolset B", enabled: false, version: 1, built_in: false });

    const table = ok(await cli.run(["toolsets", "list"])).stdout;
    expect(table.split("\n")[0]).toMatch(/^ID\s+NAME\s+ENABLED\s+BUILT-IN\s+VERSION\s+DESCRIPTION$/);
    expect(table).toMatch(new RegExp(`^${a}\\s+Toolset A\\s+yes\\s+no\\s+1\\s+First one$`, "m"));
    expect(table).toMatch(new RegExp(`^${b}\\s+Toolset B\\s+no\\s+no\\s+1$`, "m"));
    const listed = ok(await cli.run(["--output", "json", "toolsets", "list"])).json();
    expect(listed.toolsets.map((toolset: { id: string }) => toolset.id)).toEqual(expect.arrayContaining([a, b]));

    const shown = ok(await cli.run(["toolsets", "get", a])).stdout;
    expect(shown).toMatch(/^id:\s+cli_a_/m);
    expect(shown).toMatch(/^name:\s+Toolset A$/m);
    expect(shown).toMatch(/^enabled:\s+yes$/m);
    expect(shown).toMatch(/^version:\s+1$/m);
    expect(ok(await cli.run(["toolsets", "get", a, "--output", "json"])).json()).toMatchObject({
      id: a,
      name: "Toolset A",
      description: "First one",
      version: 1,
    });
  });

  it("updates with the current version as base_version, and keeps the history", async () => {
    expect(ok(await cli.run(["toolsets", "update", a, "--name", "Renamed", "--comment", "clearer name"])).stdout).toBe(`updated toolset ${a} to version 2\n`);
    expect(ok(await cli.run(["toolsets", "update", a, "--disabled", "--output", "json"])).json()).toMatchObject({
      id: a,
      name: "Renamed",
      enabled: false,
      version: 3,
    });
    expect(ok(await cli.run(["toolsets", "update", a, "--enabled", "--description", "Back on"])).stdout).toBe(`updated toolset ${a} to version 4\n`);

    const versions = ok(await cli.run(["toolsets", "versions", a])).stdout.split("\n");
    expect(versions[0]).toMatch(/^VERSION\s+AUTHOR\s+CREATED\s+COMMENT$/);
    expect(versions[1]).toMatch(/^4\s/);
    expect(versions[3]).toMatch(/^2\s.*clearer name$/);
    const json = ok(await cli.run(["toolsets", "versions", a, "--output", "json"])).json();
    expect(json.versions.map((version: { version: number }) => version.version)).toEqual([4, 3, 2, 1]);

    const first = ok(await cli.run(["toolsets", "version-get", a, "1"])).stdout;
    expect(first).toMatch(/^version:\s+1$/m);
    expect(first).toMatch(/^name:\s+Toolset A$/m);
    expect(ok(await cli.run(["toolsets", "version-get", a, "2", "--output", "json"])).json()).toMatchObject({
      version: 2,
      comment: "clearer name",
      definition: { name: "Renamed" },
    });

    expect(ok(await cli.run(["toolsets", "restore", a, "1"])).stdout).toBe(`restored toolset ${a} from version 1 as version 5\n`);
    expect((await rest(worker.url, "GET", `/toolsets/${a}`)).body).toMatchObject({ name: "Toolset A", description: "First one", enabled: true, version: 5 });
    expect(ok(await cli.run(["toolsets", "restore", a, "2", "--output", "json"])).json()).toMatchObject({ id: a, name: "Renamed", version: 6 });
    expect(ok(await cli.run(["toolsets", "version-get", a, "6", "--output", "json"])).json()).toMatchObject({ comment: "Restored from version 2" });
  });

  it("refuses updates that change nothing or contradict themselves, and bad version numbers", async () => {
    expect(failsWith(await cli.run(["toolsets", "update", a]), 2)).toContain("nothing to change");
    expect(failsWith(await cli.run(["toolsets", "update", a, "--enabled", "--disabled"]), 2)).toContain("cannot be used with");
    expect(failsWith(await cli.run(["toolsets", "version-get", a, "one"]), 2)).toContain("positive whole number");
    expect(failsWith(await cli.run(["toolsets", "frobnicate"]), 2)).toContain("unknown command");
    expect(failsWith(await cli.run(["toolsets", "list", "--output", "xml"]), 2)).toContain("xml");
  });

  it("deletes, then reports the toolset as unknown (404, exit 1)", async () => {
    expect(ok(await cli.run(["toolsets", "delete", "--yes", b])).stdout).toBe(`deleted toolset ${b}\n`);
    expect(failsWith(await cli.run(["toolsets", "get", b]), 1)).toMatch(new RegExp(`^seizu: .*${b}.*\\(HTTP 404\\)$`));
    expect(failsWith(await cli.run(["toolsets", "delete", "--yes", b]), 1)).toContain("(HTTP 404)");
    ok(await cli.run(["toolsets", "create", b, "Again"]));
    expect(ok(await cli.run(["toolsets", "delete", "--yes", b, "--output", "json"])).json()).toEqual({ deleted: true, toolset_id: b });
  });

  it("shows the server's field errors: a bad id (422)", async () => {
    const line = failsWith(await cli.run(["toolsets", "create", "Bad-Id", "Bad"]), 1);
    expect(line).toContain("id: must be lower_snake_case");
    expect(line).toContain("(HTTP 422)");
    expect((await rest(worker.url, "GET", "/toolsets/Bad-Id")).status).toBe(404);
  });
});

describe("seizu toolsets tools", () => {
  const ts = `cli_tools_${suffix}`;

  beforeAll(async () => {
    ok(await cli.run(["toolsets", "create", ts, "Tools"]));
  });

  it("creates tools with --param and --params-json, lists and shows them", async () => {
    const created = ok(
      await cli.run([
        "toolsets",
        "tools",
        "create",
        ts,
        "numbers",
        "--name",
        "Numbers",
        "--description",
        "Counts from 1 to $n",
        "--cypher",
        "UNWIND range(1, $n) AS x RETURN x, $label + toString(x) AS label, $flag AS flag",
        "--param",
        "n:integer:required",
        "--param",
        "label:string=row ",
        "--param",
        "flag:boolean=false",
      ]),
    );
    expect(created.stdout).toBe(`created tool ${ts}/numbers (version 1)\n`);
    const json = ok(
      await cli.run([
        "toolsets",
        "tools",
        "create",
        ts,
        "by_name",
        "--output",
        "json",
        "--name",
        "By name",
        "--cypher",
        "RETURN $name AS name",
        "--params-json",
        '[{"name": "name", "type": "string", "description": "Who", "required": false, "default": "25"}]',
        "--disabled",
      ]),
    ).json();
    expect(json).toMatchObject({
      id: "by_name",
      toolset_id: ts,
      mcp_name: `${ts}__by_name`,
      enabled: false,
      version: 1,
      parameters: [{ name: "name", type: "string", description: "Who", default: "25" }],
    });

    const numbers = (await rest(worker.url, "GET", `/toolsets/${ts}/tools/numbers`)).body;
    expect(numbers.parameters).toEqual([
      { name: "n", type: "integer", description: "", required: true },
      { name: "label", type: "string", description: "", required: false, default: "row " },
      { name: "flag", type: "boolean", description: "", required: false, default: false },
    ]);

    const table = ok(await cli.run(["toolsets", "tools", "list", ts])).stdout;
    expect(table.split("\n")[0]).toMatch(/^ID\s+NAME\s+ENABLED\s+VERSION\s+PARAMETERS\s+DESCRIPTION$/);
    expect(table).toMatch(/^numbers\s+Numbers\s+yes\s+1\s+n, label, flag\s+Counts from 1 to \$n$/m);
    expect(table).toMatch(/^by_name\s+By name\s+no\s+1\s+name$/m);
    expect(
      ok(await cli.run(["toolsets", "tools", "list", ts, "--output", "json"]))
        .json()
        .tools.map((tool: { id: string }) => tool.id)
        .sort(),
    ).toEqual(["by_name", "numbers"]);

    const shown = ok(await cli.run(["toolsets", "tools", "get", ts, "numbers"])).stdout;
    expect(shown).toMatch(new RegExp(`^mcp name:\\s+${ts}__numbers$`, "m"));
    expect(shown).toMatch(/^cypher:\s+UNWIND range\(1, \$n\)/m);
    expect(shown).toMatch(/^PARAMETER\s+TYPE\s+REQUIRED\s+DEFAULT\s+DESCRIPTION$/m);
    expect(shown).toMatch(/^label\s+string\s+no\s+"row "$/m);
    expect(shown).toMatch(/^n\s+integer\s+yes$/m);
    expect(ok(await cli.run(["toolsets", "tools", "get", ts, "by_name", "--output", "json"])).json()).toMatchObject({
      id: "by_name",
      cypher: "RETURN $name AS name",
    });
  });

  it("sets and changes a tool's --cache-ttl-seconds, whose calls wrangler dev then answers from its cache", async () => {
    const created = ok(
      await cli.run([
        "toolsets",
        "tools",
        "create",
        ts,
        "cached",
        "--name",
        "Cached",
        "--cypher",
        "RETURN rand() AS r",
        "--cache-ttl-seconds",
        "30",
        "--output",
        "json",
      ]),
    ).json();
    expect(created).toMatchObject({ id: "cached", cache_ttl_seconds: 30 });
    const call = () => rest(worker.url, "POST", `/toolsets/${ts}/tools/cached/call`, {});
    const [first, second] = [await call(), await call()];
    expect([first.headers.get("x-seizu-cache"), second.headers.get("x-seizu-cache")]).toEqual(["miss", "hit"]);
    expect(second.body).toEqual(first.body);
    expect(ok(await cli.run(["toolsets", "tools", "update", ts, "cached", "--cache-ttl-seconds", "0", "--output", "json"])).json()).toMatchObject({
      cache_ttl_seconds: 0,
    });
    expect((await call()).headers.get("x-seizu-cache")).toBeNull();
    const refused = await cli.run(["toolsets", "tools", "update", ts, "cached", "--cache-ttl-seconds", "soon"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("cache_ttl_seconds");
  });

  it("rejects malformed --param and --params-json before calling the server", async () => {
    expect(failsWith(await cli.run(["toolsets", "tools", "create", ts, "x", "--name", "X", "--cypher", "RETURN 1", "--param", "n"]), 2)).toContain("name:type");
    expect(failsWith(await cli.run(["toolsets", "tools", "create", ts, "x", "--name", "X", "--cypher", "RETURN $n", "--param", "n:integer=ten"]), 2)).toContain(
      "does not fit type integer",
    );
    expect(failsWith(await cli.run(["toolsets", "tools", "create", ts, "x", "--name", "X", "--cypher", "RETURN 1", "--params-json", "{}"]), 2)).toContain(
      "JSON array",
    );
    expect(failsWith(await cli.run(["toolsets", "tools", "create", ts, "x", "--cypher", "RETURN 1"]), 2)).toContain("--name");
  });

  it("calls a tool with --arg values parsed as JSON, and with --args-json", async () => {
    const table = ok(await cli.run(["toolsets", "tools", "call", ts, "numbers", "--arg", "n=2", "--arg", 'label="item "', "--arg", "flag=true"])).stdout;
    expect(table).toBe("x  label   flag\n1  item 1  true\n2  item 2  true\n");
    const json = ok(
      await cli.run(["toolsets", "tools", "call", ts, "numbers", "--args-json", '{"n": 3, "flag": false}', "--arg", "n=1", "--output", "json"]),
    ).json();
    expect(json).toEqual({ results: [{ x: 1, label: "row 1", flag: false }] });
    expect(ok(await cli.run(["toolsets", "tools", "call", ts, "numbers", "--arg", "n=0"])).stdout).toBe("(no rows)\n");
    // A disabled tool can still be called over REST (it is only hidden from MCP).
    expect(ok(await cli.run(["toolsets", "tools", "call", ts, "by_name", "--arg", 'name="Ada"', "--output", "json"])).json()).toEqual({
      results: [{ name: "Ada" }],
    });
  });

  it("reports bad arguments locally (exit 2) and the server's argument errors (exit 1)", async () => {
    expect(failsWith(await cli.run(["toolsets", "tools", "call", ts, "numbers", "--arg", "label=text"]), 2)).toContain(`label='"text"'`);
    expect(failsWith(await cli.run(["toolsets", "tools", "call", ts, "numbers", "--arg", "noequals"]), 2)).toContain("KEY=JSON_VALUE");
    expect(failsWith(await cli.run(["toolsets", "tools", "call", ts, "numbers", "--args-json", "[1]"]), 2)).toContain("JSON object");
    const wrongType = failsWith(await cli.run(["toolsets", "tools", "call", ts, "numbers", "--arg", 'n="two"']), 1);
    expect(wrongType).toContain("arguments.n:");
    expect(wrongType).toContain("(HTTP 422)");
  });

  it("prints truncated results with a note, and a result too large for one row as its message", async () => {
    ok(await limitedCli.run(["toolsets", "create", ts, "Limited"]));
    ok(await limitedCli.run(["toolsets", "tools", "create", ts, "ten", "--name", "Ten", "--cypher", "UNWIND range(1, 10) AS x RETURN x"]));
    ok(
      await limitedCli.run([
        "toolsets",
        "tools",
        "create",
        ts,
        "big",
        "--name",
        "Big",
        "--cypher",
        "UNWIND range(1, 2) AS i RETURN reduce(s = '', x IN range(1, 30) | s + 'xxxxxxxxxx') AS big",
      ]),
    );

    const table = ok(await limitedCli.run(["toolsets", "tools", "call", ts, "ten"])).stdout;
    expect(table).toMatch(/^x\n1\n2\n3\ntruncated \(row_limit\): 3 rows shown of at least 4; limits 3 rows, 400 bytes\n$/);
    expect(ok(await limitedCli.run(["toolsets", "tools", "call", ts, "ten", "--output", "json"])).json().results).toMatchObject({
      truncated: true,
      returned: 3,
      rows: [{ x: 1 }, { x: 2 }, { x: 3 }],
    });

    // A 300-byte row fits the 400-byte list, but not the truncation envelope around it.
    const big = await limitedCli.run(["toolsets", "tools", "call", ts, "big", "--output", "json"]);
    const message = ok(big).json().results;
    expect(typeof message).toBe("string");
    expect(ok(await limitedCli.run(["toolsets", "tools", "call", ts, "big"])).stdout).toBe(`${message}\n`);
  });

  it("updates a tool based on its current version, with history and restore", async () => {
    expect(ok(await cli.run(["toolsets", "tools", "update", ts, "numbers", "--name", "Numbers v2", "--comment", "renamed"])).stdout).toBe(
      `updated tool ${ts}/numbers to version 2\n`,
    );
    const updated = ok(
      await cli.run([
        "toolsets",
        "tools",
        "update",
        ts,
        "numbers",
        "--cypher",
        "UNWIND range(1, $n) AS x RETURN x",
        "--param",
        "n:integer:required",
        "--disabled",
        "--output",
        "json",
      ]),
    ).json();
    expect(updated).toMatchObject({ name: "Numbers v2", cypher: "UNWIND range(1, $n) AS x RETURN x", enabled: false, version: 3, parameters: [{ name: "n" }] });

    const versions = ok(await cli.run(["toolsets", "tools", "versions", ts, "numbers"])).stdout;
    expect(versions).toMatch(/^2\s.*renamed$/m);
    expect(ok(await cli.run(["toolsets", "tools", "versions", ts, "numbers", "--output", "json"])).json().versions).toHaveLength(3);
    const first = ok(await cli.run(["toolsets", "tools", "version-get", ts, "numbers", "1"])).stdout;
    expect(first).toMatch(/^name:\s+Numbers$/m);
    expect(first).toMatch(/^flag\s+boolean\s+no\s+false$/m);
    expect(ok(await cli.run(["toolsets", "tools", "version-get", ts, "numbers", "1", "--output", "json"])).json()).toMatchObject({
      version: 1,
      definition: { name: "Numbers" },
    });

    expect(ok(await cli.run(["toolsets", "tools", "restore", ts, "numbers", "1"])).stdout).toBe(`restored tool ${ts}/numbers from version 1 as version 4\n`);
    expect((await rest(worker.url, "GET", `/toolsets/${ts}/tools/numbers`)).body).toMatchObject({ name: "Numbers", enabled: true, version: 4 });
    expect(ok(await cli.run(["toolsets", "tools", "restore", ts, "numbers", "3", "--output", "json"])).json()).toMatchObject({
      name: "Numbers v2",
      version: 5,
    });
  });

  it("rejects write Cypher with the position in the query, writing nothing", async () => {
    const line = failsWith(await cli.run(["toolsets", "tools", "create", ts, "wipe", "--name", "Wipe", "--cypher", "MATCH (n) DETACH DELETE n"]), 1);
    expect(line).toMatch(/cypher:1:\d+: .*(write|DELETE)/i);
    expect(line).toContain("(HTTP 422)");
    expect((await rest(worker.url, "GET", `/toolsets/${ts}/tools/wipe`)).status).toBe(404);
    const update = failsWith(await cli.run(["toolsets", "tools", "update", ts, "by_name", "--cypher", "CREATE (n) RETURN n"]), 1);
    expect(update).toMatch(/cypher:1:1: /);
    expect((await rest(worker.url, "GET", `/toolsets/${ts}/tools/by_name`)).body).toMatchObject({ version: 1, cypher: "RETURN $name AS name" });
  });

  it("deletes a tool", async () => {
    expect(ok(await cli.run(["toolsets", "tools", "delete", "--yes", ts, "by_name"])).stdout).toBe(`deleted tool ${ts}/by_name\n`);
    expect(failsWith(await cli.run(["toolsets", "tools", "get", ts, "by_name"]), 1)).toContain("(HTTP 404)");
    ok(await cli.run(["toolsets", "tools", "create", ts, "temp", "--name", "Temp", "--cypher", "RETURN 1 AS one"]));
    expect(ok(await cli.run(["toolsets", "tools", "delete", "--yes", ts, "temp", "--output", "json"])).json()).toEqual({
      deleted: true,
      toolset_id: ts,
      tool_id: "temp",
    });
  });
});

interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/** A local HTTP server that records each request and answers with `reply`. */
async function recordingServer(reply: (request: Recorded) => { status: number; body?: unknown } = () => ({ status: 200, body: { toolsets: [] } })) {
  const requests: Recorded[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      const recorded = {
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: request.headers.authorization,
        body: text ? JSON.parse(text) : undefined,
      };
      requests.push(recorded);
      const { status, body } = reply(recorded);
      response.writeHead(status, { "content-type": "application/json" }).end(body === undefined ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("configuration", () => {
  it("takes the server and token from seizu.conf, then SEIZU_* variables, then flags", async () => {
    const [conf, env, flag, other] = await Promise.all([recordingServer(), recordingServer(), recordingServer(), recordingServer()]);
    const user = createCli();
    try {
      user.writeConf(`server: ${conf.url}\ntoken: from-conf\n`);
      ok(await user.run(["toolsets", "list"]));
      expect(conf.requests).toEqual([{ method: "GET", path: "/api/v1/toolsets", authorization: "Bearer from-conf", body: undefined }]);

      ok(await user.run(["toolsets", "list"], { SEIZU_SERVER: env.url, SEIZU_TOKEN: "from-env" }));
      expect(env.requests.map((request) => request.authorization)).toEqual(["Bearer from-env"]);

      ok(await user.run(["toolsets", "list", "--server", flag.url, "--token", "from-flag"], { SEIZU_SERVER: env.url, SEIZU_TOKEN: "from-env" }));
      ok(await user.run(["--server", flag.url, "toolsets", "list"], { SEIZU_TOKEN: "from-env" }));
      expect(flag.requests.map((request) => request.authorization)).toEqual(["Bearer from-flag", "Bearer from-env"]);

      // SEIZU_CONFIG names another conf file, and --config overrides it.
      const otherConf = user.write("elsewhere/other.conf", `server: ${other.url}\n`);
      const noTokenConf = user.write("elsewhere/none.conf", "# nothing: the default server, no token\n");
      ok(await user.run(["toolsets", "list"], { SEIZU_CONFIG: otherConf }));
      expect(other.requests.map((request) => request.authorization)).toEqual([undefined]);
      ok(await user.run(["toolsets", "list", "--config", otherConf], { SEIZU_CONFIG: noTokenConf }));
      expect(other.requests).toHaveLength(2);
      expect(conf.requests).toHaveLength(1);
    } finally {
      user.cleanup();
      await Promise.all([conf.close(), env.close(), flag.close(), other.close()]);
    }
  });

  it("finds seizu.conf under XDG_CONFIG_HOME, else under HOME/.config", async () => {
    const [xdg, home] = await Promise.all([recordingServer(), recordingServer()]);
    const user = createCli();
    try {
      user.write("xdg/seizu/seizu.conf", `server: ${xdg.url}\n`);
      user.writeConf(`server: ${home.url}\n`);
      ok(await user.run(["toolsets", "list"], { XDG_CONFIG_HOME: `${user.home}/xdg` }));
      ok(await user.run(["toolsets", "list"], { XDG_CONFIG_HOME: undefined }));
      expect([xdg.requests.length, home.requests.length]).toEqual([1, 1]);
    } finally {
      user.cleanup();
      await Promise.all([xdg.close(), home.close()]);
    }
  });

  it("reports configuration mistakes as usage errors (exit 2)", async () => {
    const user = createCli();
    try {
      expect(failsWith(await user.run(["toolsets", "list", "--config", `${user.home}/missing.conf`]), 2)).toContain("cannot read config file");
      const conf = user.writeConf("server: http://127.0.0.1:1\ntokne: x\n");
      expect(failsWith(await user.run(["toolsets", "list"]), 2)).toBe(`seizu: ${conf}:2:1: unknown key "tokne" (expected server, api_url, token, seed_file)`);
      user.writeConf("");
      expect(failsWith(await user.run(["toolsets", "list", "--server", "not a url"]), 2)).toContain("is not a URL");
      expect(failsWith(await user.run(["seed"]), 2)).toContain("no seed file");
    } finally {
      user.cleanup();
    }
  });

  it("reports a server that cannot be reached in one line (exit 3)", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const line = failsWith(await cli.run(["toolsets", "list", "--server", dead]), 3);
    expect(line).toBe(`seizu: cannot reach ${dead}: connect ECONNREFUSED ${dead.slice("http://".length)}`);
  });

  it("sends the version it read as base_version, and reports a concurrent change (409)", async () => {
    const server = await recordingServer((request) =>
      request.method === "GET"
        ? { status: 200, body: { id: "x", version: 7 } }
        : { status: 409, body: { error: { code: "conflict", message: "toolset x is at version 8, not 7" } } },
    );
    try {
      const line = failsWith(await cli.run(["toolsets", "update", "x", "--name", "New", "--server", server.url]), 1);
      expect(line).toBe("seizu: toolset x is at version 8, not 7 (HTTP 409)");
      expect(server.requests[1]).toMatchObject({ method: "PATCH", path: "/api/v1/toolsets/x", body: { name: "New", base_version: 7 } });
    } finally {
      await server.close();
    }
  });
});

describe("seizu seed", () => {
  const set = `seed-set-${suffix}`;
  const setId = set.replaceAll("-", "_");
  const other = `seed_other_${suffix}`;

  const seedYaml = (
    findByLabelDescription = "Returns nodes matching a label",
  ) => `# Shared with reports (seeded too) and another tool's section, which seizu seed leaves alone.
reports:
  overview-${suffix}:
    name: Overview
other_tool:
  - name: nightly
    cypher: MATCH (n) RETURN count(n)
toolsets:
  ${set}:
    name: My Toolset
    description: A collection of graph tools
    enabled: true
    tools:
      count-nodes:
        name: Count Nodes
        description: Returns total node count
        cypher: "MATCH (n) RETURN count(n) AS total"
        enabled: true
      find-by-label:
        name: Find By Label
        description: ${findByLabelDescription}
        cypher: |
          MATCH (n) WHERE $label IN labels(n)
          RETURN n LIMIT $limit
        parameters:
          - name: label
            type: string
            description: Node label to filter by
            required: true
          - name: limit
            type: integer
            description: Maximum results
            required: false
            default: 25
        enabled: true
  ${other}:
    name: Other
`;

  type Entry = { kind: string; toolset_id: string; tool_id?: string; action: string };
  const actions = (result: CliResult) =>
    Object.fromEntries(
      (result.json().entries as Entry[])
        .filter((entry) => entry.toolset_id === setId || entry.toolset_id === other)
        .map((entry) => [entry.tool_id ? `${entry.toolset_id}/${entry.tool_id}` : entry.toolset_id, entry.action]),
    );
  const all = (action: string) => ({ [setId]: action, [`${setId}/count_nodes`]: action, [`${setId}/find_by_label`]: action, [other]: action });
  let file: string;

  it("creates everything from the file, with hyphenated ids normalized", async () => {
    file = cli.write("seed/config.yaml", seedYaml());
    const result = ok(await cli.run(["seed", "--config", file]));
    expect(result.stdout.split("\n")[0]).toMatch(/^ACTION\s+KIND\s+TOOLSET\s+TOOL$/);
    expect(result.stdout).toMatch(new RegExp(`^created\\s+tool\\s+${setId}\\s+find_by_label$`, "m"));
    expect(result.stdout).toMatch(/^4 created, 0 updated, 0 unchanged$/m);
    expect(result.stderr).toBe("");

    const tool = (await rest(worker.url, "GET", `/toolsets/${setId}/tools/find_by_label`)).body;
    expect(tool).toMatchObject({
      name: "Find By Label",
      cypher: "MATCH (n) WHERE $label IN labels(n)\nRETURN n LIMIT $limit",
      parameters: [
        { name: "label", type: "string", description: "Node label to filter by", required: true },
        { name: "limit", type: "integer", description: "Maximum results", required: false, default: 25 },
      ],
    });
    expect((await rest(worker.url, "GET", `/toolsets/${other}`)).body).toMatchObject({ name: "Other", enabled: true });
  });

  it("is a no-op when run again", async () => {
    expect(actions(ok(await cli.run(["seed", "--config", file, "--output", "json"])))).toEqual(all("unchanged"));
    expect((await rest(worker.url, "GET", `/toolsets/${setId}/tools/count_nodes`)).body.version).toBe(1);
  });

  it("updates only the tool that changed, and --force updates everything", async () => {
    cli.write("seed/config.yaml", seedYaml("Finds nodes by label"));
    expect(actions(ok(await cli.run(["seed", "--config", file, "--output", "json"])))).toEqual({ ...all("unchanged"), [`${setId}/find_by_label`]: "updated" });
    expect((await rest(worker.url, "GET", `/toolsets/${setId}/tools/find_by_label`)).body).toMatchObject({ description: "Finds nodes by label", version: 2 });

    expect(actions(ok(await cli.run(["seed", "--config", file, "--force", "--output", "json"])))).toEqual(all("updated"));
    expect((await rest(worker.url, "GET", `/toolsets/${setId}/tools/count_nodes`)).body.version).toBe(2);
  });

  it("--dry-run shows the plan and writes nothing", async () => {
    cli.write("seed/config.yaml", seedYaml("Dry description"));
    const dry = ok(await cli.run(["seed", "--config", file, "--dry-run"])).stdout;
    expect(dry).toMatch(new RegExp(`^updated\\s+tool\\s+${setId}\\s+find_by_label$`, "m"));
    expect(dry).toMatch(/^dry run, nothing written: 0 created, 1 updated, \d+ unchanged$/m);
    expect(actions(ok(await cli.run(["seed", "--config", file, "--dry-run", "--output", "json"])))).toEqual({
      ...all("unchanged"),
      [`${setId}/find_by_label`]: "updated",
    });
    expect((await rest(worker.url, "GET", `/toolsets/${setId}/tools/find_by_label`)).body).toMatchObject({ description: "Finds nodes by label", version: 3 });
  });

  it("reads seed_file from seizu.conf, relative to the conf file, and reports progress on request", async () => {
    cli.writeConf("seed_file: ../../seed/config.yaml\n");
    const result = ok(await cli.run(["seed", "--dry-run", "--progress"]));
    expect(result.stderr).toBe("seizu: validating 2 toolsets and 2 tools and 1 reports (dry run)…\n");
    cli.writeConf("");
    // Before the command, --config names seizu.conf; after seed, it names the seed file.
    const conf = cli.write("other.conf", "seed_file: seed/config.yaml\n");
    // (The file still holds the previous test's unapplied description.)
    expect(actions(ok(await cli.run(["--config", conf, "seed", "--dry-run", "--output", "json"])))).toEqual({
      ...all("unchanged"),
      [`${setId}/find_by_label`]: "updated",
    });
  });

  describe("an invalid file writes nothing and names file:line:column", () => {
    const fresh = `seed-fresh-${suffix}`;
    const currentVersion = async () => (await rest(worker.url, "GET", `/toolsets/${setId}/tools/count_nodes`)).body.version;

    /** The seed file with a new toolset (which must not be created) and `tool` added to the existing one. */
    const invalid = (tool: string) =>
      `${seedYaml("Finds nodes by label")}  ${fresh}:\n    name: Fresh\n    tools:\n      one:\n        name: One\n        cypher: RETURN 1 AS one\n`.replace(
        "    tools:\n      count-nodes:",
        `    tools:\n${tool}      count-nodes:`,
      );

    async function seedFails(tool: string, needle: string, expected: RegExp) {
      const version = await currentVersion();
      const text = invalid(tool);
      const path = cli.write("seed/invalid.yaml", text);
      const result = await cli.run(["seed", "--config", path]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe("");
      const { line, column } = positionOf(text, needle);
      const lines = result.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${line}:${column}: `));
      expect(lines[0]).toMatch(expected);
      expect((await rest(worker.url, "GET", `/toolsets/${fresh.replaceAll("-", "_")}`)).status).toBe(404);
      expect(await currentVersion()).toBe(version);
      return lines[0]!;
    }

    it("a parameter type the server does not know", async () => {
      await seedFails(
        "      typed:\n        name: Typed\n        cypher: RETURN $when AS when\n        parameters:\n          - name: when\n            type: date\n",
        "date",
        /: toolsets\.seed_set_\w+\.tools\.typed\.parameters\.0\.type: must be one of/,
      );
    });

    it("a value of the wrong type, checked locally", async () => {
      await seedFails(
        "      typed:\n        name: Typed\n        cypher: RETURN 1\n        enabled: yes\n",
        "yes",
        /: toolsets\.seed_set_\w+\.tools\.typed\.enabled: must be true or false$/,
      );
    });

    it("an unknown key, checked locally", async () => {
      await seedFails(
        "      typo:\n        name: Typo\n        cypher: RETURN 1\n        colour: red\n",
        "colour",
        /: toolsets\.seed_set_\w+\.tools\.typo\.colour: unknown key/,
      );
    });

    it("write Cypher, at its position inside the query", async () => {
      const line = await seedFails(
        '      wipe:\n        name: Wipe\n        cypher: "MATCH (n) DETACH DELETE n"\n',
        "DETACH",
        /: toolsets\.seed_set_\w+\.tools\.wipe\.cypher: /,
      );
      expect(line).toMatch(/write|DELETE/i);
    });

    it("write Cypher in a block scalar, at its line inside the block", async () => {
      await seedFails(
        "      wipe:\n        name: Wipe\n        cypher: |\n          MATCH (n)\n          DETACH DELETE n\n",
        "DETACH",
        /: toolsets\.seed_set_\w+\.tools\.wipe\.cypher: /,
      );
    });

    it("an undeclared $parameter, at the query", async () => {
      await seedFails(
        "      loose:\n        name: Loose\n        cypher: MATCH (n) RETURN n LIMIT $nope\n",
        "MATCH (n) RETURN n LIMIT $nope",
        /: toolsets\.seed_set_\w+\.tools\.loose\.cypher: uses \$nope/,
      );
    });

    it("YAML that does not parse", async () => {
      const path = cli.write("seed/broken.yaml", "toolsets:\n  a: [1, 2\n");
      const result = await cli.run(["seed", "--config", path]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^${path.replace(/[.]/g, "\\.")}:\\d+:\\d+: `));
    });

    it("every problem, one line each", async () => {
      const path = cli.write(
        "seed/many.yaml",
        "toolsets:\n  my-set:\n    name: 1\n    colour: red\n    tools:\n      a:\n        description: no name or cypher\n",
      );
      const result = await cli.run(["seed", "--config", path]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        [
          `${path}:3:11: toolsets.my_set.name: must be a string`,
          `${path}:4:5: toolsets.my_set.colour: unknown key (expected name, description, enabled, tools)`,
          `${path}:6:7: toolsets.my_set.tools.a.name: is required`,
          `${path}:6:7: toolsets.my_set.tools.a.cypher: is required`,
          "",
        ].join("\n"),
      );
    });
  });
});

describe("seizu export", () => {
  const hyphenated = `export-set-${suffix}`;
  const id = hyphenated.replaceAll("-", "_");
  const header = `# Another tool's settings live in this file too.
`;
  const footer = `other_tool:
  - name: nightly
    cypher: MATCH (n) RETURN count(n)
`;
  let file: string;

  beforeAll(async () => {
    file = cli.write(
      "export/config.yaml",
      `${header}toolsets:\n  ${hyphenated}:\n    name: Export me\n    tools:\n      multi-line:\n        name: Multi line\n        cypher: |\n          MATCH (n)\n          RETURN count(n) AS total\n${footer}`,
    );
    ok(await cli.run(["seed", "--config", file]));
  });

  it("--dry-run prints the file with the server's toolsets, and writes nothing", async () => {
    const original = readFileSync(file, "utf8");
    const printed = ok(await cli.run(["export", "--config", file, "--dry-run"])).stdout;
    expect(readFileSync(file, "utf8")).toBe(original);
    const parsed = parse(printed);
    expect(parsed.toolsets[hyphenated]).toEqual({
      name: "Export me",
      description: "",
      enabled: true,
      tools: { "multi-line": { name: "Multi line", description: "", cypher: "MATCH (n)\nRETURN count(n) AS total", parameters: [], enabled: true } },
    });
    // Multi-line Cypher is written as a literal block.
    expect(printed).toContain("cypher: |-\n          MATCH (n)\n          RETURN count(n) AS total\n");
  });

  it("replaces only the toolsets: and reports: sections, keeping the other sections and their comments", async () => {
    const result = ok(await cli.run(["export", "--config", file]));
    expect(result.stdout).toMatch(/^wrote \d+ toolsets and \d+ tools and \d+ reports to /);
    const written = readFileSync(file, "utf8");
    expect(written.startsWith(header)).toBe(true);
    expect(written).toContain(footer);
    const parsed = parse(written);
    const { toolsets } = (await rest(worker.url, "GET", "/toolsets/export")).body;
    // Every user-defined toolset, ids spelled as the file spelled them.
    expect(Object.keys(parsed.toolsets).sort()).toEqual(
      Object.keys(toolsets)
        .map((key) => (key === id ? hyphenated : key))
        .sort(),
    );
    expect(Object.keys(parsed.toolsets)).not.toContain("seizu");
  });

  it("round-trips: seeding the exported file changes nothing", async () => {
    const result = ok(await cli.run(["seed", "--config", file, "--output", "json"]));
    const entries = result.json().entries as { action: string }[];
    expect(entries.length).toBeGreaterThan(4);
    expect(entries.filter((entry) => entry.action !== "unchanged")).toEqual([]);
  });

  it("creates the file when it does not exist, with --output json describing what it wrote", async () => {
    const path = `${cli.home}/export/new.yaml`;
    const summary = ok(await cli.run(["export", "--config", path, "--output", "json"])).json();
    expect(summary).toMatchObject({ file: path });
    expect(summary.toolsets).toBeGreaterThan(1);
    // The server holds public reports too (other tests seeded some).
    expect(Object.keys(parse(readFileSync(path, "utf8")))).toEqual(["toolsets", "reports"]);
  });

  it("refuses to rewrite a file that does not parse", async () => {
    const path = cli.write("export/broken.yaml", "reports: [1, 2\n");
    const result = await cli.run(["export", "--config", path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/broken\.yaml:\d+:\d+: /);
    expect(readFileSync(path, "utf8")).toBe("reports: [1, 2\n");
  });
});
