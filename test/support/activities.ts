// Calling workflow activities the way the runner and the workflows service do: real settings
// (with per-test overrides), the run's Neo4j, and the local HTTP receiver's record of requests.
import { env } from "cloudflare:workers";
import { loadConfig, type Config } from "../../worker/config";
import type { JsonObject } from "../../worker/neo4j/json";
import { activityIssues, runActivity } from "../../worker/workflows/activities/registry";
import type { Activity } from "../../worker/workflows/schemas";
import type { ReceivedRequest } from "../setup/http-receiver";
import { testNeo4j } from "./neo4j";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig(env), ...overrides };
}

export function activity(type: string, parameters: Record<string, unknown>, input: string | null = "rows"): Activity {
  return { type, input, output: "out", parameters };
}

export function issuesOf(step: Activity, overrides: Partial<Config> = {}, path: (string | number)[] = ["stages", 1, "activities", 0]) {
  const config = testConfig(overrides);
  return activityIssues(step, path, { config, neo4j: testNeo4j(), allowedProcedures: config.QUERY_VALIDATOR_ALLOWED_PROCEDURES });
}

export function run(step: Activity, input: JsonObject[] | undefined, overrides: Partial<Config> = {}, testEnv: object = env) {
  return runActivity(
    { workflowId: "wf-1", runId: "run-1", activity: step, input },
    { config: testConfig(overrides), env: testEnv as typeof env, neo4j: testNeo4j() },
  );
}

/** A fresh place on the receiver: its base URL and what it has received there. */
export function receiverSpot() {
  const key = crypto.randomUUID();
  return {
    url: `${env.RECEIVER_URL}/k/${key}`,
    async received(): Promise<ReceivedRequest[]> {
      const response = await fetch(`${env.RECEIVER_URL}/_received?key=${key}`);
      return (await response.json()) as ReceivedRequest[];
    },
  };
}

/** The receiver's host:port, as WORKFLOW_WEBHOOK_ALLOWED_HOSTS lists it. */
export const receiverHost = () => new URL(env.RECEIVER_URL).host;
