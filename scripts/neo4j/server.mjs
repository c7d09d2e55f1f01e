// A real Neo4j 5.26 Community server for development, tests and benchmarks: resolved from
// Maven Central by scripts/neo4j/pom.xml, started on loopback with the HTTP Query API on
// and authentication on, stopped by pid.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync, readdirSync, copyFileSync, rmSync, openSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveMavenJars } from "../lib/maven.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, "../..");
const pomPath = join(here, "pom.xml");
const cacheDir = join(repoRoot, ".local/neo4j");
const libDir = join(cacheDir, "lib");

/** Resolves the server jars once; later calls reuse them while the pom is unchanged. */
export function installNeo4j({ log = console.error } = {}) {
  return resolveMavenJars({ name: "neo4j", what: "Neo4j and APOC", pomPath, libDir, log });
}

/** Asks the OS for a loopback port nobody holds right now. */
export function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

function writeConfig(home, { httpPort, boltPort, heap, pageCache }) {
  const lines = [
    "server.default_listen_address=127.0.0.1",
    `server.http.listen_address=127.0.0.1:${httpPort}`,
    `server.bolt.listen_address=127.0.0.1:${boltPort}`,
    "server.http.enabled=true",
    "server.https.enabled=false",
    "dbms.security.auth_enabled=true",
    // The time limit of every transaction that names none of its own: the Worker's default
    // NEO4J_QUERY_TIMEOUT_SECONDS. The Worker reads it (SHOW SETTINGS) and, as it is no longer
    // than a query's own limit, sends the query as one auto-commit request, which Neo4j ends at
    // this limit; a query with a shorter limit (EXPLAIN) opens a transaction naming its own.
    "db.transaction.timeout=30s",
    `server.memory.heap.initial_size=${heap}`,
    `server.memory.heap.max_size=${heap}`,
    `server.memory.pagecache.size=${pageCache}`,
    `server.directories.data=${join(home, "data")}`,
    `server.directories.logs=${join(home, "logs")}`,
    `server.directories.plugins=${join(home, "plugins")}`,
    `server.directories.run=${join(home, "run")}`,
    "dbms.usage_report.enabled=false",
  ];
  writeFileSync(join(home, "conf/neo4j.conf"), `${lines.join("\n")}\n`);
}

function java(args, { home, lib, stdio }) {
  return {
    cmd: process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin/java") : "java",
    args: ["-cp", `${lib}/*`, ...args],
    env: { ...process.env, NEO4J_HOME: home, NEO4J_CONF: join(home, "conf") },
    stdio,
  };
}

function readPid(home) {
  const file = join(home, "run/seizu-neo4j.pid");
  return existsSync(file) ? Number(readFileSync(file, "utf8")) : undefined;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The connection a running server in `home` was started with, or undefined. */
export function runningNeo4j(home) {
  const pid = readPid(home);
  const stateFile = join(home, "run/connection.json");
  if (!pid || !alive(pid) || !existsSync(stateFile)) return undefined;
  return { ...JSON.parse(readFileSync(stateFile, "utf8")), pid, home };
}

/**
 * Starts a server whose data lives in `home` (created on first use with a generated
 * password) and resolves once /db/neo4j/query/v2 answers an authenticated query.
 */
export async function startNeo4j({ home, httpPort, boltPort, heap = "1g", pageCache = "512m", timeoutMs = 120_000, log = console.error } = {}) {
  const existing = runningNeo4j(home);
  if (existing) return existing;
  const lib = installNeo4j({ log });
  httpPort ??= await freePort();
  boltPort ??= await freePort();
  for (const dir of ["conf", "data", "logs", "plugins", "run"]) mkdirSync(join(home, dir), { recursive: true });
  for (const jar of readdirSync(lib).filter((name) => name.startsWith("apoc-"))) copyFileSync(join(lib, jar), join(home, "plugins", jar));
  writeConfig(home, { httpPort, boltPort, heap, pageCache });

  const passwordFile = join(home, "password");
  if (!existsSync(passwordFile)) {
    // Hex, so the password never starts with "-" and gets read as an option by the admin tool.
    const password = randomBytes(18).toString("hex");
    const admin = java(["org.neo4j.cli.AdminTool", "dbms", "set-initial-password", password], { home, lib });
    const result = spawnSync(admin.cmd, admin.args, { env: admin.env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`neo4j: set-initial-password failed: ${result.stderr || result.stdout}`);
    writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, "utf8");

  const consoleLog = join(home, "logs/console.log");
  const out = openSync(consoleLog, "a");
  const server = java([`-Xms${heap}`, `-Xmx${heap}`, "org.neo4j.server.CommunityEntryPoint", `--home-dir=${home}`, `--config-dir=${join(home, "conf")}`], {
    home,
    lib,
  });
  const child = spawn(server.cmd, server.args, { env: server.env, detached: true, stdio: ["ignore", out, out] });
  child.unref();
  writeFileSync(join(home, "run/seizu-neo4j.pid"), String(child.pid));

  const connection = { url: `http://127.0.0.1:${httpPort}`, boltUrl: `bolt://127.0.0.1:${boltPort}`, user: "neo4j", password };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(child.pid)) {
      const tail = existsSync(join(home, "logs/neo4j.log")) ? readFileSync(join(home, "logs/neo4j.log"), "utf8").split("\n").slice(-30).join("\n") : "";
      throw new Error(`neo4j: the server exited during start-up; see ${home}/logs\n${tail}`);
    }
    if (await answersQuery(connection)) {
      writeFileSync(join(home, "run/connection.json"), JSON.stringify(connection));
      return { ...connection, pid: child.pid, home };
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
  await stopNeo4j(home);
  throw new Error(`neo4j: /db/neo4j/query/v2 did not answer within ${timeoutMs / 1000}s; see ${home}/logs`);
}

async function answersQuery({ url, user, password }) {
  try {
    const response = await fetch(`${url}/db/neo4j/query/v2`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` },
      body: JSON.stringify({ statement: "RETURN 1" }),
      signal: AbortSignal.timeout(2000),
    });
    await response.body?.cancel();
    return response.status === 202 || response.status === 200;
  } catch {
    return false;
  }
}

/** Stops the server of `home` by its pid: SIGTERM, then SIGKILL if it lingers. */
export async function stopNeo4j(home, { graceMs = 30_000 } = {}) {
  const pid = readPid(home);
  rmSync(join(home, "run/connection.json"), { force: true });
  if (!pid || !alive(pid)) return false;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 100));
  if (alive(pid)) process.kill(pid, "SIGKILL");
  rmSync(join(home, "run/seizu-neo4j.pid"), { force: true });
  return true;
}

export const devHome = join(cacheDir, "dev");
