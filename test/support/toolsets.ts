// Fixtures for toolset and tool tests, created through the REST API.
import { expect } from "vitest";
import type { BodyOf } from "../../worker/api";
import { call } from "./api";

let counter = 0;

/** A fresh lower_snake_case id, unique within the test run. */
export function freshId(prefix: string): string {
  counter++;
  return `${prefix}_${Date.now().toString(36)}_${counter}`;
}

export async function createToolset(overrides: Partial<BodyOf<"toolsets_create">> = {}) {
  const id = freshId("ts");
  const { status, body } = await call("toolsets_create", { body: { id, name: "Test toolset", ...overrides } });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

export async function createTool(toolsetId: string, overrides: Partial<BodyOf<"toolsets_tool_create">> = {}) {
  const id = freshId("tool");
  const { status, body } = await call("toolsets_tool_create", {
    params: { toolset_id: toolsetId },
    body: { id, name: "Test tool", cypher: "RETURN 1 AS one", ...overrides },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}
