// Client ID Metadata Documents: a client_id that is an https URL is fetched by the Worker, so one
// naming this machine or a private network is refused before anything is fetched, at the
// authorization endpoint and at the token endpoint; a document on plain http is never used.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { authorizeUrl, edgeEnv, pkcePair, RESOURCE, TestBrowser, tokenRequest } from "../../support/edge-oauth";
import { clientIdUrlProblem } from "../../../worker/oauth/client-id-url";

const workerEnv = edgeEnv();

describe("a client_id URL on a private address", () => {
  it.each([
    "https://localhost/client.json",
    "https://app.localhost/client.json",
    "https://127.0.0.1/client.json",
    "https://10.1.2.3/client.json",
    "https://172.20.0.1/client.json",
    "https://192.168.1.1/client.json",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/client.json",
    "https://0x7f.1/client.json",
    "https://[::1]/client.json",
    "https://[fd00::1]/client.json",
    "https://[fe80::1]/client.json",
    "https://[::ffff:10.0.0.1]/client.json",
  ])("is refused: %s", (clientId) => {
    expect(clientIdUrlProblem(clientId)).toContain("must be on a public host");
  });

  it.each(["https://app.example/client.json", "https://8.8.8.8/client.json", "https://[2606:4700::1111]/client.json", "registered-client-id"])(
    "is not refused: %s",
    (clientId) => {
      expect(clientIdUrlProblem(clientId)).toBeUndefined();
    },
  );

  it("gets a page at the authorization endpoint, not a redirect", async () => {
    const response = await new TestBrowser(workerEnv).request(authorizeUrl("https://10.0.0.7/client.json", (await pkcePair()).challenge));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("a private, loopback or link-local address");
  });

  it("gets invalid_client at the token endpoint", async () => {
    const response = await tokenRequest(workerEnv, {
      grant_type: "authorization_code",
      code: "x:y:z",
      client_id: "https://[::1]/client.json",
      code_verifier: "v",
      resource: RESOURCE,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client", error_description: expect.stringContaining("public host") });
  });
});

describe("a metadata document the Worker may not fetch", () => {
  it("on the test receiver (loopback, plain http) is refused and never fetched", async () => {
    const document = `${env.RECEIVER_URL}/k/cimd-http/client.json`;
    const response = await new TestBrowser(workerEnv).request(authorizeUrl(document, (await pkcePair()).challenge));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("must be on a public host");
    const received = (await (await fetch(`${env.RECEIVER_URL}/_received?key=cimd-http`)).json()) as unknown[];
    expect(received).toEqual([]);
  });

  it("on a public host over plain http is not a metadata document: the client is unknown", async () => {
    const response = await new TestBrowser(workerEnv).request(authorizeUrl("http://app.example/client.json", (await pkcePair()).challenge));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });
});
