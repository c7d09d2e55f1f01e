// Java servers for local use and tests (Neo4j, ElasticMQ), resolved from Maven Central by a
// pom.xml next to their scripts: `mvn dependency:copy-dependencies` into a folder, once, and
// again only when the pom changes (its digest is kept beside the jars).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The jars of `pomPath` in `libDir`, resolved on first use; `name` prefixes messages. */
export function resolveMavenJars({ name, pomPath, libDir, what, log = console.error }) {
  const digest = createHash("sha256").update(readFileSync(pomPath)).digest("hex");
  const marker = join(libDir, ".pom-sha256");
  if (existsSync(marker) && readFileSync(marker, "utf8") === digest) return libDir;
  log(`${name}: resolving ${what} from Maven Central (first run only)...`);
  const staging = `${libDir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  const mvn = spawnSync("mvn", ["-B", "-q", "-f", pomPath, "dependency:copy-dependencies", `-DoutputDirectory=${staging}`, "-DincludeScope=runtime"], {
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (mvn.error || mvn.status !== 0) {
    throw new Error(`${name}: Maven could not resolve the server (exit ${mvn.status}): ${mvn.error?.message ?? ""}\n${mvn.stdout}\n${mvn.stderr}`);
  }
  rmSync(libDir, { recursive: true, force: true });
  renameSync(staging, libDir);
  writeFileSync(marker, digest);
  return libDir;
}
