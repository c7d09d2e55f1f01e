// Vitest global setup: the local HTTP receiver (http-receiver.ts) that stands in for Slack and
// webhook endpoints, for the whole run.
import type { TestProject } from "vitest/node";
import { startHttpReceiver } from "./http-receiver";

declare module "vitest" {
  export interface ProvidedContext {
    receiverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const receiver = await startHttpReceiver();
  project.provide("receiverUrl", receiver.url);
  return receiver.close;
}
