// The arguments of an action as a person is shown them (the approval prompt, the confirmation
// page, the ledger's record): every value as it was sent, except long text, which is cut to its
// start, its length and its SHA-256 prefix. A plugin package's base64, up to 3 MiB, would
// otherwise ride in every prompt and record and overrun a tool result's byte limit, and nobody
// judges an action by reading it. The approval itself stays bound to the exact arguments: the
// scope holds the digest of the full ones (scope.ts).
import { sha256Hex } from "../digest";

/** Text longer than this is shown cut. */
const SHOWN_TEXT_MAX = 500;
/** How much of it is shown. */
const SHOWN_TEXT_START = 120;

async function shown(value: unknown): Promise<unknown> {
  if (typeof value === "string") {
    if (value.length <= SHOWN_TEXT_MAX) return value;
    const digest = (await sha256Hex(value)).slice(0, 16);
    return `${value.slice(0, SHOWN_TEXT_START)}… [${value.length} characters in all, SHA-256 ${digest}…]`;
  }
  if (Array.isArray(value)) return Promise.all(value.map(shown));
  if (value && typeof value === "object") {
    const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await shown(item)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

export async function shownArguments(args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await shown(args)) as Record<string, unknown>;
}
