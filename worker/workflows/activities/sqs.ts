// sqs: one message per input row, its body the JSON of the row's query_return_attribute, to a
// queue named as upstream names it (GetQueueUrl resolves the name), sent ten to a
// SendMessageBatch. Each message carries upstream's attributes: type = the workflow id,
// source = seizu. Any entry SQS refuses fails the activity, naming the rows and SQS's codes;
// it is retried unless SQS blames every refused entry on the message (SenderFault).
// No input rows: nothing is sent.
import { z } from "zod";
import { requiredString, maxRows, queryReturnAttribute } from "./common";
import { defineActivity } from "./define";
import { ActivityError } from "./errors";
import { formField } from "./form";
import { rowValues } from "./rows";
import { sqsClient } from "./sqs-api";

/** SendMessageBatch takes at most ten entries and 1 MiB of messages (256 KiB before AWS raised it in 2025). */
const BATCH_ENTRIES = 10;
const BATCH_BYTES = 1_048_576;

const encoder = new TextEncoder();

interface Entry {
  row: number;
  body: string;
  bytes: number;
}

/** Entries in request-sized groups, in row order. */
function batches(entries: Entry[]): Entry[][] {
  const groups: Entry[][] = [];
  let current: Entry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (entry.bytes > BATCH_BYTES) throw new ActivityError(`input row ${entry.row}: the message is ${entry.bytes} bytes, more than SQS's ${BATCH_BYTES}`);
    if (current.length === BATCH_ENTRIES || bytes + entry.bytes > BATCH_BYTES) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += entry.bytes;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

interface BatchAnswer {
  Successful?: { Id: string }[];
  Failed?: { Id: string; Code?: string; Message?: string; SenderFault?: boolean }[];
}

export const sqs = defineActivity({
  type: "sqs",
  description: "Send one SQS message per input row to a queue.",
  inputRequired: true,
  parameters: z
    .object({
      sqs_queue: formField(requiredString(80), { label: "Queue", description: "The queue's name (not its URL)" }),
      query_return_attribute: queryReturnAttribute,
      max_rows: maxRows,
    })
    .strict(),

  async run({ workflowId, input = [], parameters }, { config }) {
    const { sqs_queue, query_return_attribute: attribute, max_rows } = parameters;
    const attributes = { type: { DataType: "String", StringValue: workflowId }, source: { DataType: "String", StringValue: "seizu" } };
    const attributeBytes = encoder.encode(`type String ${workflowId} source String seizu`).byteLength;
    const entries = rowValues(input, attribute, max_rows).map((value, row): Entry => {
      const body = JSON.stringify(value);
      return { row, body, bytes: encoder.encode(body).byteLength + attributeBytes };
    });
    if (entries.length === 0) return { result: { messages_sent: 0 } };
    const call = sqsClient(config);
    const { QueueUrl } = await call("GetQueueUrl", { QueueName: sqs_queue });
    if (typeof QueueUrl !== "string") throw new ActivityError(`SQS GetQueueUrl answered without a QueueUrl for ${sqs_queue}`, { retryable: true });
    let sent = 0;
    for (const batch of batches(entries)) {
      const answer = (await call("SendMessageBatch", {
        QueueUrl,
        Entries: batch.map(({ row, body }) => ({ Id: `row-${row}`, MessageBody: body, MessageAttributes: attributes })),
      })) as BatchAnswer;
      const failed = answer.Failed ?? [];
      if (failed.length > 0) {
        const reasons = failed.map((entry) => `${entry.Id.replace("row-", "row ")}: ${entry.Code ?? "error"}: ${entry.Message ?? ""}`.trim()).join("; ");
        throw new ActivityError(`SQS refused ${failed.length} of ${batch.length} messages to ${sqs_queue} (${sent} sent before): ${reasons}`, {
          retryable: failed.some((entry) => entry.SenderFault !== true),
        });
      }
      sent += batch.length;
    }
    return { result: { messages_sent: sent } };
  },
});
