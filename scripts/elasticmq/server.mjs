// A real SQS-compatible queue server (ElasticMQ) for the sqs workflow activity's tests:
// resolved from Maven Central by scripts/elasticmq/pom.xml, started on a free loopback port
// with an in-memory store, stopped with its process. It speaks the SQS JSON protocol and
// accepts any credentials, so a SigV4-signed client talks to it as to AWS.
import { spawn } from "node:child_process";
import { mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveMavenJars } from "../lib/maven.mjs";
import { freePort, repoRoot } from "../neo4j/server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const pomPath = join(here, "pom.xml");
const cacheDir = join(repoRoot, ".local/elasticmq");
const libDir = join(cacheDir, "lib");

/** Resolves the server jars once; later calls reuse them while the pom is unchanged. */
export function installElasticMq({ log = console.error } = {}) {
  return resolveMavenJars({ name: "elasticmq", what: "ElasticMQ", pomPath, libDir, log });
}

/** ElasticMQ's defaults (classpath application.conf) with the REST SQS API on loopback only. */
function config(port) {
  return [
    'include classpath("application.conf")',
    `node-address { protocol = http, host = "127.0.0.1", port = ${port}, context-path = "" }`,
    `rest-sqs { enabled = true, bind-port = ${port}, bind-hostname = "127.0.0.1", sqs-limits = strict }`,
    "rest-stats { enabled = false }",
    "",
  ].join("\n");
}

/** Whether the server answers an SQS JSON-protocol call (ElasticMQ does not check signatures). */
async function answers(url) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": "AmazonSQS.ListQueues" },
      body: "{}",
      signal: AbortSignal.timeout(2000),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts a server whose config and log live in `home` and resolves once it answers, with
 * its endpoint and a stop function. Queues live in memory and go with the process.
 */
export async function startElasticMq({ home, port, timeoutMs = 60_000, log = console.error } = {}) {
  const lib = installElasticMq({ log });
  port ??= await freePort();
  mkdirSync(home, { recursive: true });
  const conf = join(home, "elasticmq.conf");
  writeFileSync(conf, config(port));
  const out = openSync(join(home, "console.log"), "a");
  const javaBin = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin/java") : "java";
  const child = spawn(javaBin, [`-Dconfig.file=${conf}`, "-Xmx256m", "-cp", `${lib}/*`, "org.elasticmq.server.Main"], { stdio: ["ignore", out, out] });
  const exited = new Promise((done) => child.once("exit", done));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const tail = readFileSync(join(home, "console.log"), "utf8").split("\n").slice(-30).join("\n");
      throw new Error(`elasticmq: the server exited during start-up (exit ${child.exitCode}); see ${home}/console.log\n${tail}`);
    }
    if (await answers(url)) return { url, pid: child.pid, stop };
    await new Promise((ok) => setTimeout(ok, 200));
  }
  await stop();
  throw new Error(`elasticmq: ${url} did not answer within ${timeoutMs / 1000}s; see ${home}/console.log`);
}
