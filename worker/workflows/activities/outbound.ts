// Requests to receivers outside the Worker (Slack, webhooks, SQS): a time limit so a silent
// receiver fails the activity instead of holding the run, no redirects followed (a redirect
// could lead a checked host's request anywhere), and unreachable receivers named in the error
// (worth retrying: the network or the receiver may be back).
import { ActivityError } from "./errors";

/** How long one request to a receiver may take. */
const TIMEOUT_MS = 30_000;

export async function send(what: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const reason = (error as Error).name === "TimeoutError" ? `no answer within ${TIMEOUT_MS / 1000}s` : (error as Error).message;
    throw new ActivityError(`${what}: could not reach ${new URL(url).origin}: ${reason}`, { retryable: true });
  }
}

/** The start of a refusal's body, for the error message. */
export async function bodyExcerpt(response: Response): Promise<string> {
  const text = (await response.text()).trim();
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
