// Where a webhook may go: only hosts the operator listed in WORKFLOW_WEBHOOK_ALLOWED_HOSTS, so a
// workflow editor cannot aim the Worker at internal services or arbitrary sites. An entry is a
// host (default port of the scheme), host:port, or *.domain for any subdomain of it. https goes
// to any listed host; plain http only to a host listed exactly, never through a wildcard. An
// empty list allows no webhook at all. Checked when a workflow is saved and before every send.

/** Why the URL may not be posted to, or undefined when it may. */
export function webhookUrlProblem(url: string, allowed: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be an absolute URL";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "must be an https URL (or http for a host listed exactly)";
  if (parsed.username || parsed.password) return "must not carry credentials; sign requests with secret_name instead";
  const hostPort = parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  if (allowed.length === 0) return "may not be called: no webhook host is allowed (WORKFLOW_WEBHOOK_ALLOWED_HOSTS is empty)";
  if (allowed.includes(hostPort)) return undefined;
  if (parsed.protocol === "http:") return `uses http, allowed only for a host listed exactly in WORKFLOW_WEBHOOK_ALLOWED_HOSTS; ${hostPort} is not`;
  const wildcard = allowed.some((entry) => {
    if (!entry.startsWith("*.")) return false;
    const [domain = "", port = ""] = entry.slice(2).split(":");
    return parsed.hostname.endsWith(`.${domain}`) && parsed.port === port;
  });
  return wildcard ? undefined : `names host ${hostPort}, which is not in WORKFLOW_WEBHOOK_ALLOWED_HOSTS (${allowed.join(", ")})`;
}
