import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import type { JsonObject } from "../../../../worker/neo4j/json";
import { isRetryable } from "../../../../worker/workflows/activities/errors";
import { runActivity } from "../../../../worker/workflows/activities/registry";
import { activity, issuesOf, receiverHost, receiverSpot, run, testConfig } from "../../../support/activities";
import { testNeo4j } from "../../../support/neo4j";

const rows: JsonObject[] = [{ details: { id: 1 } }, { details: { id: 2 } }, { other: 3, details: "three" }];
const allowReceiver = () => ({ WORKFLOW_WEBHOOK_ALLOWED_HOSTS: [receiverHost()] });

/** The signature a receiver computes: HMAC-SHA256 over "<t>.<body>", independently of the Worker's code. */
async function expectedSignature(secret: string, timestamp: string, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("webhook activity: sending", () => {
  it("POSTs the workflow, run, output and each row's attribute as JSON", async () => {
    const spot = receiverSpot();
    const outcome = await run(activity("webhook", { url: `${spot.url}/hook` }), rows, allowReceiver());
    expect(outcome.result).toEqual({ rows_sent: 3, status: 200 });
    const [request] = await spot.received();
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      workflow_id: "wf-1",
      run_id: "run-1",
      output: "out",
      delivery_id: request?.headers["x-seizu-delivery"],
      rows: [{ id: 1 }, { id: 2 }, "three"],
    });
    expect(request?.headers["x-seizu-signature"]).toBeUndefined();
  });

  it("signs the body with the named secret: t=<unix seconds>,v1=<HMAC-SHA256 of t.body>", async () => {
    const spot = receiverSpot();
    const secret = "whsec-test-only";
    const before = Math.floor(Date.now() / 1000);
    await run(activity("webhook", { url: `${spot.url}/hook`, secret_name: "WEBHOOK_SECRET_TEST" }), rows, allowReceiver(), {
      ...env,
      WEBHOOK_SECRET_TEST: secret,
    });
    const [request] = await spot.received();
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(request?.headers["x-seizu-signature"] ?? "");
    expect(match).not.toBeNull();
    const [, timestamp = "", mac] = match ?? [];
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
    expect(mac).toBe(await expectedSignature(secret, timestamp, request?.body ?? ""));
  });

  it("fails when the named secret is not set, naming it", async () => {
    const spot = receiverSpot();
    await expect(run(activity("webhook", { url: `${spot.url}/hook`, secret_name: "WEBHOOK_SECRET_ABSENT" }), rows, allowReceiver())).rejects.toThrow(
      "the webhook signing secret WEBHOOK_SECRET_ABSENT is not set",
    );
    expect(await spot.received()).toEqual([]);
  });

  it("fails on a non-2xx answer, naming the status", async () => {
    const spot = receiverSpot();
    await expect(run(activity("webhook", { url: `${spot.url}/status/500` }), rows, allowReceiver())).rejects.toThrow(
      "webhook answered HTTP 500: receiver answers 500",
    );
  });

  it("does not follow a redirect", async () => {
    const spot = receiverSpot();
    await expect(run(activity("webhook", { url: `${spot.url}/status/307` }), rows, allowReceiver())).rejects.toThrow("webhook answered HTTP 307");
  });

  it("checks the host again when it runs", async () => {
    const spot = receiverSpot();
    await expect(run(activity("webhook", { url: `${spot.url}/hook` }), rows, { WORKFLOW_WEBHOOK_ALLOWED_HOSTS: [] })).rejects.toThrow(
      "WORKFLOW_WEBHOOK_ALLOWED_HOSTS is empty",
    );
    expect(await spot.received()).toEqual([]);
  });

  it("sends only the first max_rows rows", async () => {
    const spot = receiverSpot();
    expect((await run(activity("webhook", { url: `${spot.url}/hook`, max_rows: 1 }), rows, allowReceiver())).result.rows_sent).toBe(1);
    expect(JSON.parse((await spot.received())[0]?.body ?? "").rows).toEqual([{ id: 1 }]);
  });
});

