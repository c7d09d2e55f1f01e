// Approval before a built-in tool changes something (MCP_CONFIRMATION_ELICITATION_MODE):
//
//   url        the client shows a link to the confirmation page; the person decides there,
//              signed in as themselves; the client then continues the call
//   form       the client renders the approval dialog itself and reports the answer
//   permission form for callers holding chat:bypass_permissions, url for everyone else
//   off        never elicit: the confirmation and its URL come back as tool content
//
// Elicitation needs revision 2026-07-28 and the client's capability for that mode (URL mode
// only for an explicit `elicitation.url`; a bare `elicitation: {}` means form only). Any
// other client gets the confirmation URL as content, approves on the page and calls again.
// Whatever a client claims, the action runs only when the ledger holds an approval for this
// exact caller, session, tool, target and arguments, and that approval is consumed once.
import { CLIENT_CAPABILITIES_META_KEY, inputRequired, inputResponse, type CallToolResult, type ServerContext } from "@modelcontextprotocol/server";
import type { Admission, ConfirmationRecord } from "../../durable-objects/confirmation-ledger";
import type { Principal } from "../auth/principal";
import type { Config } from "../config";
import type { Env } from "../env";
import { confirmationScope, ledgerOf } from "./scope";
import { confirmationUrl, confirmationView } from "./view";
import { signedStateCodec } from "./signed-state";

export interface GateContext {
  env: Env;
  config: Config;
  principal: Principal;
  /** Public base URL, for the confirmation page link. */
  base: string;
}

export interface GatedAction {
  tool: string;
  title: string;
  target: string;
  args: Record<string, unknown>;
}

/** The continuation state a client echoes back: which confirmation, for which call. */
interface ContinuationState {
  confirmation_id: string;
  tool: string;
  args_digest: string;
}

/** The key of our single input request in `inputRequests` / `inputResponses`. */
const APPROVAL = "approval";

type Mode = "url" | "form" | "off";

function effectiveMode(config: Config, principal: Principal): Mode {
  const mode = config.MCP_CONFIRMATION_ELICITATION_MODE;
  if (mode === "permission") return principal.permissions.has("chat:bypass_permissions") ? "form" : "url";
  return mode;
}

/** Whether this request's client can take an elicitation in the given mode. */
function clientSupports(ctx: ServerContext, mode: Mode): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: { url?: object; form?: object } } | undefined;
  const elicitation = capabilities?.elicitation;
  if (!elicitation) return false;
  if (mode === "url") return elicitation.url !== undefined;
  return elicitation.form !== undefined || Object.keys(elicitation).length === 0;
}

const refused = (text: string, structured: Record<string, unknown>): CallToolResult => ({
  content: [{ type: "text", text }],
  structuredContent: structured,
  isError: true,
});

/**
 * Runs `run` only with an approval for this exact action; otherwise asks for one (an
 * input_required result, or the confirmation as content) or explains why not.
 */
export async function confirmThenRun(action: GatedAction, gate: GateContext, ctx: ServerContext, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const { config, principal } = gate;
  const scope = await confirmationScope(principal, action.tool, action.target, action.args);
  const ledger = ledgerOf(gate.env.CONFIRMATIONS, principal.subject);
  const settings = {
    ttlSeconds: config.ACTION_CONFIRMATION_TTL_SECONDS,
    denialRetries: config.ACTION_CONFIRMATION_DENIAL_RETRIES,
    sessionDenialLimit: config.ACTION_CONFIRMATION_SESSION_DENIAL_LIMIT,
  };
  const mode = effectiveMode(config, principal);
  const codec = signedStateCodec<ContinuationState>(config, principal);

  // A continuation of an earlier round: the verified state must name this very call.
  const state = ctx.mcpReq.requestState<ContinuationState>();
  if (state && (state.tool !== action.tool || state.args_digest !== scope.argsDigest)) {
    return refused("The continuation does not belong to this call (a different tool or different arguments); nothing ran.", {
      block_reason: "confirmation_mismatch",
    });
  }
  if (state) {
    const answer = inputResponse(ctx.mcpReq.inputResponses, APPROVAL);
    if (answer.kind === "elicit" && answer.action === "cancel") {
      return refused("The approval was cancelled; nothing ran. The confirmation stays pending until it expires.", {
        block_reason: "confirmation_cancelled",
        confirmation_id: state.confirmation_id,
      });
    }
    if (answer.kind === "elicit") {
      const approved = mode === "form" && answer.action === "accept" && (answer.content as { approve?: unknown } | undefined)?.approve === true;
      // A decline refuses this attempt and counts as a denial; the retry allowance is for the
      // next call. In URL mode the client can only refuse: approval comes from the page.
      if (!approved && (mode === "form" || answer.action === "decline")) {
        const decided = await ledger.decide(state.confirmation_id, principal.subject, "denied", mode === "form" ? "form" : "client");
        return refused("The action was declined; nothing ran.", {
          block_reason: "confirmation_denied",
          ...(decided ? { confirmation: confirmationView(decided, gate.base) } : {}),
        });
      }
      if (approved) await ledger.decide(state.confirmation_id, principal.subject, "approved", "form");
    }
  }

  // RPC erases the union's discriminant from the stub's type; the object is the ledger's Admission.
  const admission = (await (state
    ? ledger.resume(state.confirmation_id, scope, action.args, settings)
    : ledger.admit(scope, action.args, settings))) as Admission;
  switch (admission.kind) {
    case "approved":
      return run();
    case "blocked":
      return refused(
        `Too many declined actions in this session (${admission.denials} of at most ${admission.limit} unexpired denials): no further approvals will be asked for now. Actions already approved still run.`,
        { block_reason: "confirmation_denial_limit", denials: admission.denials, limit: admission.limit },
      );
    case "denied":
      return refused(
        `The action was declined. Its owner can still approve it at ${confirmationUrl(gate.base, admission.record.id)} before it expires, then call again.`,
        {
          block_reason: "confirmation_denied",
          confirmation: confirmationView(admission.record, gate.base),
        },
      );
    case "pending":
      return askForApproval(
        action,
        admission.record,
        gate,
        mode,
        ctx,
        await codec.mint({ confirmation_id: admission.record.id, tool: action.tool, args_digest: scope.argsDigest }, ctx),
      );
  }
}

function askForApproval(
  action: GatedAction,
  record: ConfirmationRecord,
  gate: GateContext,
  mode: Mode,
  ctx: ServerContext,
  requestState: string,
): CallToolResult {
  const url = confirmationUrl(gate.base, record.id);
  const message = `Approve "${action.title}" on ${action.target} with ${JSON.stringify(action.args)}?`;
  if (mode !== "off" && clientSupports(ctx, mode)) {
    const request =
      mode === "url"
        ? inputRequired.elicitUrl({ message: `${message} Open the link, approve or deny, then continue.`, url })
        : inputRequired.elicit({
            message,
            requestedSchema: {
              type: "object",
              properties: { approve: { type: "boolean", title: "Approve", description: "Run this action" } },
              required: ["approve"],
            },
          });
    return inputRequired({ inputRequests: { [APPROVAL]: request }, requestState }) as unknown as CallToolResult;
  }
  const confirmation = confirmationView(record, gate.base);
  return {
    content: [
      {
        type: "text",
        text: `This action needs approval before it runs. Ask the user to open ${url}, approve it, then call ${action.tool} again with the same arguments.`,
      },
    ],
    structuredContent: { confirmation_required: true, confirmation },
  };
}
