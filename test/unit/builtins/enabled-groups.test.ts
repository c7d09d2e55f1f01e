import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../../worker/app";
import { enabledGroups } from "../../../worker/builtins/enabled-groups";
import { api } from "../../support/api";
import { mcpRequest } from "../../support/mcp-request";

const known = ["graph", "toolsets", "roles", "sandbox"];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MCP_ENABLED_BUILTINS with names that are no exposable group", () => {
  it("ignores an unknown group and keeps the known ones", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect([...enabledGroups("graph,workflows", known)]).toEqual(["graph"]);
  });

  it("warns once per setting value, naming the unknown groups", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    enabledGroups("roles,dashboards,workflows", known);
    enabledGroups("roles,dashboards,workflows", known);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain("unknown groups dashboards, workflows");
  });

  it("never exposes sandbox, and says nothing about it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect([...enabledGroups("sandbox", known)]).toEqual([]);
    expect([...enabledGroups("sandbox", ["graph", "toolsets", "roles"])]).toEqual([]);
    expect([...enabledGroups("toolsets,sandbox", ["graph", "toolsets", "roles"])]).toEqual(["toolsets"]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("serves MCP and REST requests with the seed's own example graph,reports", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const vars = { MCP_ENABLED_BUILTINS: "graph,reports" };
    const response = await createApp().fetch(mcpRequest("tools/list"), { ...env, ...vars });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { tools: { name: string; _meta: { toolset_id: string } }[] } };
    const builtIns = result.tools.filter((tool) => tool._meta.toolset_id === "seizu").map((tool) => tool.name);
    expect(new Set(builtIns.map((name) => name.split("__")[0]))).toEqual(new Set(["graph", "reports"]));
    expect(builtIns).toEqual(expect.arrayContaining(["graph__query", "reports__list", "reports__create_version"]));
    const seizu = await api("GET", "/toolsets/seizu/tools", undefined, { vars });
    expect(seizu.status).toBe(200);
  });
});

describe("MCP_ENABLED_BUILTINS left empty", () => {
  it("enables every exposable group, as upstream Seizu does when the setting is empty", async () => {
    expect([...enabledGroups("", known)]).toEqual(["graph", "toolsets", "roles"]);
    const response = await createApp().fetch(mcpRequest("tools/list"), { ...env, MCP_ENABLED_BUILTINS: "" });
    const { result } = (await response.json()) as { result: { tools: { name: string }[] } };
    expect(result.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["graph__query", "toolsets__list", "workflows__list"]));
  });
});
