import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../worker/neo4j/json";
import { activity, receiverSpot, run } from "../../../support/activities";

const slackActivity = (parameters: Record<string, unknown> = {}) =>
  activity("slack", { channels: ["C1", "C2"], title: "Open findings", initial_comment: "Found today", ...parameters });

const rows: JsonObject[] = [{ details: { name: "a", size: 1 } }, { details: { name: "b, with comma", size: 2, note: "=SUM(A1)" } }];

function slackAt(url: string) {
  return { SLACK_API_URL: `${url}/slack`, SLACK_OAUTH_BOT_TOKEN: "xoxb-test-token" };
}

describe("slack activity", () => {
  it("joins each channel, uploads the CSV through the external upload flow and shares it to every channel", async () => {
    const spot = receiverSpot();
    const outcome = await run(slackActivity(), rows, slackAt(spot.url));
    expect(outcome.result).toEqual({ rows_uploaded: 2, channels: ["C1", "C2"] });
    const received = await spot.received();
    expect(received.map((request) => request.path)).toEqual([
      "/slack/conversations.join",
      "/slack/conversations.join",
      "/slack/files.getUploadURLExternal",
      "/upload/F0001",
      "/slack/files.completeUploadExternal",
    ]);
    const form = (index: number) => Object.fromEntries(new URLSearchParams(received[index]?.body));
    expect([form(0), form(1)]).toEqual([{ channel: "C1" }, { channel: "C2" }]);
    const csv = 'name,size,note\r\na,1,\r\n"b, with comma",2,\'=SUM(A1)\r\n';
    expect(form(2)).toEqual({ filename: "out.csv", length: String(new TextEncoder().encode(csv).byteLength) });
    expect(received[3]?.body).toBe(csv);
    expect(form(4)).toEqual({ files: JSON.stringify([{ id: "F0001", title: "Open findings" }]), channels: "C1,C2", initial_comment: "Found today" });
  });

  it("sends the bot token as a Bearer token to the API, and not to the upload URL", async () => {
    const spot = receiverSpot();
    await run(slackActivity(), rows, slackAt(spot.url));
    const received = await spot.received();
    expect(received.filter((request) => request.path.startsWith("/slack/")).map((request) => request.headers.authorization)).toEqual(
      Array(4).fill("Bearer xoxb-test-token"),
    );
    expect(received.find((request) => request.path.startsWith("/upload/"))?.headers.authorization).toBeUndefined();
  });

  it("surfaces Slack's ok:false error, naming the method", async () => {
    const spot = receiverSpot();
    await expect(run(slackActivity({ channels: ["CMISSING"] }), rows, slackAt(spot.url))).rejects.toThrow("Slack conversations.join failed: channel_not_found");
  });

  it("fails without a bot token, naming the secret", async () => {
    const spot = receiverSpot();
    await expect(run(slackActivity(), rows, { ...slackAt(spot.url), SLACK_OAUTH_BOT_TOKEN: undefined })).rejects.toThrow("SLACK_OAUTH_BOT_TOKEN");
    expect(await spot.received()).toEqual([]);
  });

  it("uploads only the first max_rows rows", async () => {
    const spot = receiverSpot();
    const outcome = await run(slackActivity({ max_rows: 1 }), rows, slackAt(spot.url));
    expect(outcome.result.rows_uploaded).toBe(1);
    expect((await spot.received())[3]?.body).toBe("name,size\r\na,1\r\n");
  });

  it("uploads nothing when there are no rows", async () => {
    const spot = receiverSpot();
    expect((await run(slackActivity(), [], slackAt(spot.url))).result).toEqual({ rows_uploaded: 0, channels: [] });
    expect(await spot.received()).toEqual([]);
  });

  it("fails on a row lacking query_return_attribute, naming the attribute and the row", async () => {
    const spot = receiverSpot();
    await expect(run(slackActivity({ query_return_attribute: "finding" }), rows, slackAt(spot.url))).rejects.toThrow(
      "input row 0 has no attribute 'finding' (query_return_attribute)",
    );
  });
});
