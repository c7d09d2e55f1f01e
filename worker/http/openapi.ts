// The OpenAPI 3.1 document of the REST API, generated from the operation declarations and
// the same zod schemas the routes validate with.
import { z } from "zod";
import type { Operation } from "../operations/operation";

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

const errorResponse = {
  description: "Error: 400 malformed, 401 unauthenticated, 403 missing permission, 404 unknown id, 409 conflict, 422 validation (fields name each rule)",
  content: {
    "application/json": {
      schema: jsonSchema(
        z.object({ error: z.object({ code: z.string(), message: z.string(), fields: z.array(z.record(z.string(), z.unknown())).optional() }) }),
      ),
    },
  },
};

function pathParameters(operation: Operation) {
  if (!operation.params) return [];
  const schema = jsonSchema(operation.params) as { properties: Record<string, { description?: string }> };
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: "path",
    required: true,
    description: property.description,
    schema: property,
  }));
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
      ...(operation.body ? { requestBody: { required: !operation.optionalBody, content: { "application/json": { schema: jsonSchema(operation.body) } } } } : {}),
      responses: {
        [status]:
          operation.response === null
            ? { description: "Done" }
            : { description: "Success", content: { "application/json": { schema: jsonSchema(operation.response) } } },
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
