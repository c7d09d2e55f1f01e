// Upstream Seizu's own CLI (mappedsky/seizu's seizu_cli), run as a Seizu user would against this
// Worker. It is not on PyPI and CI cannot reach GitHub, so it runs where
// `npm run upstream-cli:install -- <checkout>` put it (.local/upstream-cli/bin/seizu), or where
// SEIZU_UPSTREAM_CLI names its executable; `upstreamCli` is undefined elsewhere.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const installed = fileURLToPath(new URL("../../.local/upstream-cli/bin/seizu", import.meta.url));
export const upstreamCli = process.env.SEIZU_UPSTREAM_CLI ?? (existsSync(installed) ? installed : undefined);

/** Whether the installed CLI has a command group (`plugins` is on upstream's agent-plugin branch only). */
export const upstreamHas = (group: string) => upstreamCli !== undefined && spawnSync(upstreamCli, [group, "--help"], { stdio: "ignore" }).status === 0;

/** Where upstream-cli:install noted the upstream commit it installed. */
export const upstreamSourceFile = fileURLToPath(new URL("../../.local/upstream-cli/upstream.json", import.meta.url));

export interface UpstreamResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** An upstream CLI user with an empty home, pointed at `apiUrl` by upstream's own global option. */
export function upstreamUser(bin: string, apiUrl: string) {
  const home = mkdtempSync(join(tmpdir(), "seizu-upstream-"));
  // A wide terminal, so that rich's tables do not wrap the values the tests read.
  const env = { PATH: process.env.PATH ?? "", HOME: home, COLUMNS: "240", NO_COLOR: "1" };
  return {
    home,
    write(name: string, text: string): string {
      const path = join(home, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
    /** `seizu --api-url URL --token … --credentials-file … <args>`, as upstream documents them. */
    run(args: string[]): Promise<UpstreamResult> {
      const globals = ["--api-url", apiUrl, "--token", "upstream-cli-test", "--credentials-file", join(home, "credentials.json")];
      return new Promise((resolve) => {
        execFile(bin, [...globals, ...args], { cwd: home, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
        });
      });
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}
