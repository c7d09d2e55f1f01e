// REST calls from Node-side tests to a Worker under wrangler dev.
export async function rest(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // A file the API answers with (the audit log's CSV export) is returned as its text.
  const json = response.headers.get("content-type")?.includes("json") ?? false;
  return { status: response.status, body: text ? (json ? JSON.parse(text) : text) : undefined, headers: response.headers };
}
