// Typed-confirm for definitions with `confirmed_action`: the tool becomes two.
//   <name>_prepare  validates the arguments and returns a signed hash and the message to show
//   <name>_execute  takes only the hash and the literal "confirm", checks signature, caller,
//                   session and expiry, burns the hash's single-use nonce, then runs the action
// The word "confirm" comes through model-authored arguments: an instruction-backed guard, not
// proof that a person typed it. Permissions remain the authorization boundary.
import type { ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import { ValidationError } from "../errors";
import { parseInput } from "../input";
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

/** `{name}` placeholders of the message, filled from the validated arguments. */
export function interpolate(message: string, args: Record<string, unknown>): string {
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in args ? String(args[name]) : placeholder));
}

export async function prepare(tool: string, args: Record<string, unknown>, message: string, label: string, gate: GateContext, ctx: ServerContext) {
  const codec = signedStateCodec<TypedConfirmPayload>(gate.config, gate.principal);
  const hash = await codec.mint({ kind: "typed_confirm", tool, args, nonce: crypto.randomUUID() }, ctx);
  return { hash, message: interpolate(message, args), action_label: label, expires_in_seconds: gate.config.ACTION_CONFIRMATION_TTL_SECONDS, next: `Show the message to the user; if they reply "confirm", call ${tool}_execute with this hash and confirmation: "confirm".` };
}

/** The arguments a valid, unused hash was prepared with; throws a ValidationError otherwise. */
export async function redeem(tool: string, input: unknown, gate: GateContext, ctx: ServerContext): Promise<Record<string, unknown>> {
  const { hash } = parseInput(executeInput, input);
  const codec = signedStateCodec<TypedConfirmPayload>(gate.config, gate.principal);
  let payload: TypedConfirmPayload;
  try {
    payload = await codec.verify(hash, ctx);
  } catch (error) {
    throw new ValidationError([{ field: "hash", rule: "invalid_hash", message: `is not a valid confirmation for you in this session (${(error as Error).message}); call ${tool}_prepare again` }]);
  }
  if (payload.kind !== "typed_confirm" || payload.tool !== tool) {
    throw new ValidationError([{ field: "hash", rule: "invalid_hash", message: `was prepared for another action; call ${tool}_prepare again` }]);
  }
  const expiresAt = Date.now() + gate.config.ACTION_CONFIRMATION_TTL_SECONDS * 1000;
  if (!(await ledgerOf(gate.env.CONFIRMATIONS, gate.principal.subject).burnNonce(payload.nonce, expiresAt))) {
    throw new ValidationError([{ field: "hash", rule: "hash_used", message: `has already been used; call ${tool}_prepare again for a new confirmation` }]);
  }
  return payload.args;
}
