// The test run's ElasticMQ, seen from a test: unsigned SQS JSON-protocol calls (ElasticMQ takes
// them), to make queues and read back what an activity sent.
import { env } from "cloudflare:workers";
import { expect } from "vitest";

/** A call to the test's ElasticMQ, which takes unsigned requests: the test's own view of the queue. */
export async function sqsCall(action: string, payload: Record<string, unknown>) {
  const response = await fetch(env.SQS_URL, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": `AmazonSQS.${action}` },
    body: JSON.stringify(payload),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

export async function newQueue(): Promise<{ name: string; url: string }> {
  const name = `workflow-${crypto.randomUUID()}`;
  const { QueueUrl } = await sqsCall("CreateQueue", { QueueName: name });
  return { name, url: QueueUrl as string };
}

export interface Message {
  Body: string;
  MessageAttributes: Record<string, { DataType: string; StringValue: string }>;
}

export async function receiveAll(queueUrl: string, expected: number): Promise<Message[]> {
  const messages: Message[] = [];
  // At least one receive, so an expected empty queue is looked at too.
  for (let attempt = 0; attempt === 0 || (attempt < 10 && messages.length < expected); attempt++) {
    const { Messages = [] } = (await sqsCall("ReceiveMessage", {
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      MessageAttributeNames: ["All"],
      WaitTimeSeconds: 1,
    })) as {
      Messages?: Message[];
    };
    messages.push(...Messages);
  }
  return messages;
}
