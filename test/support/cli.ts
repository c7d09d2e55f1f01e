// Running the real `seizu` binary from tests: `node cli/seizu.mjs ...` in a child process,
// with HOME and XDG_CONFIG_HOME in a temporary directory so that no developer's seizu.conf
// (or SEIZU_* variables) leaks in, capturing stdout, stderr and the exit code.
import { afterAll, beforeAll, expect } from "vitest";
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startWorker, type RunningWorker } from "./worker";

const bin = fileURLToPath(new URL("../../cli/seizu.mjs", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for --output json). */
  json<T = any>(): T;
}

export interface Cli {
  /** The temporary HOME; XDG_CONFIG_HOME is its .config. */
  home: string;
  /** Runs `seizu ...args`; `env` adds to (or, with undefined, removes from) the defaults. */
  run(args: string[], env?: Record<string, string | undefined>): Promise<CliResult>;
  /**
   * Runs `seizu ...args` on a terminal (a pseudo-terminal util-linux's `script` opens), typing
   * `input` into it; what the terminal showed comes back as stdout (stderr merged, CR LF as LF).
   */
  runInTerminal(args: string[], input: string): Promise<CliResult>;
  /**
   * Starts `seizu ...args` without waiting for it: `stderrMatching` waits for what it prints on
   * stderr (a sign-in URL), `done` for its end.
   */
  start(args: string[]): { stderrMatching(pattern: RegExp): Promise<RegExpMatchArray>; done: Promise<CliResult> };
  /** Writes a file under HOME (parents created) and returns its absolute path. */
  write(path: string, text: string): string;
  /** Writes $XDG_CONFIG_HOME/seizu/seizu.conf. */
  writeConf(text: string): string;
  cleanup(): void;
}

/** A CLI user with an empty home; `env` applies to every run (e.g. SEIZU_SERVER). */
export function createCli(env: Record<string, string> = {}): Cli {
  const home = mkdtempSync(join(tmpdir(), "seizu-cli-"));
  const base: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), ...env };
  for (const name of ["SEIZU_SERVER", "SEIZU_API_URL", "SEIZU_TOKEN", "SEIZU_CONFIG", "SEIZU_CONFIG_FILE", "SEIZU_CREDENTIALS_FILE"])
    if (!(name in env)) delete base[name];
  const write = (path: string, text: string) => {
    const absolute = join(home, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, text);
    return absolute;
  };
  return {
    home,
    write,
    writeConf: (text) => write(".config/seizu/seizu.conf", text),
    run(args, extra = {}) {
      const childEnv = { ...base, ...extra };
      for (const [name, value] of Object.entries(extra)) if (value === undefined) delete childEnv[name];
      return new Promise((resolve) => {
        // process.execPath: the Node 22 running the tests (the project's own, via node_modules/.bin).
        execFile(process.execPath, [bin, ...args], { cwd: home, env: childEnv, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          resolve({
            code,
            stdout,
            stderr,
            json: () => JSON.parse(stdout),
          });
        });
      });
    },
    runInTerminal(args, input) {
      const command = [process.execPath, bin, ...args].map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(" ");
      return new Promise((resolve) => {
        const child = execFile("script", ["-qec", command, "/dev/null"], { cwd: home, env: base }, (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          const shown = stdout.replaceAll("\r\n", "\n");
          resolve({ code, stdout: shown, stderr, json: () => JSON.parse(shown) });
        });
        child.stdin?.end(input);
      });
    },
    start(args) {
      const child = spawn(process.execPath, [bin, ...args], { cwd: home, env: base, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      const waiting: (() => void)[] = [];
      child.stdout.on("data", (chunk) => (stdout += chunk));
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
        for (const check of waiting) check();
      });
      const done = new Promise<CliResult>((resolve) =>
        child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr, json: () => JSON.parse(stdout) })),
      );
      const stderrMatching = (pattern: RegExp) =>
        new Promise<RegExpMatchArray>((resolve, reject) => {
          const check = () => {
            const match = stderr.match(pattern);
            if (match) resolve(match);
          };
          waiting.push(check);
          check();
          void done.then(() => reject(new Error(`seizu ended without printing ${pattern}; stderr: ${stderr}`)));
        });
      return { stderrMatching, done };
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** Asserts success and returns the result, showing stderr when it failed. */
export function ok(result: CliResult): CliResult {
  expect(result.code, `exit ${result.code}; stderr: ${result.stderr}; stdout: ${result.stdout}`).toBe(0);
  return result;
}

/** Asserts a failure reported as exactly one `seizu: ...` line on stderr, and returns that line. */
export function failsWith(result: CliResult, code: number): string {
  expect(result.code, `stdout: ${result.stdout}`).toBe(code);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^seizu: /);
  return lines[0]!;
}

/**
 * For one test file: a Worker under `wrangler dev`, started before its tests, and a CLI user
 * pointed at it; `started` receives both, and both go when the file's tests are done.
 * @param vars the Worker's variables beyond the tests' defaults
 */
export function cliOnWorker(started: (stack: { worker: RunningWorker; cli: Cli }) => void, vars: Record<string, string> = {}): void {
  let stack: { worker: RunningWorker; cli: Cli } | undefined;
  beforeAll(async () => {
    const worker = await startWorker(vars);
    stack = { worker, cli: createCli({ SEIZU_SERVER: worker.url }) };
    started(stack);
  });
  afterAll(async () => {
    stack?.cli.cleanup();
    await stack?.worker.stop();
  });
}
