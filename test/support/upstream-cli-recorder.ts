// A recording proxy between upstream Seizu's CLI and the Worker: every exchange is forwarded as
// it is and kept, under the command line that made it, for test/fixtures/upstream-seizu/
// cli-exchanges.json (see upstream-cli-exchanges.ts for what is kept and what is left out).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type Exchange, type ExchangesFile, fixturePath, type RecordedCommand, shapeOf, UUID } from "./upstream-cli-exchanges";

interface RawExchange {
  method: string;
  url: URL;
  contentType: string;
  body: Buffer;
  status: number;
  responseType: string;
  response: Buffer;
}
interface RawCommand {
  argv: string[];
  exit?: number;
  exchanges: RawExchange[];
}

/** Headers that belong to one hop, not to the request or answer passed on. */
const HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "content-encoding", "keep-alive"]);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRecorder(target: string) {
  const commands: RawCommand[] = [];
  let current: RawCommand | undefined;
  const server = createServer(async (request, reply) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? "/", target);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (!HOP.has(name) && typeof value === "string") headers.set(name, value);
    const method = request.method ?? "GET";
    const answer = await fetch(url, { method, headers, body: body.length ? new Uint8Array(body) : undefined });
    const response = Buffer.from(await answer.arrayBuffer());
    current?.exchanges.push({
      method,
      url,
      contentType: request.headers["content-type"] ?? "",
      body,
      status: answer.status,
      responseType: answer.headers.get("content-type") ?? "",
      response,
    });
    const passed: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP.has(name)) passed[name] = value;
    });
    reply.writeHead(answer.status, { ...passed, "content-length": String(response.length) });
    reply.end(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Files the exchanges that follow under `argv`, until the next command. */
    begin(argv: string[]) {
      current = { argv, exchanges: [] };
      commands.push(current);
    },
    end(exit: number) {
      if (current) current.exit = exit;
      current = undefined;
    },
    /** Writes the fixture: `home` is written $HOME, and `upstream` names the CLI's source. */
    async write(home: string, upstreamFile: string) {
      const upstream = JSON.parse(readFileSync(upstreamFile, "utf8")) as ExchangesFile["upstream"];
      const file: ExchangesFile = { upstream, commands: await normalise(commands, home) };
      writeFileSync(fixturePath, `${JSON.stringify(file, null, 2)}\n`);
      // Laid out as the linter wants it, so a re-recording differs only where the exchanges do.
      execFileSync(fileURLToPath(new URL("../../node_modules/.bin/biome", import.meta.url)), ["format", "--write", fileURLToPath(fixturePath)], {
        stdio: "ignore",
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Replaces every Worker-made id by a token named after the key it first came back under
 * ({{report_id.1}}), in the order of the run, and keeps a capture only for the tokens a later
 * request or command line uses.
 */
async function normalise(commands: RawCommand[], home: string): Promise<RecordedCommand[]> {
  const tokens = new Map<string, string>();
  const counts = new Map<string, number>();
  const used = new Set<string>();
  const tokenise = (text: string) =>
    text.replace(UUID, (id) => {
      const token = tokens.get(id.toLowerCase());
      if (!token) throw new Error(`${id} was sent before any answer carried it: the replay could not know it`);
      used.add(token);
      return `{{${token}}}`;
    });
  const capture = (value: unknown, pointer: string, key: string, found: Record<string, string>) => {
    if (typeof value === "string" && new RegExp(`^${UUID.source}$`, "i").test(value) && !tokens.has(value.toLowerCase())) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      tokens.set(value.toLowerCase(), `${key}.${count}`);
      found[`${key}.${count}`] = pointer;
    } else if (Array.isArray(value)) for (const [index, item] of value.entries()) capture(item, `${pointer}/${index}`, key, found);
    else if (value !== null && typeof value === "object")
      for (const [name, item] of Object.entries(value)) capture(item, `${pointer}/${pointerKey(name)}`, name, found);
  };

  const recorded: RecordedCommand[] = [];
  for (const command of commands) {
    const argv = command.argv.map((word) => tokenise(word.replaceAll(home, "$HOME")));
    const exchanges: Exchange[] = [];
    for (const raw of command.exchanges) {
      const answer = raw.responseType.includes("json") && raw.response.length ? JSON.parse(raw.response.toString("utf8")) : undefined;
      const captures: Record<string, string> = {};
      const body = await requestBody(raw, tokenise);
      const exchange: Exchange = {
        method: raw.method,
        path: tokenise(raw.url.pathname),
        query: Object.fromEntries([...raw.url.searchParams].map(([name, value]) => [name, tokenise(value)])),
        ...(body ? { body } : {}),
        status: raw.status,
        response: answer === undefined ? (raw.response.length ? `bytes ${raw.responseType}` : "empty") : shapeOf(answer),
        captures,
      };
      capture(answer, "", "id", captures);
      exchanges.push(exchange);
    }
    recorded.push({ argv, exit: command.exit ?? -1, exchanges });
  }
  for (const exchange of recorded.flatMap((command) => command.exchanges))
    for (const token of Object.keys(exchange.captures)) if (!used.has(token)) delete exchange.captures[token];
  return recorded;
}

const pointerKey = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

async function requestBody(raw: RawExchange, tokenise: (text: string) => string): Promise<Exchange["body"]> {
  if (!raw.body.length) return undefined;
  if (raw.contentType.startsWith("multipart/form-data")) {
    const form = await new Response(new Uint8Array(raw.body), { headers: { "content-type": raw.contentType } }).formData();
    const parts = [];
    for (const [name, value] of form) {
      if (typeof value === "string") parts.push({ name, type: "text/plain", base64: Buffer.from(tokenise(value)).toString("base64") });
      else parts.push({ name, filename: value.name, type: value.type, base64: Buffer.from(await value.arrayBuffer()).toString("base64") });
    }
    return { multipart: parts };
  }
  return { json: JSON.parse(tokenise(raw.body.toString("utf8"))) };
}
