// What upstream Seizu's own CLI sent this Worker and what it got back, recorded by
// test/e2e/upstream-cli.test.ts (UPSTREAM_CLI_RECORD=1) into test/fixtures/upstream-seizu/
// cli-exchanges.json and replayed in CI by test/e2e/upstream-cli-replay.test.ts. Values that vary
// from run to run are left out: ids the Worker makes (UUIDs) become {{key.n}} tokens, and answers
// keep only their key structure.
import { z } from "zod";

/** A JSON value's key structure: objects keep their keys, arrays the union of their items, scalars their type. */
export type Shape = string | Shape[] | { [key: string]: Shape };
const shape: z.ZodType<Shape> = z.lazy(() => z.union([z.string(), z.array(shape), z.record(z.string(), shape)]));

const multipartPart = z.object({ name: z.string(), filename: z.string().optional(), type: z.string(), base64: z.string() });

const exchange = z.object({
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()),
  /** The JSON body, or a multipart form's parts (upstream uploads plugin packages as one). */
  body: z.union([z.object({ json: z.unknown() }), z.object({ multipart: z.array(multipartPart) })]).optional(),
  status: z.number().int(),
  response: shape,
  /** Tokens whose value first appeared in this answer, by JSON pointer. */
  captures: z.record(z.string(), z.string()),
});
export type Exchange = z.infer<typeof exchange>;

const command = z.object({
  /** The command line after upstream's global options, the home directory written $HOME. */
  argv: z.array(z.string()),
  /** The CLI's exit code when recorded. */
  exit: z.number().int(),
  exchanges: z.array(exchange),
});
export type RecordedCommand = z.infer<typeof command>;

export const exchangesFile = z.object({
  upstream: z.object({ repository: z.string(), commit: z.string() }),
  commands: z.array(command),
});
export type ExchangesFile = z.infer<typeof exchangesFile>;

export const fixturePath = new URL("../fixtures/upstream-seizu/cli-exchanges.json", import.meta.url);

/** The name a test takes for a recorded command: upstream's command line. */
export const commandLine = (argv: string[]) => `seizu ${argv.map((word) => (/^[\w$./{}:@=<>-]+$/.test(word) ? word : JSON.stringify(word))).join(" ")}`;

export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function shapeOf(value: unknown): Shape {
  if (value === null) return "null";
  if (Array.isArray(value)) {
    const items = value.map(shapeOf);
    return items.length === 0 ? [] : [items.reduce(mergeShapes)];
  }
  if (typeof value === "object") {
    const keys = Object.keys(value as object).sort();
    return Object.fromEntries(keys.map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]));
  }
  return typeof value;
}

/** Two items of one array: the union of their keys; differing scalar types as "a|b". */
function mergeShapes(a: Shape, b: Shape): Shape {
  if (isObjectShape(a) && isObjectShape(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return Object.fromEntries(keys.map((key): [string, Shape] => [key, a[key] && b[key] ? mergeShapes(a[key], b[key]) : (a[key] ?? b[key])!]));
  }
  if (Array.isArray(a) && Array.isArray(b)) return a[0] && b[0] ? [mergeShapes(a[0], b[0])] : a.length ? a : b;
  if (typeof a === "string" && typeof b === "string") return [...new Set([...a.split("|"), ...b.split("|")])].sort().join("|");
  return a;
}
const isObjectShape = (value: Shape): value is { [key: string]: Shape } => typeof value === "object" && !Array.isArray(value);

/** Every string in `value` with each token's value written back in ({{report_id.1}} → the id). */
export function fillTokens<T>(value: T, ids: ReadonlyMap<string, string>): T {
  const fill = (text: string) =>
    text.replace(/\{\{([\w.]+)\}\}/g, (token, name: string) => {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`${token} was never captured from an earlier answer`);
      return id;
    });
  return JSON.parse(JSON.stringify(value), (_key, item) => (typeof item === "string" ? fill(item) : item));
}

/** The value at a JSON pointer (RFC 6901) in `value`. */
export function atPointer(value: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), value);
}
