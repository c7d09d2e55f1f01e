// One-time confirmation records, denial counters and typed-confirm nonces (SQLite-backed).
// The binding and class exist from the start so the storage migration is in place; the
// records and their rules arrive with the action-confirmation work.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";

export class ConfirmationLedger extends DurableObject<Env> {}
