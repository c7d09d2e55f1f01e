// REST operations of the `confirmations` group: what the confirmation page shows and does.
// Any signed-in caller may use them; each confirmation is visible to its owner only.
import { z } from "zod";
import { publicBase } from "../../auth/public-url";
import { ConfirmationService } from "../../confirmations/service";
import { defineOperations, param, type OperationContext } from "../operation";

const params = z.object({ confirmation_id: z.string().describe("Confirmation id") });
const confirmation = z.object({
  id: z.string(),
  status: z.enum(["pending", "approved", "denied", "consumed"]),
  tool: z.string(),
  target: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  expires_at: z.string(),
  decided_via: z.enum(["url", "form", "client"]).nullable(),
  url: z.string(),
});
const service = (ctx: OperationContext) => new ConfirmationService({ env: ctx.env, principal: ctx.principal, base: publicBase(ctx.config, ctx.request) });
const id = (params: Record<string, unknown>) => param(params, "confirmation_id");

export const confirmationOperations = defineOperations([
  {
    operationId: "confirmations_get",
    group: "confirmations",
    method: "get",
    path: "/confirmations/{confirmation_id}",
    summary: "A pending or decided action awaiting its owner's approval",
    params,
    response: confirmation,
    run: (ctx, { params }) => service(ctx).get(id(params)),
  },
  {
    operationId: "confirmations_approve",
    group: "confirmations",
    method: "post",
    path: "/confirmations/{confirmation_id}/approve",
    summary: "Approve the action (also after a denial, until it expires)",
    params,
    response: confirmation,
    run: (ctx, { params }) => service(ctx).decide(id(params), "approved"),
  },
  {
    operationId: "confirmations_deny",
    group: "confirmations",
    method: "post",
    path: "/confirmations/{confirmation_id}/deny",
    summary: "Deny the action",
    params,
    response: confirmation,
    run: (ctx, { params }) => service(ctx).decide(id(params), "denied"),
  },
]);
