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
//
// In URL mode a client's `accept` means only that the person agreed to open the link (the
// official clients send it from their callback at once). The continuation then waits in the
// ledger, ACTION_CONFIRMATION_URL_WAIT_SECONDS at most, for the person's decision, and runs,
// refuses, or answers that the approval is still pending: never another elicitation of the same
// link, which a client's driver would loop on.
import { CLIENT_CAPABILITIES_META_KEY, inputRequired, inputResponse, type CallToolResult, type ServerContext } from "@modelcontextprotocol/server";
import type { Admission, ConfirmationRecord } from "../../durable-objects/confirmation-ledger";
import type { Principal } from "../auth/principal";
import type { Config } from "../config";
import type { AuditTrail } from "../audit/trail";
import type { Env } from "../env";
import { shownArguments } from "./shown-arguments";
import { confirmationScope, ledgerOf, requesterOf } from "./scope";
import { confirmationUrl, confirmationView } from "./view";
import { upstreamConfirmationPayload } from "./upstream-payload";
import { signedStateCodec } from "./signed-state";

export interface GateContext {
  env: Env;
  config: Config;
  principal: Principal;
  /** The request's audit trail: the ledger records each confirmation's changes as this caller's. */
  audit: AuditTrail;
  /** The MCP request: its headers name the client (and, without sign-in, its session). */
  request: Request;
  /** Public base URL, for the confirmation page link. */
  base: string;
}

