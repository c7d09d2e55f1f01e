// Drop-in for Seizu (issue 25), where upstream's CLI cannot be installed (CI has no GitHub and no
// upstream package on PyPI): the requests upstream Seizu's own CLI sent, recorded by
// test/e2e/upstream-cli.test.ts into test/fixtures/upstream-seizu/cli-exchanges.json, are sent
// again in the same order to a fresh Worker, ids the Worker makes taken from earlier answers. Each
// recorded command is a test named after its command line: every answer has the status recorded,
// a 2xx, and every key upstream's CLI reads from it (test/support/upstream-cli-reads.ts, from
// upstream's source), so a test fails exactly where upstream's CLI would.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atPointer, commandLine, type Exchange, exchangesFile, fillTokens, fixturePath } from "../support/upstream-cli-exchanges";
import { failsToday, knownFailureOf, knownFailures } from "../support/upstream-cli-known-failures";
import { commandOf, missingKeys, readsOf } from "../support/upstream-cli-reads";
import { type RunningWorker, startWorker } from "../support/worker";

const recorded = exchangesFile.parse(JSON.parse(readFileSync(fixturePath, "utf8")));

/** Sends one recorded request as upstream's CLI sent it (python-requests, a bearer token), tokens filled in. */
async function send(base: string, exchange: Exchange, ids: ReadonlyMap<string, string>) {
  const url = new URL(fillTokens(exchange.path, ids), base);
  for (const [name, value] of Object.entries(fillTokens(exchange.query, ids))) url.searchParams.set(name, value);
  const headers: Record<string, string> = { authorization: "Bearer upstream-cli-test", "user-agent": "python-requests (replayed)" };
  let body: BodyInit | undefined;
  if (exchange.body && "json" in exchange.body) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(fillTokens(exchange.body.json, ids));
  } else if (exchange.body) {
    const form = new FormData();
    for (const part of exchange.body.multipart) {
      const bytes = Buffer.from(part.base64, "base64");
      if (part.filename === undefined) form.append(part.name, bytes.toString("utf8"));
      else form.append(part.name, new Blob([bytes], { type: part.type }), part.filename);
    }
    body = form;
  }
  const response = await fetch(url, { method: exchange.method, headers, body });
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").includes("json") && text ? JSON.parse(text) : undefined;
  return { status: response.status, body: json };
}

describe(`requests of upstream Seizu's CLI (${recorded.upstream.repository}@${recorded.upstream.commit.slice(0, 7)}), replayed against this Worker`, () => {
  let worker: RunningWorker;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker?.stop();
  });

  it("knows which keys upstream's CLI reads from every recorded answer", () => {
    const unlisted = recorded.commands.flatMap((command) =>
      command.exchanges
        .filter((exchange) => !readsOf(command.argv, exchange.method, exchange.path))
        .map((exchange) => `${commandOf(command.argv) ?? command.argv.join(" ")}: ${exchange.method} ${exchange.path}`),
    );
    expect(unlisted).toEqual([]);
  });

  it("lists only keys that the answers had where upstream's CLI succeeded", () => {
    // A recorded answer keeps its key structure, so the keys read can be checked against it: a
    // key listed for a command that exited 0 without it is one upstream's CLI does not need.
    const unneeded = recorded.commands
      .filter((command) => command.exit === 0)
      .flatMap((command) =>
        command.exchanges.flatMap((exchange) =>
          missingKeys(exchange.response, readsOf(command.argv, exchange.method, exchange.path) ?? []).map((key) => `${commandLine(command.argv)}: ${key}`),
        ),
      );
    expect(unneeded).toEqual([]);
  });

  it("names only recorded commands among the known failures", () => {
    const lines = recorded.commands.map((command) => commandLine(command.argv));
    expect([...knownFailures.keys()].filter((start) => !lines.some((line) => knownFailureOf(line) === start))).toEqual([]);
  });

  for (const command of recorded.commands) {
    const line = commandLine(command.argv);
    (failsToday(line) ? it.fails : it)(line, async () => {
      const problems: string[] = [];
      for (const exchange of command.exchanges) {
        const request = `${exchange.method} ${exchange.path}`;
        const answer = await send(worker.url, exchange, ids);
        for (const [token, pointer] of Object.entries(exchange.captures)) {
          const id = atPointer(answer.body, pointer);
          if (typeof id === "string") ids.set(token, id);
          else problems.push(`${request}: no id at ${pointer} (recorded as {{${token}}})`);
        }
        if (answer.status !== exchange.status || answer.status >= 300) problems.push(`${request}: status ${answer.status}, recorded ${exchange.status}`);
        for (const key of missingKeys(answer.body, readsOf(command.argv, exchange.method, exchange.path) ?? []))
          problems.push(`${request}: no ${key}, which upstream's CLI reads`);
      }
      if (command.exit !== 0) problems.push(`upstream's CLI exited ${command.exit} when recorded, so what it would have sent next is missing`);
      expect(problems).toEqual([]);
    });
  }
});
