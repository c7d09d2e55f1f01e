// `seizu plugins ...` end to end: the real binary against the Worker under `wrangler dev`
// (R2 and D1 simulators), installing from a directory and from a .zip built in the test.
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliOnWorker, failsWith, ok, type Cli } from "../support/cli";
import { pluginZip, skillMarkdown } from "../support/plugin-zip";
import type { RunningWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
const suffix = Date.now().toString(36);

cliOnWorker((stack) => ({ worker, cli } = stack));

/** A plugin directory under the CLI's home: plugin.json and one skill. */
function pluginDirectory(id: string, version = "1.0.0", dir = id) {
  cli.write(`${dir}/plugin.json`, JSON.stringify({ name: `Plugin ${id}`, version, extensions: { "com.mappedsky.seizu": { skillsetId: id } } }));
  cli.write(`${dir}/skills/triage/SKILL.md`, skillMarkdown("triage", "Triage an alert"));
  return join(cli.home, dir);
}

describe("seizu plugins", () => {
  it("installs a plugin from a directory and shows it", async () => {
    const id = `dir_${suffix}`;
    const installed = ok(await cli.run(["plugins", "install", pluginDirectory(id), "--comment", "from a directory"])).stdout;
    expect(installed).toBe(`installed plugin ${id} (revision 1, skills: triage)\n`);
    expect(ok(await cli.run(["plugins", "list"])).stdout).toMatch(new RegExp(`^${id}\\s+Plugin ${id}\\s+yes\\s+1\\s+triage$`, "m"));
    expect(ok(await cli.run(["plugins", "get", id, "--output", "json"])).json()).toMatchObject({ id, revision: 1, skills: [{ name: "triage" }] });
  });

  it("installs a .zip package as it is", async () => {
    const id = `zip_${suffix}`;
    const path = join(cli.home, `${id}.zip`);
    writeFileSync(path, pluginZip({ id }));
    expect(ok(await cli.run(["plugins", "install", path, "--output", "json"])).json()).toMatchObject({ id, revision: 1 });
  });

  it("uploads a package larger than a JSON body may hold", async () => {
    const id = `big_${suffix}`;
    const noise = new Uint8Array(6 * 1024 * 1024);
    for (let at = 0; at < noise.length; at += 65536) crypto.getRandomValues(noise.subarray(at, at + 65536));
    const path = join(cli.home, `${id}.zip`);
    writeFileSync(path, pluginZip({ id, files: { "assets/noise.bin": noise } }));
    expect(ok(await cli.run(["plugins", "install", path, "--comment", "big", "--output", "json"])).json()).toMatchObject({ id, revision: 1 });
  });

  it("publishes a changed directory as the next revision, and the same content as none", async () => {
    const id = `pub_${suffix}`;
    ok(await cli.run(["plugins", "install", pluginDirectory(id)]));
    expect(ok(await cli.run(["plugins", "publish", id, pluginDirectory(id, "2.0.0"), "--comment", "two"])).stdout).toBe(`plugin ${id} is at revision 2\n`);
    expect(ok(await cli.run(["plugins", "publish", id, pluginDirectory(id, "2.0.0")])).stdout).toBe(`plugin ${id} is at revision 2\n`);
    expect(ok(await cli.run(["plugins", "versions", id])).stdout).toMatch(/^2\s+2\.0\.0\s+local-admin\s+\S+\s+triage\s+two$/m);
  });

  it("disables, enables and deletes a plugin", async () => {
    const id = `tog_${suffix}`;
    ok(await cli.run(["plugins", "install", pluginDirectory(id)]));
    expect(ok(await cli.run(["plugins", "disable", id])).stdout).toBe(`plugin ${id} disabled\n`);
    expect(ok(await cli.run(["plugins", "enable", id])).stdout).toBe(`plugin ${id} enabled\n`);
    expect(ok(await cli.run(["plugins", "delete", "--yes", id, "--output", "json"])).json()).toEqual({ deleted: true, plugin_id: id });
    expect(failsWith(await cli.run(["plugins", "get", id]), 1)).toBe(`seizu: plugin ${id} does not exist (HTTP 404)`);
  });

  it("reports the server's objection to a package, naming the file", async () => {
    const id = `bad_${suffix}`;
    const dir = pluginDirectory(id);
    cli.write(`${id}/skills/triage/SKILL.md`, skillMarkdown("other", "Wrong name"));
    expect(failsWith(await cli.run(["plugins", "install", dir]), 1)).toContain("skills/triage/SKILL.md:name");
  });

  it("refuses a directory holding a symbolic link, sending nothing", async () => {
    const id = `link_${suffix}`;
    const dir = pluginDirectory(id);
    symlinkSync("/etc/hostname", join(dir, "skills/triage/hostname"));
    expect(failsWith(await cli.run(["plugins", "install", dir]), 2)).toContain("is a symbolic link");
  });

  it("refuses a path that does not exist", async () => {
    expect(failsWith(await cli.run(["plugins", "install", "no-such-dir"]), 2)).toContain("no such file or directory");
  });
});
