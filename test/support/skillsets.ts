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
