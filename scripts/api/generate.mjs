// Writes worker/client/operations.ts, the operation table as the typed client (worker/client/)
// sees it: each operation's method and path, and the types of its parameters, body and response.
//
//   node scripts/api/generate.mjs           write it
//   node scripts/api/generate.mjs --check   exit 1 if it is not what the operations make now
//
// The types are printed from the operations' zod schemas. A schema that worker/client/schemas.ts
// names is printed as that name (z.output<typeof schemas.toolsetResponse>), so the client's types are the very
// ones the UI and the CLI read off the same schemas; a schema it does not name (a list of
// versions, path parameters) is printed as its structure, down to the named ones. The operation
// table itself is not imported by the client: it runs services, which the browser must not load.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { importWorker } from "../definitions/operations.mjs";
import { repoRoot } from "../neo4j/server.mjs";

export const TARGET = "worker/client/operations.ts";
const SCHEMAS = "worker/client/schemas.ts";

/** The names worker/client/schemas.ts exports values under (worker/api.ts offers them all), in its order. */
function schemaNames() {
  const source = readFileSync(join(repoRoot, SCHEMAS), "utf8");
  return [...source.matchAll(/export\s*\{([^}]*)\}\s*from\s*"[^"]+"/g)].flatMap(([, list]) =>
    list
      .split(",")
      .map((specifier) => specifier.trim())
      .filter((specifier) => specifier !== "" && !specifier.startsWith("type "))
      .map((specifier) => specifier.split(/\s+as\s+/).at(-1)),
  );
}

/** Prints the TypeScript type of a schema's `io` side ("input": what is sent, "output": what is read). */
function printer(named) {
  const print = (schema, io) => {
    const name = named.get(schema);
    if (name) return `z.${io}<typeof schemas.${name}>`;
    const def = schema._zod.def;
    switch (def.type) {
      case "string":
      case "number":
      case "boolean":
      case "null":
      case "undefined":
      case "unknown":
        return def.type;
      case "any":
        return "unknown";
      case "literal":
        return def.values.map((value) => JSON.stringify(value)).join(" | ");
      case "enum":
        return Object.values(def.entries)
          .map((value) => JSON.stringify(value))
          .join(" | ");
      case "array":
        return `Array<${print(def.element, io)}>`;
      case "object": {
        // A field with a default may be left out when sent; it is always there when read.
        const optional = (field) => (io === "input" ? field._zod.optin !== undefined : field._zod.optout === "optional");
        const fields = Object.entries(def.shape).map(([key, field]) => `${key}${optional(field) ? "?" : ""}: ${print(field, io)}`);
        return fields.length === 0 ? "Record<string, never>" : `{ ${fields.join("; ")} }`;
      }
      case "optional":
        return `${print(def.innerType, io)} | undefined`;
      case "nullable":
        return `${print(def.innerType, io)} | null`;
      case "default":
      case "prefault":
      case "readonly":
      case "catch":
        return print(def.innerType, io);
      case "union":
        return def.options.map((option) => `(${print(option, io)})`).join(" | ");
      case "record":
        return `Record<${print(def.keyType, io)}, ${print(def.valueType, io)}>`;
      case "pipe":
        return print(io === "input" ? def.in : def.out, io);
      case "lazy":
        return print(def.getter(), io);
      default:
        throw new Error(`${def.type} schemas have no printed type: name the schema in ${SCHEMAS}`);
    }
  };
  return print;
}

export async function generate() {
  const { OPERATIONS, schemas } = await importWorker(`export { OPERATIONS } from "./worker/operations/index.ts"; export * as schemas from "./${SCHEMAS}";`);
  const named = new Map();
  for (const name of schemaNames()) if (schemas[name]?._zod && !named.has(schemas[name])) named.set(schemas[name], name);
  const printType = printer(named);

  const routes = OPERATIONS.map((operation) => `  ${operation.operationId}: ["${operation.method}", "${operation.path}"],`);
  const types = OPERATIONS.map((operation) => {
    const print = (schema, io) => {
      try {
        return printType(schema, io);
      } catch (error) {
        throw new Error(`${operation.operationId}: ${error.message}`);
      }
    };
    const params = operation.params ? print(operation.params, "input") : "Record<string, never>";
    const body = operation.body ? `${print(operation.body, "input")}${operation.optionalBody ? " | undefined" : ""}` : "undefined";
    const response = operation.response ? print(operation.response, "output") : "null";
    return `  ${operation.operationId}: { params: ${params}; body: ${body}; response: ${response} };`;
  });

  const source = [
    "// Generated by `npm run api:generate` (scripts/api/generate.mjs) from the operation table and the",
    "// schemas worker/client/schemas.ts names; test/node/api-client.test.ts fails when it is out of date. Do not edit.",
    'import type { z } from "zod";',
    'import type * as schemas from "./schemas";',
    "",
    "/** Each operation's method and path template under /api/v1. */",
    "export const OPERATION_ROUTES = {",
    ...routes,
    "} as const;",
    "",
    "/** Each operation's path and query parameters and body (as sent), and its response (as read; null: 204). */",
    "export interface Operations {",
    ...types,
    "}",
    "",
  ].join("\n");
  return format(source);
}

/** The source as `npm run format` leaves it, so the generated file passes the lint unchanged. */
function format(source) {
  const biome = spawnSync(join(repoRoot, "node_modules/.bin/biome"), ["format", `--stdin-file-path=${TARGET}`], {
    input: source,
    encoding: "utf8",
    cwd: repoRoot,
  });
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
  return biome.stdout;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
  const generated = await generate();
  const file = join(repoRoot, TARGET);
  if (values.check) {
    let current = "";
    try {
      current = readFileSync(file, "utf8");
    } catch {}
    if (current !== generated) {
      console.log(`${TARGET} is out of date: run npm run api:generate`);
      process.exit(1);
    }
    console.log(`${TARGET} matches the operations`);
  } else {
    writeFileSync(file, generated);
    console.log(`wrote ${TARGET}`);
  }
}
