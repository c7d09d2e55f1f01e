// Vitest global setup: one real SQS-compatible server (ElasticMQ) for the whole run.
// ELASTICMQ_URL reuses a running one; otherwise one is started on a free loopback port and
// stopped afterwards. Queues live in memory; each test creates its own.
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper shared with the npm scripts
import { startElasticMq } from "../../scripts/elasticmq/server.mjs";
// @ts-expect-error plain ESM helper shared with the npm scripts
import { repoRoot } from "../../scripts/neo4j/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    elasticMqUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.ELASTICMQ_URL) {
    project.provide("elasticMqUrl", process.env.ELASTICMQ_URL);
    return;
  }
  const home = join(repoRoot, `.local/elasticmq/test-${process.pid}`);
  const server = await startElasticMq({ home });
  project.provide("elasticMqUrl", server.url);
  return async () => {
    await server.stop();
    rmSync(home, { recursive: true, force: true });
  };
}
