// Fixtures for toolset and tool tests, created through the REST API.
import { expect } from "vitest";
import { api } from "./api";

let counter = 0;

/** A fresh lower_snake_case id, unique within the test run. */
export function freshId(prefix: string): string {
  counter++;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

export async function createToolset(overrides: Record<string, unknown> = {}) {
  const id = freshId("ts");
  const { status, body } = await api("POST", "/toolsets", { id, name: "Test toolset", ...overrides });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { id: string; version: number };
}

export async function createTool(toolsetId: string, overrides: Record<string, unknown> = {}) {
  const id = freshId("tool");
  const { status, body } = await api("POST", `/toolsets/${toolsetId}/tools`, { id, name: "Test tool", cypher: "RETURN 1 AS one", ...overrides });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { id: string; version: number; toolset_id: string };
}
