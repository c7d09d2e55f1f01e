// Requests to the Worker under test, through its real fetch handler. `vars` overrides
// settings for one request by handing the app a copy of the environment. Every response is
// checked against its operation's declared schema (response-check.ts). `call` names an operation
// instead of a route, as the CLI and the admin UI do (worker/client), and types its reply.
import { env, exports } from "cloudflare:workers";
import { type CallInput, type OperationId, type ReplyOf, requestFor } from "../../worker/api";
import { createApp } from "../../worker/app";
import { checkResponse } from "./response-check";

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiOptions {
  headers?: Record<string, string>;
  vars?: Record<string, string>;
}

const app = createApp();

export async function api<T = any>(method: string, path: string, body?: unknown, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  const request = new Request(`http://seizu.test/api/v1${path}`, init);
  const response = options.vars ? await app.fetch(request, { ...env, ...options.vars }) : await exports.default.fetch(request);
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  checkResponse(method, path, response.status, parsed);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** An operation by name, with its parameters and body typed by its schemas; the reply typed as its response. */
export function call<Id extends OperationId>(operationId: Id, input: CallInput<Id>, options: ApiOptions = {}): Promise<ApiResponse<ReplyOf<Id>>> {
  const request = requestFor<OperationId>(operationId, input);
  return api<ReplyOf<Id>>(request.method, request.path, request.body, options);
}

/** POSTs `item` to `collection`: the answer, and the path the item would have there. */
export async function postItem(collection: string, item: { id: string } & Record<string, unknown>, options: ApiOptions = {}) {
  const response = await api("POST", collection, item, options);
  return { ...response, path: `${collection}/${item.id}` };
}