export interface GatedAction {
  tool: string;
  title: string;
  /** The operation's path with its ids: what the approval is scoped to. */
  target: string;
  /** The target as a person knows it: workflow "Nightly CVEs". */
  targetName: string;
  args: Record<string, unknown>;
  /** A typed-confirm action's `_execute` step (typed-confirm.ts). */
  typed?: boolean;
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

const envelopeOf = (ctx: ServerContext) => ctx.mcpReq.envelope as Record<string, unknown> | undefined;

/** Whether this request's client can take an elicitation in the given mode. */
function clientSupports(ctx: ServerContext, mode: Mode): boolean {
  const capabilities = envelopeOf(ctx)?.[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: { url?: object; form?: object } } | undefined;
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

const WHERE: Record<NonNullable<ConfirmationRecord["decidedVia"]>, string> = {
  url: "on the confirmation page",
  form: "in the client's approval dialog",
  client: "in the MCP client, declining to open the confirmation page",
};

/** Who declined the action, where and when: what an agent must know before it asks again. */
function declined(record: ConfirmationRecord, tool: string, base: string, retriesLeft: number): CallToolResult {
  const who = record.decidedBy ?? record.user;
  const where = record.decidedVia ? WHERE[record.decidedVia] : "";
  const when = record.decidedAt ? new Date(record.decidedAt).toISOString() : "earlier";
  const next =
    retriesLeft > 0
      ? `Do not ask again unless the user says they changed their mind; if they do, calling ${tool} again with the same arguments asks them once more.`
      : "No further approval will be asked for this action.";
  return refused(
    `Declined: ${who} declined "${record.title}" on ${record.targetName} ${where} at ${when}. Nothing ran. ${next} Until ${new Date(record.expiresAt).toISOString()} the user can still approve it at ${confirmationUrl(base, record.id)}, then call again.`,
    { block_reason: "confirmation_denied", retries_left: retriesLeft, confirmation: confirmationView(record, base) },
  );
}

/**
 * Runs `run` only with an approval for this exact action; otherwise asks for one (an
 * input_required result, or the confirmation as content) or explains why not.
 */
export async function confirmThenRun(action: GatedAction, gate: GateContext, ctx: ServerContext, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const { config, principal } = gate;
  const requester = await requesterOf(principal, gate.request, envelopeOf(ctx));
  const scope = await confirmationScope(requester.session, principal, action.tool, action.target, action.args);
  const shown = await shownArguments(action.args);
  const mode = effectiveMode(config, principal);
  const caller = gate.audit.recording ? gate.audit.caller : null;
  const audit = caller && { caller, mode: config.MCP_CONFIRMATION_ELICITATION_MODE, path: mode, typed: action.typed ?? false };
  const description = { arguments: shown, title: action.title, targetName: action.targetName, client: requester.client, audit };
  const ledger = ledgerOf(gate.env.CONFIRMATIONS, principal.subject);
  const settings = {
    ttlSeconds: config.ACTION_CONFIRMATION_TTL_SECONDS,
    denialRetries: config.ACTION_CONFIRMATION_DENIAL_RETRIES,
    sessionDenialLimit: config.ACTION_CONFIRMATION_SESSION_DENIAL_LIMIT,
  };
  const codec = signedStateCodec<ContinuationState>(config, principal);

  // A continuation of an earlier round: the verified state must name this very call.
  const state = ctx.mcpReq.requestState<ContinuationState>();
  if (state && (state.tool !== action.tool || state.args_digest !== scope.argsDigest)) {
    return refused("The continuation does not belong to this call (a different tool or different arguments); nothing ran.", {
      block_reason: "confirmation_mismatch",
    });
  }
  /** Whether the client accepted the link: the person agreed to open it, and may not have decided yet. */
  let linkAccepted = false;
  if (state) {
    const answer = inputResponse(ctx.mcpReq.inputResponses, APPROVAL);
    if (answer.kind === "elicit" && answer.action === "cancel") {
      gate.audit.record({
        kind: "confirmation",
        action: "cancelled",
        outcome: "ok",
        target: action.tool,
        resource: { type: "confirmation", id: state.confirmation_id, version: null },
        detail: {
          confirmation_id: state.confirmation_id,
          tool: action.tool,
          action: action.title,
          target: action.targetName,
          path: mode,
          typed: action.typed ?? false,
        },
      });
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
        const decided = (await ledger.decide(state.confirmation_id, principal.subject, "denied", mode === "form" ? "form" : "client", caller)) as
          | ConfirmationRecord
          | undefined;
        if (decided?.status === "denied") return declined(decided, action.tool, gate.base, Math.max(0, settings.denialRetries + 1 - decided.prompts));
        return refused("The action was declined in the client; nothing ran.", {
          block_reason: "confirmation_denied",
          ...(decided ? { confirmation: confirmationView(decided, gate.base) } : {}),
        });
      }
      if (approved) await ledger.decide(state.confirmation_id, principal.subject, "approved", "form", caller);
      linkAccepted = mode === "url" && answer.action === "accept";
    }
  }

  // RPC erases the union's discriminant from the stub's type; the object is the ledger's Admission.
  const admission = (await (state
    ? ledger.resume(state.confirmation_id, scope, description, settings, linkAccepted ? config.ACTION_CONFIRMATION_URL_WAIT_SECONDS * 1000 : 0)
    : ledger.admit(scope, description, settings))) as Admission;
  switch (admission.kind) {
    case "approved":
      return run();
    case "blocked":
      return refused(
        `Too many declined actions in this session (${admission.denials} of at most ${admission.limit} unexpired denials): no further approvals will be asked for now. Actions already approved still run. The user can see their confirmations at GET /api/v1/confirmations and clear this session's denials there (session ${scope.session}).`,
        { block_reason: "confirmation_denial_limit", denials: admission.denials, limit: admission.limit, session: scope.session },
      );
    case "denied":
      return declined(admission.record, action.tool, gate.base, admission.retriesLeft);
    case "pending":
      // Still undecided after the wait: say so, and end the call rather than link again.
      if (linkAccepted && admission.record.id === state?.confirmation_id) return stillPending(action, admission.record, gate);
      return askForApproval(
        action,
        admission,
        gate,
        mode,
        ctx,
        await codec.mint({ confirmation_id: admission.record.id, tool: action.tool, args_digest: scope.argsDigest }, ctx),
      );
  }
}

/**
 * The URL-mode answer once the wait ran out undecided. Not an error: the person is at the page
 * deciding, the request is in progress, and the agent's next step is to wait for them.
 */
function stillPending(action: GatedAction, record: ConfirmationRecord, gate: GateContext): CallToolResult {
  const url = confirmationUrl(gate.base, record.id);
  return {
    content: [
      {
        type: "text",
        text: `Not done yet: the approval of "${action.title}" on ${action.targetName} is still pending at ${url}. Nothing has run. Once the user has decided there, call ${action.tool} again with the same arguments: it runs if they approved.`,
      },
    ],
    structuredContent: { confirmation_pending: true, confirmation: confirmationView(record, gate.base) },
  };
}

function askForApproval(
  action: GatedAction,
  admission: Extract<Admission, { kind: "pending" }>,
  gate: GateContext,
  mode: Mode,
  ctx: ServerContext,
  requestState: string,
): CallToolResult {
  const { record, previous } = admission;
  const url = confirmationUrl(gate.base, record.id);
  const again = previous?.decidedAt ? ` Asked again: it was declined at ${new Date(previous.decidedAt).toISOString()}.` : "";
  const message = `Approve "${action.title}" on ${action.targetName} with ${JSON.stringify(record.arguments)}?${again}`;
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
  // Not done: a client that reads only isError must not take this for the action's result.
  const view = confirmationView(record, gate.base);
  return {
    content: [
      {
        type: "text",
        text: `Not done: "${action.title}" on ${action.targetName} needs the user's approval before it runs.${again} Ask the user to open ${url}, approve it, then call ${action.tool} again with the same arguments.`,
      },
    ],
    structuredContent: { confirmation_required: true, ...upstreamConfirmationPayload(view), confirmation: view },
    isError: true,
  };
}
