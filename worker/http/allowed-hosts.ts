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
import { localhostAllowedHostnames } from "@modelcontextprotocol/server";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { loadConfig, type Config } from "../config";

/** The hostname a Host header or Origin names (IPv6 in brackets, as URL gives it), or undefined if unparsable. */
function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

export function allowedHostnames(config: Config, host: string | undefined): string[] {
  const hosts = localhostAllowedHostnames();
  if (config.MCP_RESOURCE_URL) hosts.push(new URL(config.MCP_RESOURCE_URL).hostname);
  else if (config.DEVELOPMENT_ONLY_REQUIRE_AUTH && host) hosts.push(host);
  return hosts;
}

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
  if (hostHeader !== undefined && !(host && allowed.includes(host))) return forbidden(`The Host header ${JSON.stringify(hostHeader)} ${RULE}`);
  const origin = c.req.header("origin");
  if (origin) {
    const originHost = hostnameOf(origin);
    if (!(originHost && allowed.includes(originHost))) return forbidden(`The Origin header ${JSON.stringify(origin)} ${RULE}`);
  }
  await next();
});
