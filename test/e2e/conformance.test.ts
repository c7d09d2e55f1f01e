// The official MCP conformance runner against the Worker. Only the server scenarios that apply
// to a server with Seizu's tools run here: the others need the suite's own fixture tools
// (test_simple_text, test_error_handling, test_simple_prompt, ...) or resources, which Seizu
// does not serve. prompts-list runs with one skill served as a prompt.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rest } from "../support/rest";
import { startWorker, type RunningWorker } from "../support/worker";

const root = join(import.meta.dirname, "../..");
let worker: RunningWorker;
beforeAll(async () => {
  worker = await startWorker();
  expect((await rest(worker.url, "POST", "/skillsets", { id: "conformance", name: "Conformance" })).status).toBe(201);
  const skill = { id: "greet", name: "Greet", description: "Greets someone", template: "Greet {% $who %}.", parameters: [{ name: "who", type: "string" }] };
  expect((await rest(worker.url, "POST", "/skillsets/conformance/skills", skill)).status).toBe(201);
});
afterAll(async () => {
  await worker?.stop();
});

describe("MCP conformance (server scenarios that apply)", () => {
  it.each(["server-initialize", "ping", "tools-list", "prompts-list", "dns-rebinding-protection"])("passes %s", (scenario) => {
    // The runner needs Node 22: the project's own, from the `node` devDependency.
    const run = spawnSync(
      join(root, "node_modules/node/bin/node"),
      [join(root, "node_modules/.bin/conformance"), "server", "--url", `${worker.url}/api/v1/mcp`, "--scenario", scenario],
      {
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Passed: (\d+)\/\1, 0 failed/);
  });
});
