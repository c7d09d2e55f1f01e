// A local HTTP receiver for the outbound activities' tests (the workers pool cannot listen on a
// socket, so it runs on the Node side). Every request under /k/<key>/ is recorded for that key,
// and tests read them back with GET /_received?key=<key>. What it answers depends on the path:
//   /k/<key>/slack/<method>   Slack's Web API: conversations.join, files.getUploadURLExternal
//                             (its upload_url points back here), files.completeUploadExternal;
//                             {ok: false, error: "not_authed"} without a Bearer token, and
//                             {ok: false, error: "channel_not_found"} for channel CMISSING
//   /k/<key>/upload/<file>    Slack's upload URL: 200 "OK - <bytes>"
//   /k/<key>/status/<code>    that status, with a short text body
//   /k/<key>/oidc/...         an OpenID provider's discovery document (issuer /k/<key>/oidc) and
//                             its key set: the body of the latest POST to /k/<key>/oidc/keys
//   anything else under /k/   200 {"received": true}
import { createServer, type IncomingMessage, type Server } from "node:http";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

type Answer = { status: number; type: string; body: string };
const json = (value: unknown, status = 200): Answer => ({ status, type: "application/json", body: JSON.stringify(value) });

function slackAnswer(base: string, method: string, received: ReceivedRequest): Answer {
  if (!received.headers.authorization?.startsWith("Bearer ")) return json({ ok: false, error: "not_authed" });
  const args = new URLSearchParams(received.body);
  switch (method) {
    case "conversations.join":
      return args.get("channel") === "CMISSING" ? json({ ok: false, error: "channel_not_found" }) : json({ ok: true, channel: { id: args.get("channel") } });
    case "files.getUploadURLExternal":
      return json({ ok: true, upload_url: `${base}/upload/F0001`, file_id: "F0001" });
    case "files.completeUploadExternal":
      return json({ ok: true, files: JSON.parse(args.get("files") ?? "[]") });
    default:
      return json({ ok: false, error: "unknown_method" });
  }
}

function oidcAnswer(base: string, path: string, received: ReceivedRequest[]): Answer {
  if (path === "/oidc/.well-known/openid-configuration") return json({ issuer: `${base}/oidc`, jwks_uri: `${base}/oidc/jwks` });
  const keys = received.filter((request) => request.method === "POST" && request.path === "/oidc/keys").at(-1);
  if (path === "/oidc/jwks" && keys) return { status: 200, type: "application/json", body: keys.body };
  return json({ received: true });
}

export function startHttpReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const byKey = new Map<string, ReceivedRequest[]>();
  let url = "";
  const server: Server = createServer(async (request, response) => {
    const target = new URL(request.url ?? "/", url);
    const reply = ({ status, type, body }: Answer) => response.writeHead(status, { "content-type": type }).end(body);
    if (request.method === "GET" && target.pathname === "/_received") return reply(json(byKey.get(target.searchParams.get("key") ?? "") ?? []));
    const match = /^\/k\/([^/]+)(\/.*)?$/.exec(target.pathname);
    if (!match) return reply({ status: 404, type: "text/plain", body: "not a receiver path" });
    const [, key = "", path = "/"] = match;
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const received: ReceivedRequest = { method: request.method ?? "", path: `${path}${target.search}`, headers, body: await readBody(request) };
    byKey.set(key, [...(byKey.get(key) ?? []), received]);
    const base = `${url}/k/${key}`;
    const [, section, rest = ""] = path.split("/");
    if (section === "slack") return reply(slackAnswer(base, rest, received));
    if (section === "upload") return reply({ status: 200, type: "text/plain", body: `OK - ${Buffer.byteLength(received.body)}` });
    if (section === "status") return reply({ status: Number(rest), type: "text/plain", body: `receiver answers ${rest}` });
    if (section === "oidc") return reply(oidcAnswer(base, path, byKey.get(key) ?? []));
    return reply(json({ received: true }));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      resolve({ url, close: () => new Promise<void>((done) => server.close(() => done()).closeAllConnections()) });
    }),
  );
}
