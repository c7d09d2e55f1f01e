import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BUILT_IN_ROLES } from "../../../worker/auth/permissions";
import { permissionsOf } from "../../../worker/roles/permissions-of";
import { api } from "../../support/api";
import { freshId } from "../../support/toolsets";

async function grantsOf(permissions: string[]) {
  const id = freshId("alias").replaceAll("_", "-");
  const { status } = await api("POST", "/roles", { id, permissions });
  expect(status).toBe(201);
  return [...(await permissionsOf(env.DB, [id], 0))].sort();
}

describe("plugins, skillsets and skills permissions (upstream aliasing)", () => {
  it("grants skillsets:X and skills:X with plugins:X", async () => {
    expect(await grantsOf(["plugins:read"])).toEqual(["plugins:read", "skills:read", "skillsets:read"]);
  });

  it("grants plugins:X only with both skillsets:X and skills:X", async () => {
    expect(await grantsOf(["skillsets:write", "skills:write"])).toEqual(["plugins:write", "skills:write", "skillsets:write"]);
  });

  it("does not grant plugins:X with skillsets:X alone", async () => {
    expect(await grantsOf(["skillsets:delete"])).toEqual(["skillsets:delete"]);
  });

  it("never implies skills:render", async () => {
    expect(await grantsOf(["plugins:read", "plugins:write", "plugins:delete"])).not.toContain("skills:render");
  });

  it("lets viewers read and render skills but not write them", () => {
    const viewer = BUILT_IN_ROLES.get("seizu-viewer")?.permissions ?? [];
    expect(viewer).toEqual(expect.arrayContaining(["skillsets:read", "skills:read", "skills:render", "plugins:read"]));
    expect(viewer).not.toContain("skills:write");
  });
});
