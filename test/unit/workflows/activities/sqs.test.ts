import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../worker/neo4j/json";
import { activity, receiverSpot, run } from "../../../support/activities";
import { newQueue, receiveAll, sqsCall } from "../../../support/sqs";

const rows = (count: number): JsonObject[] => Array.from({ length: count }, (_, index) => ({ details: { index, name: `n${index}` } }));

describe("sqs activity", () => {
  it("sends one message per row, its body the row's attribute as JSON, with upstream's attributes", async () => {
    const queue = await newQueue();
    const outcome = await run(activity("sqs", { sqs_queue: queue.name }), rows(2));
    expect(outcome.result).toEqual({ messages_sent: 2 });
    const messages = await receiveAll(queue.url, 2);
    expect(messages.map((message) => JSON.parse(message.Body)).sort((a, b) => a.index - b.index)).toEqual([
      { index: 0, name: "n0" },
      { index: 1, name: "n1" },
    ]);
    for (const message of messages) {
      expect(message.MessageAttributes).toEqual({
        type: expect.objectContaining({ DataType: "String", StringValue: "wf-1" }),
        source: expect.objectContaining({ DataType: "String", StringValue: "seizu" }),
      });
    }
  });

  it("sends more than ten rows in batches of ten", async () => {
    const queue = await newQueue();
    expect((await run(activity("sqs", { sqs_queue: queue.name }), rows(23))).result).toEqual({ messages_sent: 23 });
    const bodies = (await receiveAll(queue.url, 23)).map((message) => JSON.parse(message.Body).index);
    expect(bodies.sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, index) => index));
  });

  it("sends only the first max_rows rows", async () => {
    const queue = await newQueue();
    expect((await run(activity("sqs", { sqs_queue: queue.name, max_rows: 3 }), rows(5))).result).toEqual({ messages_sent: 3 });
    expect(await receiveAll(queue.url, 3)).toHaveLength(3);
  });

  it("fails when SQS refuses entries of a batch, naming the rows and SQS's codes", async () => {
    // A FIFO queue refuses every message without a MessageGroupId, which upstream's messages lack too.
    const name = `workflow-${crypto.randomUUID()}.fifo`;
    await sqsCall("CreateQueue", { QueueName: name, Attributes: { FifoQueue: "true", ContentBasedDeduplication: "true" } });
    await expect(run(activity("sqs", { sqs_queue: name }), rows(2))).rejects.toThrow(
      `SQS refused 2 of 2 messages to ${name} (0 sent before): row 0: MissingParameter: The request must contain the parameter MessageGroupId.; row 1: MissingParameter`,
    );
  });

  it("names a queue that does not exist, with SQS's error", async () => {
    await expect(run(activity("sqs", { sqs_queue: "no-such-queue" }), rows(1))).rejects.toThrow(/SQS GetQueueUrl failed \(HTTP 400\): QueueDoesNotExist/);
  });

  it("fails without AWS credentials, naming the secrets", async () => {
    await expect(run(activity("sqs", { sqs_queue: "q" }), rows(1), { AWS_SECRET_ACCESS_KEY: undefined })).rejects.toThrow(
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY",
    );
  });

  it("fails on a row lacking query_return_attribute before sending anything", async () => {
    const queue = await newQueue();
    await expect(run(activity("sqs", { sqs_queue: queue.name }), [...rows(1), { other: 1 }])).rejects.toThrow("input row 1 has no attribute 'details'");
    expect(await receiveAll(queue.url, 0)).toEqual([]);
  });

  it("signs each request with SigV4 for the region, with the session token when one is set", async () => {
    // ElasticMQ takes any signature, so the receiver records what the Worker sends instead.
    const spot = receiverSpot();
    const failed = run(activity("sqs", { sqs_queue: "q" }), rows(1), {
      SQS_URL: `${spot.url}/sqs`,
      AWS_REGION: "eu-west-2",
      AWS_SESSION_TOKEN: "session-token",
    });
    await expect(failed).rejects.toThrow("SQS GetQueueUrl answered without a QueueUrl for q");
    const [request] = await spot.received();
    expect(request?.headers["x-amz-target"]).toBe("AmazonSQS.GetQueueUrl");
    expect(request?.headers["content-type"]).toBe("application/x-amz-json-1.0");
    expect(request?.headers["x-amz-security-token"]).toBe("session-token");
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-access-key-id\/\d{8}\/eu-west-2\/sqs\/aws4_request, SignedHeaders=[^,]*x-amz-target/,
    );
    expect(JSON.parse(request?.body ?? "")).toEqual({ QueueName: "q" });
  });
});
