// Operations of the `confirmations` group: what the confirmation page shows and does, and a
// person's view of their own approvals. Any signed-in caller may use them; each confirmation
// is visible to its owner only.
import { z } from "zod";
import { publicBase } from "../auth/public-url";
import { ConfirmationService } from "../confirmations/service";
import { defineOperation, type OperationContext } from "./operation";
import { clearedDenialsResponse, confirmationDecisionResponse, confirmationListResponse, confirmationResponse } from "./responses";
import { upstreamConfirmationFields } from "../confirmations/upstream-payload";

/** Upstream Seizu's decision body. */
const decisionInput = z.object({ decision: z.enum(["approved", "denied"], { error: "must be approved or denied" }) }).strict();
const params = z.object({ confirmation_id: z.string().describe("Confirmation id") });
const sessionParams = z.object({ session: z.string().describe("A session of the caller, as GET /confirmations lists it") });
const service = (ctx: OperationContext) =>
  new ConfirmationService({ env: ctx.env, config: ctx.config, principal: ctx.principal, base: publicBase(ctx.config, ctx.request), audit: ctx.audit });

export const confirmationOperations = [
  defineOperation({
    operationId: "confirmations_list",
    group: "confirmations",
    method: "get",
    path: "/confirmations",
    summary: "The caller's own confirmations (pending first) and the denials each session holds",
    response: confirmationListResponse,
    run: (ctx) => service(ctx).list(),
  }),
  defineOperation({
    operationId: "confirmations_clear_denials",
    group: "confirmations",
    method: "delete",
    path: "/confirmations/sessions/{session}/denials",
    summary: "Forget one of the caller's sessions' denials, so approvals are asked for there again (denied confirmations stay denied)",
    params: sessionParams,
    response: clearedDenialsResponse,
    run: (ctx, { params }) => service(ctx).clearDenials(params.session),
  }),
  defineOperation({
    operationId: "confirmations_get",
    group: "confirmations",
    method: "get",
    path: "/confirmations/{confirmation_id}",
    summary: "A pending or decided action awaiting its owner's approval",
    params,
    response: confirmationResponse,
    run: (ctx, { params }) => service(ctx).get(params.confirmation_id),
  }),
  defineOperation({
    operationId: "confirmations_approve",
    group: "confirmations",
    method: "post",
    path: "/confirmations/{confirmation_id}/approve",
    summary: "Approve the action (also after a denial, until it expires)",
    params,
    response: confirmationResponse,
    run: (ctx, { params }) => service(ctx).decide(params.confirmation_id, "approved"),
  }),
  defineOperation({
    operationId: "confirmations_deny",
    group: "confirmations",
    method: "post",
    path: "/confirmations/{confirmation_id}/deny",
    summary: "Deny the action",
    params,
    response: confirmationResponse,
    run: (ctx, { params }) => service(ctx).decide(params.confirmation_id, "denied"),
  }),
  defineOperation({
    operationId: "confirmations_decide",
    group: "confirmations",
    method: "post",
    path: "/confirmations/{confirmation_id}/decision",
    summary: "Approve or deny the action, as upstream Seizu's clients do ({decision: approved | denied})",
    params,
    body: decisionInput,
    response: confirmationDecisionResponse,
    run: async (ctx, { params, body }) => {
      const view = await service(ctx).decide(params.confirmation_id, body.decision);
      return { confirmation: { ...view, ...upstreamConfirmationFields(view) } };
    },
  }),
];
