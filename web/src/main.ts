// The landing page: where MCP clients connect, and whether the server's dependencies answer.
const mcpUrl = new URL("/api/v1/mcp", location.origin).href;
document.querySelector("#mcp-url")!.textContent = mcpUrl;

const health = document.querySelector("#health")!;
fetch("/api/v1/health")
  .then(async (response) => {
    const body = (await response.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
    const parts = Object.entries(body.checks).map(([name, check]) => `${name}: ${check.ok ? "ok" : `failing (${check.error})`}`);
    health.textContent = `${body.status} — ${parts.join(", ")}`;
  })
  .catch((error: unknown) => {
    health.textContent = `unreachable (${String(error)})`;
  });
