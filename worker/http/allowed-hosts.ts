// DNS-rebinding and cross-site protection for every route of the Worker: the Host a request
// names (and the Origin a browser sends) must name this server. A rebinding page reaches a
// loopback server under the attacker's own hostname, so with no public host configured only
// loopback names are accepted, plus the host of MCP_RESOURCE_URL when it is set.
//
// One exception keeps a deployment reachable without MCP_RESOURCE_URL: when authentication is
// required, the request's own host is accepted too. Every route that reads or changes
// anything then needs a Bearer token, which a browser never attaches by itself, so a
// rebinding or cross-site page gains nothing; the Origin must still name that same host.
// With DEVELOPMENT_ONLY_REQUIRE_AUTH=false every request is the admin, so the strict rule holds.
//
// A Host header must be a host name or address with an optional port, nothing else: read as a
// URL, `evil.example@127.0.0.1` would name 127.0.0.1 and `%6cocalhost` localhost. A Host the
// runtime cannot turn into the request's URL at all (a space, an unclosed bracket, a port that is
// not a number) is answered by the runtime with a plain-text 500 before any of this code runs.
import { localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { createMiddleware } from "hono/factory";
import { BoundedCache } from "../cache/bounded-cache";
import type { AppEnv } from "./app-env";
import { loadConfig, type Config } from "../config";

/** Hostnames by the text they were read from (null: unparsable); clients send the same Host and Origin on every request. */
const hostnames = new BoundedCache<string | null>({ maxCharacters: 10_000 });

/** The hostname a Host header or Origin names (IPv6 in brackets, as URL gives it), or undefined if unparsable. */
function hostnameOf(url: string): string | undefined {
  let hostname = hostnames.get(url);
  if (hostname === undefined) {
    try {
      hostname = new URL(url).hostname || null;
    } catch {
      hostname = null;
    }
    hostnames.set(url, hostname);
  }
  return hostname ?? undefined;
}

export function allowedHostnames(config: Config, host: string | undefined): string[] {
  const hosts = localhostAllowedHostnames();
  if (config.MCP_RESOURCE_URL) hosts.push(new URL(config.MCP_RESOURCE_URL).hostname);
  else if (config.DEVELOPMENT_ONLY_REQUIRE_AUTH && host) hosts.push(host);
  return hosts;
}

/** A name, an IPv4 address or a bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

const RULE = "must be a loopback name (localhost, 127.0.0.1, [::1]) or the host of MCP_RESOURCE_URL";

/**
 * A request without a Host header comes from inside the runtime (a test, a service binding),
 * never from a browser, so only the Origin is checked then.
 */
export const allowedHosts = createMiddleware<AppEnv>(async (c, next) => {
  const config = loadConfig(c.env);
  const hostHeader = c.req.header("host");
  const host = hostHeader === undefined ? undefined : hostnameOf(`http://${hostHeader}`);
  const allowed = allowedHostnames(config, host);
  const forbidden = (message: string) => c.json({ error: { code: "forbidden_host", message } }, 403);
  if (hostHeader !== undefined && !HOST_HEADER.test(hostHeader)) {
    const message = `The Host header ${JSON.stringify(hostHeader)} is not a host name or address with an optional port`;
    return c.json({ error: { code: "bad_request", message } }, 400);
  }
  if (hostHeader !== undefined && !(host && allowed.includes(host))) return forbidden(`The Host header ${JSON.stringify(hostHeader)} ${RULE}`);
  const origin = c.req.header("origin");
  if (origin) {
    const originHost = hostnameOf(origin);
    if (!(originHost && allowed.includes(originHost))) return forbidden(`The Origin header ${JSON.stringify(origin)} ${RULE}`);
  }
  await next();
});
