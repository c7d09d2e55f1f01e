// `seizu apps list|revoke` end to end: the real binary against the Worker under `wrangler dev`
// with the edge authorization server on, whose local OAUTH_KV holds apps connected through the
// library before it started (test/support/edge-grants-local.ts): two of the caller's
// (local-admin, who holds oauth:manage) and one of bob's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cli, createCli, failsWith, ok } from "../support/cli";
import type { ConnectedGrant } from "../support/edge-grants";
import { connectAppsLocally } from "../support/edge-grants-local";
import { type RunningWorker, startWorker } from "../support/worker";

let worker: RunningWorker;
let cli: Cli;
let claude: ConnectedGrant;
let chatgpt: ConnectedGrant;
let cursor: ConnectedGrant;

beforeAll(async () => {
  worker = await startWorker({ MCP_AUTHORIZATION_SERVER: "edge" }, async (persistTo) => {
    [claude, chatgpt, cursor] = (await connectAppsLocally(persistTo, [
      { clientName: "Claude", subject: "local-admin", displayName: "Local Admin", scope: "mcp" },
      { clientName: "ChatGPT", subject: "local-admin", scope: "mcp:read" },
      { clientName: "Cursor", subject: "bob", displayName: "Bob B.", scope: "mcp" },
    ])) as [ConnectedGrant, ConnectedGrant, ConnectedGrant];
  });
  cli = createCli({ SEIZU_SERVER: worker.url });
}, 180_000);

afterAll(async () => {
  cli?.cleanup();
  await worker?.stop();
});

const grantIdsOf = (json: { apps: { grant_id: string }[] }) => json.apps.map((app) => app.grant_id).sort();

describe("seizu apps list", () => {
  it("shows the caller's connected apps as a table: client, access, person, dates", async () => {
    const lines = ok(await cli.run(["apps", "list"]))
      .stdout.trimEnd()
      .split("\n");
    expect(lines[0]).toMatch(/^GRANT\s+CLIENT\s+ACCESS\s+PERSON\s+CONNECTED\s+EXPIRES$/);
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.startsWith(claude.grantId))).toMatch(/\sClaude\s+full\s+local-admin \(Local Admin\)\s+\d{4}-\d\d-\d\dT/);
    expect(lines.find((line) => line.startsWith(chatgpt.grantId))).toMatch(/\sChatGPT\s+read-only\s+local-admin\s/);
  });

  it("lists everyone's with --all, and one person's with --subject, as JSON", async () => {
    const all = ok(await cli.run(["apps", "list", "--all", "--output", "json"])).json();
    expect(grantIdsOf(all)).toEqual([claude.grantId, chatgpt.grantId, cursor.grantId].sort());
    const bobs = ok(await cli.run(["apps", "list", "--subject", "bob", "--output", "json"])).json();
    expect(bobs.apps).toEqual([
      expect.objectContaining({ grant_id: cursor.grantId, client_name: "Cursor", subject: "bob", display_name: "Bob B.", access: "full" }),
    ]);
  });

  it("refuses --all with --subject, naming the field and the rule", async () => {
    const line = failsWith(await cli.run(["apps", "list", "--all", "--subject", "bob"]), 1);
    expect(line).toContain("subject");
    expect(line).toContain("all=true");
    expect(line).toContain("HTTP 422");
  });
});

describe("seizu apps revoke", () => {
  it("asks first: without --yes and no terminal it revokes nothing", async () => {
    failsWith(await cli.run(["apps", "revoke", "--", chatgpt.grantId]), 2);
    expect(grantIdsOf(ok(await cli.run(["apps", "list", "--output", "json"])).json())).toContain(chatgpt.grantId);
  });

  it("revokes one of the caller's apps, which is listed no more", async () => {
    expect(ok(await cli.run(["apps", "revoke", "--yes", "--", chatgpt.grantId])).stdout.trim()).toBe(`revoked connected app ${chatgpt.grantId}`);
    expect(grantIdsOf(ok(await cli.run(["apps", "list", "--output", "json"])).json())).toEqual([claude.grantId]);
  });

  it("does not find another person's app without --subject, and leaves it connected", async () => {
    const line = failsWith(await cli.run(["apps", "revoke", "--yes", "--", cursor.grantId]), 1);
    expect(line).toContain("HTTP 404");
    expect(grantIdsOf(ok(await cli.run(["apps", "list", "--subject", "bob", "--output", "json"])).json())).toEqual([cursor.grantId]);
  });

  it("revokes another person's app with --subject", async () => {
    ok(await cli.run(["apps", "revoke", "--subject", "bob", "--yes", "--", cursor.grantId]));
    expect(ok(await cli.run(["apps", "list", "--subject", "bob", "--output", "json"])).json().apps).toEqual([]);
  });

  it("takes a grant id that begins with '-' after --, as its help says", async () => {
    const id = "-AAAAAAAAAAAAAAA";
    expect(failsWith(await cli.run(["apps", "revoke", "--yes", id]), 2)).toContain(`unknown option '${id}'`);
    expect(failsWith(await cli.run(["apps", "revoke", "--yes", "--", id]), 1)).toContain("HTTP 404");
    expect(ok(await cli.run(["apps", "revoke", "--help"])).stdout).toContain("seizu apps revoke --yes -- -");
  });

  it("refuses a malformed grant id, naming the field", async () => {
    const line = failsWith(await cli.run(["apps", "revoke", "nope", "--yes"]), 1);
    expect(line).toContain("grant_id");
    expect(line).toContain("HTTP 422");
  });
});
