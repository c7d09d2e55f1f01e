// The REST requests of the benchmark's set-up: plain fetch against /api/v1, any failure stops it.

/** A running stack (BENCH_TARGET) keeps wrangler.toml's per-caller budgets unless told otherwise. */
export const RATE_LIMIT_HINT =
  "\nThe stack's per-caller rate limits are on: serve it with RATE_LIMITS_ENABLED=false (for npm start, a line RATE_LIMITS_ENABLED=false in .dev.vars).";

async function send(base, method, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Sends a request and returns its JSON answer; a status of 300 or more throws, with the answer. */
export async function rest(base, method, path, body) {
  const answer = await send(base, method, path, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}${answer.status === 429 ? RATE_LIMIT_HINT : ""}`);
  return answer.body;
}

/** The same, but hands back the status and answer of a refusal instead of throwing. */
export const restAnswer = send;
