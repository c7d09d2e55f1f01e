// Typed-confirm for definitions with `confirmed_action`: the tool becomes two.
//   <name>_prepare  validates the arguments and returns a signed hash and the message to show
//   <name>_execute  takes only the hash and the literal "confirm", checks signature, caller,
//                   session and expiry, then passes the prepared arguments through the
//                   configured approval gate like any other write; once admitted it burns the
//                   hash's single-use nonce and runs the action
// The word "confirm" comes through model-authored arguments: an instruction-backed guard, not
// proof that a person typed it, so it adds to the confirmation mode and never replaces it.
// Permissions remain the authorization boundary.
import type { ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import { ValidationError } from "../errors/domain";
import type { GateContext } from "./gate";
import { ledgerOf } from "./scope";
import { signedStateCodec } from "./signed-state";

interface TypedConfirmPayload {
  kind: "typed_confirm";
  tool: string;
  args: Record<string, unknown>;
  nonce: string;
}

export const executeInput = z
  .object({
    hash: z.string().min(1).describe("The hash returned by the matching _prepare tool"),
    confirmation: z.literal("confirm", { error: 'must be the literal word "confirm", typed by the user' }),
  })
  .strict();

const PLACEHOLDER = /\{(\w+)\}/g;

/** The argument names of a message's `{name}` placeholders; the definitions check refuses one that names no argument. */
export const placeholderNames = (message: string) => [...message.matchAll(PLACEHOLDER)].map((match) => match[1]!);

/** `{name}` placeholders of the message, filled from the validated arguments. */
export function interpolate(message: string, args: Record<string, unknown>): string {
  return message.replace(PLACEHOLDER, (placeholder, name: string) => (name in args ? String(args[name]) : placeholder));
}

export async function prepare(tool: string, args: Record<string, unknown>, message: string, label: string, gate: GateContext, ctx: ServerContext) {
  const codec = signedStateCodec<TypedConfirmPayload>(gate.config, gate.principal);
  const hash = await codec.mint({ kind: "typed_confirm", tool, args, nonce: crypto.randomUUID() }, ctx);
  return {
    hash,
    message: interpolate(message, args),
    action_label: label,
    expires_in_seconds: gate.config.ACTION_CONFIRMATION_TTL_SECONDS,
    next: `Show the message to the user; if they reply "confirm", call ${tool}_execute with this hash and confirmation: "confirm".`,
  };
}

/** A verified hash: the arguments it was prepared with, and how to spend its single use. */
export interface Redeemable {
  args: Record<string, unknown>;
  /** Burns the hash's nonce; throws a ValidationError when it was already used. */
  spend(): Promise<void>;
}

/**
 * Checks a hash (signature, caller, session, expiry, tool) without using it up: the action
 * may still wait for a person's approval, and the same hash continues the call then.
 */
export async function redeem(tool: string, hash: string, gate: GateContext, ctx: ServerContext): Promise<Redeemable> {
  const codec = signedStateCodec<TypedConfirmPayload>(gate.config, gate.principal);
  let payload: TypedConfirmPayload;
  try {
    payload = await codec.verify(hash, ctx);
  } catch (error) {
    throw new ValidationError([
      {
        field: "hash",
        rule: "invalid_hash",
        message: `is not a valid confirmation for you in this session (${(error as Error).message}); call ${tool}_prepare again`,
      },
    ]);
  }
  if (payload.kind !== "typed_confirm" || payload.tool !== tool) {
    throw new ValidationError([{ field: "hash", rule: "invalid_hash", message: `was prepared for another action; call ${tool}_prepare again` }]);
  }
  const ledger = ledgerOf(gate.env.CONFIRMATIONS, gate.principal.subject);
  const used = () =>
    new ValidationError([{ field: "hash", rule: "hash_used", message: `has already been used; call ${tool}_prepare again for a new confirmation` }]);
  // A used hash is refused before anyone is asked to approve its action again.
  if (await ledger.nonceUsed(payload.nonce)) throw used();
  return {
    args: payload.args,
    async spend() {
      const expiresAt = Date.now() + gate.config.ACTION_CONFIRMATION_TTL_SECONDS * 1000;
      if (!(await ledger.burnNonce(payload.nonce, expiresAt))) throw used();
    },
  };
}
