// Upstream Seizu's `seizu whoami` reads GET /me's `user`; its UI shows a change's author by
// looking up GET /users/{created_by}. Profiles come from the claims of the tokens seen.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { UserDirectory } from "../../../worker/users/directory";
import { profileFromClaims } from "../../../worker/users/profile";
import { api } from "../../support/api";
import { freshId } from "../../support/toolsets";

const directory = new UserDirectory(env.DB);
const ISSUER = "https://login.example";

function tokenOf(sub: string, claims: Record<string, unknown> = {}) {
  return profileFromClaims({ sub, iss: ISSUER, iat: 1_700_000_000, ...claims }, ["seizu-editor"]);
}

describe("recording the people seen", () => {
  it("writes once per profile: the same token seen again writes nothing, a new one writes", async () => {
    const sub = freshId("user");
    const profile = tokenOf(sub, { name: "First" });
    await directory.seen(profile);
    await env.DB.prepare("UPDATE users SET display_name = 'changed behind the cache' WHERE user_id = ?1").bind(sub).run();
    await directory.seen({ ...profile });
    expect((await directory.get(sub))?.display_name).toBe("changed behind the cache");
    await directory.seen(tokenOf(sub, { name: "Renamed", iat: 1_700_000_900 }));
    expect((await directory.get(sub))?.display_name).toBe("Renamed");
  });

  it("records the caller of any request after answering it, so their id resolves afterwards", async () => {
    await api("GET", "/toolsets");
    await vi.waitFor(async () => expect((await api("GET", "/users/local-admin")).body.iss).toBe("dev"));
  });
});

describe("GET /me", () => {
  it("answers upstream's user object beside the subject, roles and permissions", async () => {
    const { status, body } = await api("GET", "/me");
    expect(status).toBe(200);
    expect(body.subject).toBe("local-admin");
    expect(body.user).toMatchObject({ user_id: "local-admin", sub: "local-admin", iss: "dev", email: null, role: "seizu-admin", archived_at: null });
    expect(Date.parse(body.user.created_at)).not.toBeNaN();
    expect(Date.parse(body.user.last_login)).not.toBeNaN();
    expect(body.permissions).toContain("toolsets:write");
  });
});

describe("GET /users/{user_id}", () => {
  it("shows a person seen signing in by their subject, with the display name their token carried", async () => {
    const sub = freshId("user");
    await directory.seen(tokenOf(sub, { name: "Ada Lovelace", email: "ada@example.com", preferred_username: "ada" }));
    const { status, body } = await api("GET", `/users/${sub}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      user_id: sub,
      sub,
      iss: ISSUER,
      email: "ada@example.com",
      display_name: "Ada Lovelace",
      preferred_username: "ada",
      created_at: "2023-11-14T22:13:20.000Z",
      last_login: "2023-11-14T22:13:20.000Z",
      archived_at: null,
      role: "seizu-editor",
    });
  });

  it("answers 404 for someone never seen", async () => {
    const { status, body } = await api("GET", `/users/${freshId("nobody")}`);
    expect(status).toBe(404);
    expect(body.error.message).toContain("not found");
  });

  it("keeps a name a later token leaves out, and moves last_login to the newer token", async () => {
    const sub = freshId("user");
    await directory.seen(tokenOf(sub, { name: "Grace Hopper" }));
    await directory.seen(tokenOf(sub, { iat: 1_700_000_600 }));
    const { body } = await api("GET", `/users/${encodeURIComponent(sub)}`);
    expect(body).toMatchObject({ display_name: "Grace Hopper", created_at: "2023-11-14T22:13:20.000Z", last_login: "2023-11-14T22:23:20.000Z" });
  });
});
