// slack: the input rows as a CSV file shared to channels, through Slack's external upload flow
// (files.upload is retired): conversations.join each channel (a bot must be a member to share),
// files.getUploadURLExternal, the bytes POSTed to the upload URL it returns (without the token:
// that URL is pre-authorised), then one files.completeUploadExternal sharing the file to every
// channel through its `channels` list. Slack answers HTTP 200 with {ok: false, error} when it
// refuses; the error is the activity's. No input rows: nothing is uploaded.
import { z } from "zod";
import type { Config } from "../../config";
import { requiredString, requiredStringList, maxRows, queryReturnAttribute } from "./common";
import { toCsv } from "./csv";
import { defineActivity } from "./define";
import { ActivityError, retryableStatus } from "./errors";
import { formField } from "./form";
import { bodyExcerpt, send } from "./outbound";
import { rowObject, rowValues } from "./rows";

/** The errors Slack's Web API documents as passing (the others, channel_not_found, invalid_auth, ..., stay). */
const TRANSIENT_ERRORS = new Set(["ratelimited", "internal_error", "fatal_error", "service_unavailable", "request_timeout"]);

interface SlackAnswer {
  ok?: boolean;
  error?: string;
  upload_url?: string;
  file_id?: string;
}

function slackClient(config: Config) {
  const token = config.SLACK_OAUTH_BOT_TOKEN;
  if (!token) throw new ActivityError("the Slack bot token is not set: put it in the SLACK_OAUTH_BOT_TOKEN secret");
  return async (method: string, args: Record<string, string>): Promise<SlackAnswer> => {
    // Form-encoded: files.getUploadURLExternal takes no JSON body.
    const response = await send(`Slack ${method}`, `${config.SLACK_API_URL}/${method}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(args),
    });
    if (!response.ok)
      throw new ActivityError(`Slack ${method} answered HTTP ${response.status}: ${await bodyExcerpt(response)}`, {
        retryable: retryableStatus(response.status),
      });
    const answer = (await response.json()) as SlackAnswer;
    if (answer.ok !== true)
      throw new ActivityError(`Slack ${method} failed: ${answer.error ?? "no error given"}`, { retryable: TRANSIENT_ERRORS.has(answer.error ?? "") });
    return answer;
  };
}

export const slack = defineActivity({
  type: "slack",
  description: "Upload the input rows as a CSV file to Slack channels.",
  inputRequired: true,
  parameters: z
    .object({
      channels: formField(requiredStringList(20, 100), { label: "Channels", description: "Channel IDs to share the file to" }),
      title: formField(requiredString(255), { label: "Title", description: "The file's title" }),
      initial_comment: formField(requiredString(4000), { label: "Comment", description: "The message posted with the file", multiline: true }),
      query_return_attribute: queryReturnAttribute,
      max_rows: maxRows,
    })
    .strict(),

  async run({ activity, input = [], parameters }, { config }) {
    const { channels, title, initial_comment, query_return_attribute: attribute, max_rows } = parameters;
    const rows = rowValues(input, attribute, max_rows).map((value, index) => rowObject(value, index, attribute));
    if (rows.length === 0) return { result: { rows_uploaded: 0, channels: [] } };
    const call = slackClient(config);
    for (const channel of channels) await call("conversations.join", { channel });
    const bytes = new TextEncoder().encode(toCsv(rows));
    const filename = `${activity.output}.csv`;
    const { upload_url, file_id } = await call("files.getUploadURLExternal", { filename, length: String(bytes.byteLength) });
    if (!upload_url || !file_id) throw new ActivityError("Slack files.getUploadURLExternal answered without upload_url or file_id", { retryable: true });
    const uploaded = await send("Slack file upload", upload_url, { method: "POST", headers: { "content-type": "text/csv" }, body: bytes });
    if (!uploaded.ok)
      throw new ActivityError(`Slack file upload answered HTTP ${uploaded.status}: ${await bodyExcerpt(uploaded)}`, {
        retryable: retryableStatus(uploaded.status),
      });
    await uploaded.body?.cancel();
    await call("files.completeUploadExternal", { files: JSON.stringify([{ id: file_id, title }]), channels: channels.join(","), initial_comment });
    return { result: { rows_uploaded: rows.length, channels } };
  },
});
