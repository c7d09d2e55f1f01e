// Action confirmations end to end: real MCP clients, a real OpenID provider (two users, two
// sessions each), the Durable Object ledger under wrangler dev.
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectV1 } from "../support/mcp-clients";
import { installPythonMcp, pythonGatedCall } from "../support/python-client";
import { rawToolCall } from "../support/mcp-raw";
import { AUDIENCE, signingKey, TestIdentityProvider } from "../support/oidc";
import { rest } from "../support/rest";
import { startWorker, type RunningWorker } from "../support/worker";

let idp: TestIdentityProvider;
let urlMode: RunningWorker;
let formMode: RunningWorker;
let shortLived: RunningWorker;
let permissionMode: RunningWorker;
/** URL mode whose continuations wait 2 s for the person's decision (the default is 40 s). */
let shortWait: RunningWorker;
const suffix = Date.now().toString(36);
let counter = 0;
const freshToolset = () => `conf_${suffix}_${++counter}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const mcpUrl = (worker: RunningWorker) => `${worker.url}/api/v1/mcp`;

type ElicitAnswer = (request: { params: Record<string, any> }) => Promise<Record<string, unknown>>;

async function v2(worker: RunningWorker, token: string, elicitation: { url: Record<string, never> } | { form: Record<string, never> }, answer: ElicitAnswer) {
  const client = new ClientV2(
    { name: "confirmations-e2e", version: "1" },
    { capabilities: { elicitation }, versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  client.setRequestHandler("elicitation/create", answer as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl(worker)), { requestInit: { headers: bearer(token) } }));
  return client;
}

const confirmationOf = (link: string) => link.split("/confirmations/")[1]!;
/** The person opens the confirmation page `link` names and decides `afterMs` later, while the client goes on. */
const decideOnPageLater = (link: string, decision: "approve" | "deny", token: string, afterMs: number) =>
  setTimeout(() => void rest(urlMode.url, "POST", `/confirmations/${confirmationOf(link)}/${decision}`, undefined, bearer(token)), afterMs);
const structured = (result: object) => ("structuredContent" in result ? result.structuredContent : undefined) as Record<string, any>;

async function startAuthWorker(vars: Record<string, string> = {}) {
  return startWorker({ DEVELOPMENT_ONLY_REQUIRE_AUTH: "true", OIDC_AUTHORITY: idp.issuer, OIDC_AUDIENCE: AUDIENCE, ...vars });
}

beforeAll(async () => {
  const key = await signingKey("confirm-key");
  idp = await TestIdentityProvider.start(
    [
      { clientId: "alice", roles: ["seizu-admin"] },
      { clientId: "bob", roles: ["seizu-admin"] },
      { clientId: "writer", roles: ["toolset-writer"] },
    ],
    [key.privateJwk],
  );
  installPythonMcp();
  [urlMode, formMode, shortLived, permissionMode, shortWait] = await Promise.all([
    startAuthWorker(),
    startAuthWorker({ MCP_CONFIRMATION_ELICITATION_MODE: "form" }),
    startAuthWorker({ ACTION_CONFIRMATION_TTL_SECONDS: "2" }),
    startAuthWorker({ MCP_CONFIRMATION_ELICITATION_MODE: "permission" }),
    startAuthWorker({ ACTION_CONFIRMATION_URL_WAIT_SECONDS: "2" }),
  ]);
  // A writer may create toolsets but does not hold chat:bypass_permissions.
  const role = await rest(
    permissionMode.url,
    "POST",
    "/roles",
    { id: "toolset-writer", permissions: ["toolsets:read", "toolsets:write"] },
    bearer(await idp.token("alice")),
  );
  expect(role.status).toBe(201);
});
afterAll(async () => {
  await Promise.all([urlMode?.stop(), formMode?.stop(), shortLived?.stop(), permissionMode?.stop(), shortWait?.stop()]);
  await idp?.stop();
});

const exists = async (worker: RunningWorker, token: string, id: string) =>
  (await rest(worker.url, "GET", `/toolsets/${id}`, undefined, bearer(token))).status === 200;

/** alice creates toolset `name` through the official Python client; she decides on the page `afterMs` after the link comes. */
async function pythonCallDecidedOnPage(name: string, decision: "approve" | "deny", afterMs: number) {
  const [session, browser] = [await idp.token("alice"), await idp.token("alice")];
  const id = freshToolset();
  const outcome = await pythonGatedCall(mcpUrl(urlMode), session, "toolsets__create", { toolset_id: id, name }, (link) => {
    decideOnPageLater(link, decision, browser, afterMs);
  });
  return { id, outcome, created: () => exists(urlMode, browser, id) };
}

describe("URL mode (the default) with the SDK v2 client", () => {
  it("runs the action after the owner approves on the confirmation page", async () => {
    const [session, browser] = [await idp.token("alice"), await idp.token("alice")];
    const id = freshToolset();
    const seen: string[] = [];
    const client = await v2(urlMode, session, { url: {} }, async ({ params }) => {
      seen.push(params.mode);
      const confirmationId = confirmationOf(params.url);
      const page = await rest(urlMode.url, "GET", `/confirmations/${confirmationId}`, undefined, bearer(browser));
      expect(page.body).toMatchObject({
        status: "pending",
        tool: "toolsets__create",
        target: `/toolsets/${id}`,
        arguments: { toolset_id: id, name: "Approved" },
      });
      expect((await rest(urlMode.url, "POST", `/confirmations/${confirmationId}/approve`, undefined, bearer(browser))).body.status).toBe("approved");
      return { action: "accept" };
    });
    const result = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Approved" } });
    expect(seen).toEqual(["url"]);
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ id, name: "Approved", created_by: "alice" });
  });

  it("does not run an action denied on the page, says so at once, and the page keeps the denial", async () => {
    const [session, browser] = [await idp.token("alice"), await idp.token("alice")];
    const id = freshToolset();
    const pages: string[] = [];
    const client = await v2(urlMode, session, { url: {} }, async ({ params }) => {
      const confirmationId = confirmationOf(params.url);
      pages.push(confirmationId);
      await rest(urlMode.url, "POST", `/confirmations/${confirmationId}/deny`, undefined, bearer(browser));
      return { action: "accept" };
    });
    const result = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Denied" } });
    expect(result.isError).toBe(true);
    expect(structured(result).block_reason).toBe("confirmation_denied");
    expect(pages).toHaveLength(1);
    expect((await rest(urlMode.url, "GET", `/confirmations/${pages[0]}`, undefined, bearer(browser))).body).toMatchObject({
      status: "denied",
      decided_via: "url",
    });
    expect(await exists(urlMode, browser, id)).toBe(false);
  });

  it("refuses the attempt when the client declines the link; only the next identical call may ask again", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    let prompts = 0;
    const client = await v2(urlMode, token, { url: {} }, async () => {
      prompts++;
      return { action: "decline" };
    });
    const call = { name: "toolsets__create", arguments: { toolset_id: id, name: "Declined" } };
    const declined = await client.callTool(call);
    expect(declined.isError).toBe(true);
    expect(structured(declined)).toMatchObject({ block_reason: "confirmation_denied", confirmation: { status: "denied", decided_via: "client" } });
    expect(prompts).toBe(1);
    expect(structured(await client.callTool(call)).block_reason).toBe("confirmation_denied");
    expect(prompts).toBe(2);
    expect(structured(await client.callTool(call)).block_reason).toBe("confirmation_denied");
    expect(prompts).toBe(2);
    expect(await exists(urlMode, token, id)).toBe(false);
  });

  it("runs nothing for a client claiming approval the ledger does not hold: after the wait the approval is still pending", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const call = { name: "toolsets__create", arguments: { toolset_id: id, name: "Claimed" } };
    const first = await rawToolCall(mcpUrl(shortWait), token, call);
    expect(first.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { approval: { method: "elicitation/create", params: { mode: "url" } } },
    });
    const claimed = await rawToolCall(mcpUrl(shortWait), token, {
      ...call,
      inputResponses: { approval: { action: "accept" } },
      requestState: first.result.requestState,
    });
    expect(claimed.result.resultType).not.toBe("input_required");
    expect(claimed.result.structuredContent).toMatchObject({ confirmation_pending: true, confirmation: { status: "pending" } });
    expect(claimed.result.structuredContent.confirmation.url).toBe(first.result.inputRequests.approval.params.url);
    expect(await exists(shortWait, token, id)).toBe(false);
  });

  it("gives a client that only advertises a bare elicitation: {} the URL as content, never a URL request", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const reply = await rawToolCall(mcpUrl(urlMode), token, { name: "toolsets__create", arguments: { toolset_id: id, name: "Bare" } }, { elicitation: {} });
    expect(reply.result.resultType).not.toBe("input_required");
    expect(reply.result.structuredContent).toMatchObject({ confirmation_required: true, confirmation: { url: expect.stringContaining("/confirmations/") } });
  });
});

describe("URL mode with the official clients' default drivers, which accept the link at once", () => {
  it("SDK v2: waits for the person's approval on the page and runs, in one elicitation", async () => {
    const [session, browser] = [await idp.token("alice"), await idp.token("alice")];
    const id = freshToolset();
    const links: string[] = [];
    const client = await v2(urlMode, session, { url: {} }, async ({ params }) => {
      links.push(params.url);
      decideOnPageLater(params.url, "approve", browser, 1_500);
      return { action: "accept" };
    });
    const started = Date.now();
    const result = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Approved later" } });
    expect(links).toHaveLength(1);
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ id, name: "Approved later" });
    // Woken by the decision, not by the end of the 40 s wait.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it("SDK v2: answers, not an error, that the approval is still pending when nobody decides within the wait", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    let elicitations = 0;
    const client = await v2(shortWait, token, { url: {} }, async () => {
      elicitations++;
      return { action: "accept" };
    });
    const result = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Nobody decided" } });
    expect(elicitations).toBe(1);
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ confirmation_pending: true, confirmation: { status: "pending" } });
    expect((result.content as { text: string }[])[0]!.text).toContain("still pending at");
    expect(await exists(shortWait, token, id)).toBe(false);
  });

  it("official Python client (mcp 2.3): waits for the approval given on the page and runs, in one elicitation", async () => {
    const { id, outcome, created } = await pythonCallDecidedOnPage("Via Python", "approve", 1_500);
    expect(outcome).toMatchObject({ protocol: "2026-07-28", elicitations: 1, is_error: false, structured: { id, name: "Via Python" } });
    expect(outcome.seconds).toBeLessThan(20);
    expect(await created()).toBe(true);
  });

  it("official Python client (mcp 2.3): one elicitation, then a non-error 'still pending' when nobody decides", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const outcome = await pythonGatedCall(mcpUrl(shortWait), token, "toolsets__create", { toolset_id: id, name: "Python, undecided" });
    expect(outcome).toMatchObject({ elicitations: 1, is_error: false, structured: { confirmation_pending: true } });
    expect(outcome.seconds).toBeGreaterThanOrEqual(2);
    expect(await exists(shortWait, token, id)).toBe(false);
  });

  it("official Python client (mcp 2.3): refuses at once when the person denies on the page during the wait", async () => {
    const { outcome, created } = await pythonCallDecidedOnPage("Python, denied", "deny", 1_000);
    expect(outcome).toMatchObject({ elicitations: 1, is_error: true, structured: { block_reason: "confirmation_denied" } });
    expect(outcome.text).toContain("Declined: alice declined");
    expect(outcome.seconds).toBeLessThan(20);
    expect(await created()).toBe(false);
  });
});

describe("form mode with the SDK v2 client", () => {
  it("runs the action when the client's dialog approves", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const client = await v2(formMode, token, { form: {} }, async ({ params }) => {
      expect(params.mode ?? "form").toBe("form");
      expect(params.message).toContain(id);
      return { action: "accept", content: { approve: true } };
    });
    const result = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Form approved" } });
    expect(structured(result)).toMatchObject({ id, version: 1 });
  });

  it("refuses on decline, then prompts once more for the identical action (retry), which can approve", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const answers = [{ action: "decline" }, { action: "accept", content: { approve: true } }];
    const client = await v2(formMode, token, { form: {} }, async () => answers.shift()!);
    const declined = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Retry" } });
    expect(structured(declined).block_reason).toBe("confirmation_denied");
    expect(await exists(formMode, token, id)).toBe(false);
    const retried = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Retry" } });
    expect(structured(retried)).toMatchObject({ id, name: "Retry" });
    expect(answers).toHaveLength(0);
  });

  it("leaves the confirmation pending on cancel and runs nothing", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const client = await v2(formMode, token, { form: {} }, async () => ({ action: "cancel" }));
    const result = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Cancelled" } });
    expect(structured(result)).toMatchObject({ block_reason: "confirmation_cancelled" });
    const page = await rest(formMode.url, "GET", `/confirmations/${structured(result).confirmation_id}`, undefined, bearer(token));
    expect(page.body.status).toBe("pending");
    expect(await exists(formMode, token, id)).toBe(false);
  });

  it("stops prompting after five denials in a session, whatever the arguments, while approved actions still run", async () => {
    const token = await idp.token("bob");
    const approvedId = freshToolset();
    const pendingReply = await rawToolCall(mcpUrl(formMode), token, { name: "toolsets__create", arguments: { toolset_id: approvedId, name: "Kept" } }, {});
    const approvedConfirmation = pendingReply.result.structuredContent.confirmation.id;
    await rest(formMode.url, "POST", `/confirmations/${approvedConfirmation}/approve`, undefined, bearer(token));
    let prompts = 0;
    const client = await v2(formMode, token, { form: {} }, async () => {
      prompts++;
      return { action: "decline" };
    });
    for (let i = 0; i < 5; i++) await client.callTool({ name: "toolsets__create", arguments: { toolset_id: freshToolset(), name: `Denied ${i}` } });
    expect(prompts).toBe(5);
    const blocked = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: freshToolset(), name: "Changed arguments" } });
    expect(structured(blocked)).toMatchObject({ block_reason: "confirmation_denial_limit", denials: 5, limit: 5 });
    expect(prompts).toBe(5);
    const stillApproved = await rawToolCall(mcpUrl(formMode), token, { name: "toolsets__create", arguments: { toolset_id: approvedId, name: "Kept" } }, {});
    expect(stillApproved.result.structuredContent).toMatchObject({ id: approvedId, name: "Kept" });
  });

  it("cannot reverse a denial with a form continuation", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const call = { name: "toolsets__create", arguments: { toolset_id: id, name: "Reversal" } };
    const first = await rawToolCall(mcpUrl(formMode), token, call);
    const state = first.result.requestState;
    await rawToolCall(mcpUrl(formMode), token, { ...call, inputResponses: { approval: { action: "decline" } }, requestState: state });
    const reversal = await rawToolCall(mcpUrl(formMode), token, {
      ...call,
      inputResponses: { approval: { action: "accept", content: { approve: true } } },
      requestState: state,
    });
    expect(reversal.result.structuredContent?.id).toBeUndefined();
    expect(await exists(formMode, token, id)).toBe(false);
  });
});

describe("permission mode", () => {
  it("uses the form for callers holding chat:bypass_permissions and the page for everyone else", async () => {
    const call = (id: string) => ({ name: "toolsets__create", arguments: { toolset_id: id, name: "Permission mode" } });
    const admin = await rawToolCall(mcpUrl(permissionMode), await idp.token("alice"), call(freshToolset()));
    expect(admin.result.inputRequests.approval.params.mode).toBe("form");
    const writer = await rawToolCall(mcpUrl(permissionMode), await idp.token("writer"), call(freshToolset()));
    expect(writer.result.inputRequests.approval.params).toMatchObject({ mode: "url", url: expect.stringContaining("/confirmations/") });
  });
});

describe("content fallback with the SDK v1 client (2025-11-25)", () => {
  it("returns the confirmation URL as content; after approval on the page the same call runs", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const { client } = await connectV1(mcpUrl(urlMode), "2025-11-25", { headers: bearer(token) });
    const first = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Via v1" } });
    const confirmation = structured(first).confirmation;
    expect(structured(first).confirmation_required).toBe(true);
    expect((first.content as { text: string }[])[0]!.text).toContain(confirmation.url);
    expect(await exists(urlMode, token, id)).toBe(false);
    await rest(urlMode.url, "POST", `/confirmations/${confirmation.id}/approve`, undefined, bearer(token));
    const second = await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Via v1" } });
    expect(structured(second)).toMatchObject({ id, name: "Via v1" });
    await client.close();
  });

  it("says on the next identical call that the person declined on the page, by whom and when, before asking again", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const { client } = await connectV1(mcpUrl(urlMode), "2025-11-25", { headers: bearer(token) });
    const call = { name: "toolsets__create", arguments: { toolset_id: id, name: "Declined via v1" } };
    const first = await client.callTool(call);
    expect(first.isError).toBe(true);
    expect((first.content as { text: string }[])[0]!.text).toMatch(/^Not done: /);
    const denied = (await rest(urlMode.url, "POST", `/confirmations/${structured(first).confirmation.id}/deny`, undefined, bearer(token))).body;
    const second = await client.callTool(call);
    expect(structured(second)).toMatchObject({ block_reason: "confirmation_denied", confirmation: { decided_by: "alice", decided_at: denied.decided_at } });
    expect((second.content as { text: string }[])[0]!.text).toContain(`Declined: alice declined "Create a toolset"`);
    expect((second.content as { text: string }[])[0]!.text).not.toContain("Ask the user to open");
    const third = await client.callTool(call);
    expect(structured(third).confirmation_required).toBe(true);
    expect(structured(third).confirmation.id).not.toBe(structured(first).confirmation.id);
    expect(await exists(urlMode, token, id)).toBe(false);
    await client.close();
  });

  it("expires confirmations after ACTION_CONFIRMATION_TTL_SECONDS", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const { client } = await connectV1(mcpUrl(shortLived), "2025-11-25", { headers: bearer(token) });
    const first = structured(await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Late" } })).confirmation;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await rest(shortLived.url, "POST", `/confirmations/${first.id}/approve`, undefined, bearer(token))).status).toBe(404);
    const again = structured(await client.callTool({ name: "toolsets__create", arguments: { toolset_id: id, name: "Late" } })).confirmation;
    expect(again.id).not.toBe(first.id);
    expect(await exists(shortLived, token, id)).toBe(false);
    await client.close();
  });
});

describe("attacks: all refused, nothing executed", () => {
  /** An approved, unconsumed confirmation of toolsets__update for alice's session `token`. */
  async function approvedUpdate(token: string, toolset: string, description: string) {
    const base = (await rest(urlMode.url, "GET", `/toolsets/${toolset}`, undefined, bearer(token))).body.version;
    const args = { toolset_id: toolset, description, base_version: base };
    const pending = await rawToolCall(mcpUrl(urlMode), token, { name: "toolsets__update", arguments: args }, {});
    await rest(urlMode.url, "POST", `/confirmations/${pending.result.structuredContent.confirmation.id}/approve`, undefined, bearer(token));
    return args;
  }

  async function createdToolset(token: string) {
    const id = freshToolset();
    expect((await rest(urlMode.url, "POST", "/toolsets", { id, name: "Target" }, bearer(token))).status).toBe(201);
    return id;
  }

  const version = async (token: string, id: string) => (await rest(urlMode.url, "GET", `/toolsets/${id}`, undefined, bearer(token))).body.version;

  it("refuses to replay a consumed approval", async () => {
    const token = await idp.token("alice");
    const id = await createdToolset(token);
    const args = await approvedUpdate(token, id, "once");
    const ran = await rawToolCall(mcpUrl(urlMode), token, { name: "toolsets__update", arguments: args }, {});
    expect(ran.result.structuredContent).toMatchObject({ version: 2 });
    const replay = await rawToolCall(mcpUrl(urlMode), token, { name: "toolsets__update", arguments: args }, {});
    expect(replay.result.structuredContent.confirmation_required).toBe(true);
    expect(await version(token, id)).toBe(2);
  });

  it("refuses an approval used with one argument changed", async () => {
    const token = await idp.token("alice");
    const id = await createdToolset(token);
    const args = await approvedUpdate(token, id, "approved text");
    const changed = await rawToolCall(mcpUrl(urlMode), token, { name: "toolsets__update", arguments: { ...args, description: "something else" } }, {});
    expect(changed.result.structuredContent.confirmation_required).toBe(true);
    expect(await version(token, id)).toBe(1);
  });

  it("refuses another session's approval and another user's", async () => {
    const [aliceOne, aliceTwo, bob] = [await idp.token("alice"), await idp.token("alice"), await idp.token("bob")];
    const id = await createdToolset(aliceOne);
    const args = await approvedUpdate(aliceOne, id, "session bound");
    const otherSession = await rawToolCall(mcpUrl(urlMode), aliceTwo, { name: "toolsets__update", arguments: args }, {});
    expect(otherSession.result.structuredContent.confirmation_required).toBe(true);
    const otherUser = await rawToolCall(mcpUrl(urlMode), bob, { name: "toolsets__update", arguments: args }, {});
    expect(otherUser.result.structuredContent.confirmation_required).toBe(true);
    const bobsId = otherUser.result.structuredContent.confirmation.id;
    expect((await rest(urlMode.url, "GET", `/confirmations/${bobsId}`, undefined, bearer(aliceOne))).status).toBe(404);
    expect((await rest(urlMode.url, "POST", `/confirmations/${bobsId}/approve`, undefined, bearer(aliceOne))).status).toBe(404);
    expect(await version(aliceOne, id)).toBe(1);
  });

  it("never lists or clears another user's confirmations and denials", async () => {
    const [alice, bob] = [await idp.token("alice"), await idp.token("bob")];
    const pending = await rawToolCall(mcpUrl(urlMode), alice, { name: "toolsets__create", arguments: { toolset_id: freshToolset(), name: "Alice's" } }, {});
    const confirmation = pending.result.structuredContent.confirmation;
    await rest(urlMode.url, "POST", `/confirmations/${confirmation.id}/deny`, undefined, bearer(alice));
    const bobs = (await rest(urlMode.url, "GET", "/confirmations", undefined, bearer(bob))).body;
    expect(bobs.confirmations.some((entry: { id: string }) => entry.id === confirmation.id)).toBe(false);
    expect(bobs.sessions.some((entry: { session: string }) => entry.session === confirmation.session)).toBe(false);
    const cleared = await rest(urlMode.url, "DELETE", `/confirmations/sessions/${confirmation.session}/denials`, undefined, bearer(bob));
    expect(cleared.body).toEqual({ session: confirmation.session, cleared: 0 });
    const alices = (await rest(urlMode.url, "GET", "/confirmations", undefined, bearer(alice))).body;
    expect(alices.sessions).toContainEqual(expect.objectContaining({ session: confirmation.session, denials: 1 }));
  });

  it("refuses a forged or altered requestState", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    const call = { name: "toolsets__create", arguments: { toolset_id: id, name: "Forged" } };
    const first = await rawToolCall(mcpUrl(formMode), token, call);
    const state: string = first.result.requestState;
    const [prefix, payload, mac] = state.split(".");
    const decoded = JSON.parse(Buffer.from(payload!, "base64url").toString());
    decoded.p.args_digest = "0".repeat(64);
    const altered = `${prefix}.${Buffer.from(JSON.stringify(decoded)).toString("base64url")}.${mac}`;
    for (const requestState of [altered, `${prefix}.${payload}.${"A".repeat(mac!.length)}`, "v1.e30.AAAA"]) {
      const reply = await rawToolCall(mcpUrl(formMode), token, {
        ...call,
        inputResponses: { approval: { action: "accept", content: { approve: true } } },
        requestState,
      });
      expect(reply.error?.code, requestState).toBe(-32602);
    }
    const bob = await idp.token("bob");
    const stolen = await rawToolCall(mcpUrl(formMode), bob, {
      ...call,
      inputResponses: { approval: { action: "accept", content: { approve: true } } },
      requestState: state,
    });
    expect(stolen.error?.code).toBe(-32602);
    expect(await exists(formMode, token, id)).toBe(false);
  });

  it("runs exactly one of two racing continuations of one approval", async () => {
    const token = await idp.token("alice");
    const id = freshToolset();
    expect((await rest(formMode.url, "POST", "/toolsets", { id, name: "Race" }, bearer(token))).status).toBe(201);
    const call = { name: "toolsets__update", arguments: { toolset_id: id, description: "raced", base_version: 1 } };
    const first = await rawToolCall(mcpUrl(formMode), token, call);
    const approve = { inputResponses: { approval: { action: "accept", content: { approve: true } } }, requestState: first.result.requestState };
    const replies = await Promise.all([
      rawToolCall(mcpUrl(formMode), token, { ...call, ...approve }),
      rawToolCall(mcpUrl(formMode), token, { ...call, ...approve }),
    ]);
    const ran = replies.filter((reply) => reply.result?.structuredContent?.version === 2);
    expect(ran).toHaveLength(1);
    const versions = (await rest(formMode.url, "GET", `/toolsets/${id}/versions`, undefined, bearer(token))).body.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });
});
