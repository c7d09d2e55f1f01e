// Upstream Seizu's `versions` commands print each entry's version, created_by, created_at and
// comment; the author is a user id that GET /users/{user_id} resolves to a name.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { createSkill, createSkillset } from "../../support/skillsets";
import { createTool, createToolset, freshId } from "../../support/toolsets";

async function versionsAt(path: string) {
  const { status, body } = await api("GET", `${path}/versions`);
  expect(status).toBe(200);
  return body.versions as Record<string, unknown>[];
}

describe("version entries carry upstream's created_by", () => {
  it.each([
    ["a toolset", async () => `/toolsets/${(await createToolset()).id}`],
    [
      "a tool",
      async () => {
        const toolset = await createToolset();
        return `/toolsets/${toolset.id}/tools/${(await createTool(toolset.id)).id}`;
      },
    ],
    ["a skillset", async () => `/skillsets/${(await createSkillset()).id}`],
    [
      "a skill",
      async () => {
        const skillset = await createSkillset();
        return `/skillsets/${skillset.id}/skills/${(await createSkill(skillset.id)).id}`;
      },
    ],
    [
      "a role",
      async () => {
        const name = freshId("role");
        expect((await api("POST", "/roles", { id: name, permissions: ["toolsets:read"] })).status).toBe(201);
        return `/roles/${name}`;
      },
    ],
  ])("for %s, naming the author as a user id that resolves", async (_, made) => {
    const [entry] = await versionsAt(await made());
    expect(entry).toMatchObject({ version: 1, created_by: "local-admin", author: "local-admin" });
    expect(typeof entry?.created_at).toBe("string");
    expect((await api("GET", `/users/${entry?.created_by}`)).status).toBe(200);
  });

  it("in one version read alone too", async () => {
    const { id } = await createToolset();
    const { body } = await api("GET", `/toolsets/${id}/versions/1`);
    expect(body).toMatchObject({ version: 1, created_by: "local-admin" });
  });
});
