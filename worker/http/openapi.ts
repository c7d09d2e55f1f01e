// The OpenAPI 3.1 document of the REST API, generated from the operation declarations and
// the same zod schemas the routes validate with.
import { z } from "zod";
import type { Operation } from "../operations/operation";
import { errorResponse as errorBody } from "../operations/responses";

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

const errorResponse = {
  description:
    "Error: 400 malformed, 401 unauthenticated, 403 missing permission or foreign host, 404 unknown id, 409 conflict, 413 body too large, 415 not JSON, 422 validation (fields name each rule), 503 Neo4j or the identity provider unavailable, 504 too slow",
  content: { "application/json": { schema: jsonSchema(errorBody) } },
};

/** The operation's parameters: those its path names, and the query string's (a list's page). */
function pathParameters(operation: Operation) {
  if (!operation.params) return [];
  const schema = jsonSchema(operation.params) as { properties: Record<string, { description?: string }>; required?: string[] };
  return Object.entries(schema.properties).map(([name, property]) => {
    const inPath = operation.path.includes(`{${name}}`);
    return {
      name,
      in: inPath ? "path" : "query",
      required: inPath || (schema.required ?? []).includes(name),
      description: property.description,
      schema: property,
    };
  });
}

/** The success's content: JSON by its schema, and each other media type the operation produces as text. */
function successContent(operation: Operation, response: z.ZodType) {
  const types = operation.produces ?? ["application/json"];
  return Object.fromEntries(
    types.map((type) => [type, { schema: type === "application/json" ? jsonSchema(response) : { type: "string", description: response.description } }]),
  );
}

export function openApiDocument(operations: Operation[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const status = operation.response === null ? "204" : String(operation.status ?? 200);
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      operationId: operation.operationId,
      summary: operation.summary,
      tags: [operation.group],
      "x-group": operation.group,
      "x-permission": operation.permission ?? null,
      parameters: pathParameters(operation),
      ...(operation.body
        ? { requestBody: { required: !operation.optionalBody, content: { "application/json": { schema: jsonSchema(operation.body) } } } }
        : {}),
      responses: {
        [status]: operation.response === null ? { description: "Done" } : { description: "Success", content: successContent(operation, operation.response) },
        default: errorResponse,
      },
      security: [{ bearer: [] }],
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Seizu Edge API", version: "1" },
    servers: [{ url: `${serverUrl}/api/v1` }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}
