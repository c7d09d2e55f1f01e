// Fixtures for skillset and skill tests, created through the REST API.
import { expect } from "vitest";
import { api } from "./api";
import { freshId } from "./toolsets";

export async function createSkillset(overrides: Record<string, unknown> = {}) {
  const id = freshId("ss");
  const { status, body } = await api("POST", "/skillsets", { id, name: "Test skillset", ...overrides });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { id: string; version: number };
}

export async function createSkill(skillsetId: string, overrides: Record<string, unknown> = {}) {
  const id = freshId("sk");
  const { status, body } = await api("POST", `/skillsets/${skillsetId}/skills`, { id, name: "Test skill", template: "Say hello.", ...overrides });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { id: string; version: number; skillset_id: string; prompt_name: string };
}

/** A skill with a required string, an optional integer with a default and an optional boolean. */
export const summarise = {
  name: "Summarise a host",
  description: "Summarises what the graph knows about one host",
  template: "Summarise host {% $host %} in at most {% $limit %} lines.{%$verbose%}",
  parameters: [
    { name: "host", type: "string", description: "Host name" },
    { name: "limit", type: "integer", description: "Lines", default: 5 },
    { name: "verbose", type: "boolean", required: false },
  ],
  triggers: ["summarise host", "host summary"],
};
