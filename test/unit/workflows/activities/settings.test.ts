import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../../worker/config";

const settings = (vars: Record<string, string> = {}) => loadConfig({ NEO4J_URL: "http://127.0.0.1:7474", NEO4J_PASSWORD: "x", ...vars });

describe("workflow activity settings", () => {
  it("default to 200 query rows, no webhook host, Slack's API and the region's SQS endpoint", () => {
    expect(settings()).toMatchObject({
      WORKFLOW_QUERY_MAX_ROWS: 200,
      WORKFLOW_WEBHOOK_ALLOWED_HOSTS: [],
      SLACK_API_URL: "https://slack.com/api",
      AWS_REGION: "us-east-1",
    });
    expect(settings().SQS_URL).toBeUndefined();
  });

  it("read the webhook host allowlist as a comma list", () => {
    expect(settings({ WORKFLOW_WEBHOOK_ALLOWED_HOSTS: "hooks.example.com, *.example.org,127.0.0.1:8080" }).WORKFLOW_WEBHOOK_ALLOWED_HOSTS).toEqual([
      "hooks.example.com",
      "*.example.org",
      "127.0.0.1:8080",
    ]);
  });

  it("refuse an allowlist entry that is not a host, naming the setting", () => {
    expect(() => settings({ WORKFLOW_WEBHOOK_ALLOWED_HOSTS: "https://hooks.example.com/" })).toThrow(
      "WORKFLOW_WEBHOOK_ALLOWED_HOSTS.0: entries must be host, host:port or *.domain (lower case)",
    );
  });

  it("refuse a region that is not an AWS region, naming the setting", () => {
    expect(() => settings({ AWS_REGION: "Europe" })).toThrow("AWS_REGION: must be an AWS region such as us-east-1");
  });
});
