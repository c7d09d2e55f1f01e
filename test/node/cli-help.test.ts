// Every `seizu` command answers --help (the real binary, no server needed), and every command of
// upstream Seizu's CLI (mappedsky/seizu seizu_cli/, master and the agent-plugin branch) exists
// under its upstream name, with upstream's options.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../../cli/seizu.mjs", import.meta.url));

function help(path: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...path, "--help"], (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }));
  });
}

/** The subcommands a help screen lists: the first word of each line under "Commands:", without aliases. */
function subcommands(screen: string): string[] {
  const [, listed = ""] = screen.split(/^Commands:$/m);
  return [...listed.matchAll(/^ {2}([a-z][a-z-]*)(?:\|[a-z-]+)?\b/gm)].map((match) => match[1]!).filter((name) => name !== "help");
}

/** Upstream's 69 leaf commands, and the options each takes beside its arguments. */
const UPSTREAM: [string, string[]][] = [
  ["login", []],
  ["logout", []],
  ["whoami", []],
  ["seed", ["--config", "--force", "--dry-run"]],
  ["export", ["--config", "--dry-run"]],
  ["auth login", []],
  ["auth logout", []],
  ["auth whoami", []],
  ...["list", "get", "versions", "version-get"].map((name): [string, string[]] => [`reports ${name}`, ["-o", "--output"]]),
  ...["create", "clone", "publish", "unpublish", "set-dashboard"].map((name): [string, string[]] => [`reports ${name}`, []]),
  ["reports delete", ["-y", "--yes"]],
  ["spaces list", ["-o", "--output"]],
  ["spaces show", ["-o", "--output"]],
  ...["list", "get", "versions", "version-get"].map((name): [string, string[]] => [`scheduled-queries ${name}`, ["-o", "--output"]]),
  ["scheduled-queries run", []],
  ["scheduled-queries delete", ["-y", "--yes"]],
  ...["list", "get", "versions"].map((name): [string, string[]] => [`workflows ${name}`, ["-o", "--output"]]),
  ["workflows run", []],
  ["workflows delete", ["-y", "--yes"]],
  ...["toolsets", "skillsets"].flatMap((group): [string, string[]][] => [
    ...["list", "get", "versions", "version-get"].map((name): [string, string[]] => [`${group} ${name}`, ["-o", "--output"]]),
    [`${group} create`, ["-d", "--description", "--disabled"]],
    [`${group} update`, ["-n", "--name", "-d", "--description", "--enabled", "--disabled", "-c", "--comment"]],
    [`${group} delete`, ["-y", "--yes"]],
  ]),
  ...["list", "get", "versions", "version-get"].map((name): [string, string[]] => [`toolsets tools ${name}`, ["-o", "--output"]]),
  ["toolsets tools call", ["--arg", "--args-json", "-o", "--output"]],
  ["toolsets tools create", ["-n", "--name", "--cypher", "-d", "--description", "--parameters", "--disabled"]],
  ["toolsets tools update", ["-n", "--name", "--cypher", "-d", "--description", "--parameters", "--enabled", "--disabled", "-c", "--comment"]],
  ["toolsets tools delete", ["-y", "--yes"]],
  ...["list", "get", "versions", "version-get"].map((name): [string, string[]] => [`skillsets skills ${name}`, ["-o", "--output"]]),
  ["skillsets skills create", ["-n", "--name", "--template", "-d", "--description", "--parameters", "--triggers", "--tools-required", "--disabled"]],
  [
    "skillsets skills update",
    ["-n", "--name", "--template", "-d", "--description", "--parameters", "--triggers", "--tools-required", "--enabled", "--disabled", "-c", "--comment"],
  ],
  ["skillsets skills delete", ["-y", "--yes"]],
  ["skillsets skills render", ["--args-json", "-o", "--output"]],
  ...["validate", "install", "list", "show", "enable", "disable"].map((name): [string, string[]] => [`plugins ${name}`, []]),
  ["plugins remove", ["--yes"]],
  ["plugins download", ["-o", "--output"]],
];

describe("seizu --help", () => {
  it("answers for the program, every group and every command", async () => {
    const pending: string[][] = [[]];
    const seen: string[] = [];
    while (pending.length > 0) {
      const batch = pending.splice(0, 8);
      const screens = await Promise.all(batch.map(help));
      batch.forEach((path, index) => {
        const { code, stdout } = screens[index]!;
        expect(code, `seizu ${path.join(" ")} --help`).toBe(0);
        expect(stdout).toMatch(new RegExp(`^Usage: seizu${path.map((word) => ` ${word}`).join("")}\\b`));
        seen.push(path.join(" "));
        for (const name of subcommands(stdout)) pending.push([...path, name]);
      });
    }
    expect(seen.length).toBeGreaterThan(120);
  }, 600_000);

  it.each(UPSTREAM)("has upstream's %s with its options", async (command, options) => {
    const { code, stdout } = await help(command.split(" "));
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: seizu ${command}\\b`));
    // -o/--output is a global option, accepted by every command and listed once, under Global Options.
    for (const option of options) expect(stdout).toMatch(new RegExp(`(^|[\\s,])${option}\\b`, "m"));
  });

  it("lists upstream's 69 commands", () => {
    expect(UPSTREAM).toHaveLength(69);
  });
});