describe("webhook activity: where it may send", () => {
  const urlIssue = async (url: string, allowed: string[]) => {
    const issues = await issuesOf(activity("webhook", { url }), { WORKFLOW_WEBHOOK_ALLOWED_HOSTS: allowed });
    return issues.map(({ field, rule, message }) => ({ field, rule, message }));
  };
  const field = "stages.1.activities.0.parameters.url";

  it("refuses every host while no host is allowed, naming the setting", async () => {
    expect(await urlIssue("https://hooks.example.com/x", [])).toEqual([
      { field, rule: "webhook_host", message: "may not be called: no webhook host is allowed (WORKFLOW_WEBHOOK_ALLOWED_HOSTS is empty)" },
    ]);
  });

  it("refuses a host that is not listed", async () => {
    expect(await urlIssue("https://evil.example.org/x", ["hooks.example.com"])).toEqual([
      { field, rule: "webhook_host", message: "names host evil.example.org, which is not in WORKFLOW_WEBHOOK_ALLOWED_HOSTS (hooks.example.com)" },
    ]);
  });

  it("accepts a listed host and a subdomain of a wildcard over https", async () => {
    expect(await urlIssue("https://hooks.example.com/x", ["hooks.example.com"])).toEqual([]);
    expect(await urlIssue("https://a.b.example.com/x", ["*.example.com"])).toEqual([]);
  });

  it("does not let a wildcard match the bare domain or another port", async () => {
    expect(await urlIssue("https://example.com/x", ["*.example.com"])).toHaveLength(1);
    expect(await urlIssue("https://a.example.com:8443/x", ["*.example.com"])).toHaveLength(1);
  });

  it("allows http only for a host listed exactly", async () => {
    expect(await urlIssue("http://a.example.com/x", ["*.example.com"])).toEqual([
      { field, rule: "webhook_host", message: "uses http, allowed only for a host listed exactly in WORKFLOW_WEBHOOK_ALLOWED_HOSTS; a.example.com is not" },
    ]);
    expect(await urlIssue("http://127.0.0.1:8080/x", ["127.0.0.1:8080"])).toEqual([]);
  });

  it("refuses other schemes and credentials in the URL", async () => {
    expect(await urlIssue("ftp://hooks.example.com/x", ["hooks.example.com"])).toEqual([
      expect.objectContaining({ message: expect.stringContaining("must be an https URL") }),
    ]);
    expect(await urlIssue("https://user:pw@hooks.example.com/x", ["hooks.example.com"])).toEqual([
      expect.objectContaining({ message: expect.stringContaining("must not carry credentials") }),
    ]);
    expect(await urlIssue("not a url", ["hooks.example.com"])).toEqual([expect.objectContaining({ message: "must be an absolute URL" })]);
  });

  it("takes only the name of a secret, never a value", async () => {
    const issues = await issuesOf(activity("webhook", { url: "https://hooks.example.com/x", secret_name: "s3cr3t-value" }), {
      WORKFLOW_WEBHOOK_ALLOWED_HOSTS: ["hooks.example.com"],
    });
    expect(issues).toEqual([
      expect.objectContaining({
        field: "stages.1.activities.0.parameters.secret_name",
        message: "must name a Worker secret matching ^WEBHOOK_SECRET_[A-Z0-9_]+$",
      }),
    ]);
  });
});

describe("webhook activity: deliveries", () => {
  /** One attempt of the activity `output` in run `runId`, with what the receiver saw of it. */
  async function deliver(url: string, runId: string, output = "out") {
    const step = { ...activity("webhook", { url }), output };
    const call = { workflowId: "wf-1", runId, activity: step, input: rows };
    await runActivity(call, { config: testConfig(allowReceiver()), env, neo4j: testNeo4j() }).catch((error: unknown) => error);
  }
  const deliveries = async (spot: ReturnType<typeof receiverSpot>) =>
    (await spot.received()).map((request) => ({ header: request.headers["x-seizu-delivery"], body: JSON.parse(request.body).delivery_id }));

  it("gives every attempt of one activity in one run the same delivery id, in the header and in the signed body", async () => {
    const spot = receiverSpot();
    await deliver(`${spot.url}/status/503`, "run-a");
    await deliver(`${spot.url}/status/503`, "run-a");
    const [first, second] = await deliveries(spot);
    expect(first?.header).toMatch(/^[0-9a-f]{32}$/);
    expect(first).toEqual({ header: first?.header, body: first?.header });
    expect(second).toEqual(first);
  });

  it("gives another run or another activity another delivery id", async () => {
    const spot = receiverSpot();
    await deliver(`${spot.url}/hook`, "run-a", "out");
    await deliver(`${spot.url}/hook`, "run-b", "out");
    await deliver(`${spot.url}/hook`, "run-a", "other");
    const ids = (await deliveries(spot)).map(({ header }) => header);
    expect(new Set(ids).size).toBe(3);
  });
});

describe("webhook activity: which failures are worth a retry", () => {
  const failure = async (url: string, overrides = allowReceiver(), extra: Record<string, unknown> = {}) =>
    run(activity("webhook", { url, ...extra }), rows, overrides).then(
      () => expect.fail("the webhook should have failed"),
      (error: unknown) => error,
    );

  it.each([500, 503, 429, 408])("retries an answer of HTTP %i, which may differ later", async (status) => {
    const spot = receiverSpot();
    expect(isRetryable(await failure(`${spot.url}/status/${status}`))).toBe(true);
  });

  it.each([400, 401, 404, 410, 422, 307])("does not retry an answer of HTTP %i, which a retry cannot change", async (status) => {
    const spot = receiverSpot();
    expect(isRetryable(await failure(`${spot.url}/status/${status}`))).toBe(false);
  });

  it("retries a receiver it could not reach", async () => {
    expect(isRetryable(await failure("http://127.0.0.1:9/hook", { WORKFLOW_WEBHOOK_ALLOWED_HOSTS: ["127.0.0.1:9"] }))).toBe(true);
  });

  it("does not retry a host that is not allowed or a signing secret that is not set", async () => {
    const spot = receiverSpot();
    expect(isRetryable(await failure(`${spot.url}/hook`, { WORKFLOW_WEBHOOK_ALLOWED_HOSTS: [] }))).toBe(false);
    expect(isRetryable(await failure(`${spot.url}/hook`, allowReceiver(), { secret_name: "WEBHOOK_SECRET_ABSENT" }))).toBe(false);
  });
});
