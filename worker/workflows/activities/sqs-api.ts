// The SQS JSON protocol (POST to the endpoint, X-Amz-Target: AmazonSQS.<Action>, a JSON body),
// each request SigV4-signed by aws4fetch. An error answer is {__type: "...#QueueDoesNotExist",
// message}; it becomes the activity's error with the action named, retried only when SQS may
// answer otherwise later (throttling, server errors).
import { AwsClient } from "aws4fetch";
import type { Config } from "../../config";
import { ActivityError, retryableStatus } from "./errors";
import { send } from "./outbound";

type SqsCall = (action: string, payload: Record<string, unknown>) => Promise<Record<string, unknown>>;

function sqsEndpoint(config: Config): string {
  return config.SQS_URL ?? `https://sqs.${config.AWS_REGION}.amazonaws.com`;
}

export function sqsClient(config: Config): SqsCall {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = config;
  if (!accessKeyId || !secretAccessKey) throw new ActivityError("AWS credentials are not set: put AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in secrets");
  const aws = new AwsClient({ accessKeyId, secretAccessKey, sessionToken, service: "sqs", region: config.AWS_REGION });
  const endpoint = sqsEndpoint(config);
  return async (action, payload) => {
    const body = JSON.stringify(payload);
    const signed = await aws.sign(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": `AmazonSQS.${action}` },
      body,
    });
    // Sent by send() rather than aws.fetch: one attempt, the time limit, no redirects.
    const response = await send(`SQS ${action}`, signed.url, { method: "POST", headers: signed.headers, body });
    const text = await response.text();
    let answer: Record<string, unknown> = {};
    try {
      answer = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new ActivityError(`SQS ${action} answered HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`, { retryable: true });
    }
    if (!response.ok) {
      const type = String(answer.__type ?? "UnknownError")
        .split("#")
        .pop();
      // SQS answers throttling with HTTP 400 (ThrottlingException, RequestThrottled).
      throw new ActivityError(`SQS ${action} failed (HTTP ${response.status}): ${type}: ${String(answer.message ?? answer.Message ?? "no message")}`, {
        retryable: retryableStatus(response.status) || /throttl/i.test(type ?? ""),
      });
    }
    return answer;
  };
}
