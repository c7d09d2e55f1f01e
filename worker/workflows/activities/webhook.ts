// webhook (ours; upstream has none): POSTs the input rows as JSON
//   {workflow_id, run_id, output, delivery_id, rows: [<each row's query_return_attribute>]}
// to an allowlisted URL (webhook-hosts.ts), signed when secret_name names a Worker secret
// (signature.ts). The definition holds only the secret's name, so reading a workflow never
// reveals the key. Any answer but 2xx fails the activity, redirects included; the runner tries
// it again only after a timeout, a rate limit or a server error (408, 425, 429, 5xx), so a
// receiver may get one delivery more than once. Every attempt carries the same delivery id, in
// the X-Seizu-Delivery header and in the body (where the signature covers it), so the receiver
// can drop the repeats; another run or another activity is another delivery.
import { z } from "zod";
import { sha256Hex } from "../../digest";
import { ActivityError, retryableStatus } from "./errors";
import { expected, maxRows, queryReturnAttribute, requiredString } from "./common";
import { defineActivity } from "./define";
import { formField } from "./form";
import { bodyExcerpt, send } from "./outbound";
import { rowValues } from "./rows";
import { signatureHeader } from "./signature";
import { webhookUrlProblem } from "./webhook-hosts";

const SECRET_NAME = /^WEBHOOK_SECRET_[A-Z0-9_]+$/;

/** The same for every attempt of one activity in one run (run ids are unique, outputs are unique in a workflow). */
const deliveryId = async (runId: string, output: string) => (await sha256Hex(`${runId}\n${output}`)).slice(0, 32);

export const webhook = defineActivity({
  type: "webhook",
  description: "POST the input rows as JSON to an allowed URL, optionally signed with HMAC-SHA256.",
  inputRequired: true,
  parameters: z
    .object({
      url: formField(requiredString(2048), { label: "URL", description: "An https URL on a host in WORKFLOW_WEBHOOK_ALLOWED_HOSTS" }),
      query_return_attribute: queryReturnAttribute,
      secret_name: formField(
        z
          .string(expected("a string"))
          .max(128, "must be at most 128 characters")
          .regex(SECRET_NAME, "must name a Worker secret matching ^WEBHOOK_SECRET_[A-Z0-9_]+$")
          .optional(),
        {
          label: "Signing secret",
          description: "The name (not the value) of the Worker secret that signs each request (X-Seizu-Signature)",
        },
      ),
      max_rows: maxRows,
    })
    .strict(),

  check({ url }, _activity, { config }) {
    const problem = webhookUrlProblem(url, config.WORKFLOW_WEBHOOK_ALLOWED_HOSTS);
    return problem ? [{ field: "url", rule: "webhook_host", message: problem }] : [];
  },

  async run({ workflowId, runId, activity, input = [], parameters }, { config, env }) {
    const { url, query_return_attribute: attribute, secret_name, max_rows } = parameters;
    const problem = webhookUrlProblem(url, config.WORKFLOW_WEBHOOK_ALLOWED_HOSTS);
    if (problem) throw new ActivityError(`webhook url ${problem}`);
    const rows = rowValues(input, attribute, max_rows);
    const delivery = await deliveryId(runId, activity.output);
    const body = JSON.stringify({ workflow_id: workflowId, run_id: runId, output: activity.output, delivery_id: delivery, rows });
    const headers: Record<string, string> = { "content-type": "application/json", "x-seizu-delivery": delivery };
    if (secret_name) {
      // Named per workflow, so not among the settings config.ts declares.
      const secret = (env as unknown as Record<string, unknown>)[secret_name];
      if (typeof secret !== "string" || secret === "")
        throw new ActivityError(`the webhook signing secret ${secret_name} is not set: put it in a Worker secret of that name`);
      headers["x-seizu-signature"] = await signatureHeader(secret, body, Date.now());
    }
    const response = await send("webhook", url, { method: "POST", headers, body });
    if (response.status < 200 || response.status > 299)
      throw new ActivityError(`webhook answered HTTP ${response.status}: ${await bodyExcerpt(response)}`, { retryable: retryableStatus(response.status) });
    await response.body?.cancel();
    return { result: { rows_sent: rows.length, status: response.status } };
  },
});
