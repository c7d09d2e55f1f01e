// A typed client of the REST API, made from the operation table (operations.ts, generated from
// worker/operations): `call("toolsets_get", { params: { toolset_id } })` builds the request from
// the operation's route and resolves to its response's type. It knows no transport: the CLI, the
// admin UI and the Worker tests each hand it theirs (`Send`), with their own token, errors and
// checks. Replies are typed, not parsed again: the Worker's tests hold every response to its
// operation's schema (test/support/response-check.ts).
import { OPERATION_ROUTES, type Operations } from "./operations";

export type { Operations } from "./operations";
export type OperationId = keyof Operations;
/** What an operation takes in its path and query string. */
export type ParamsOf<Id extends OperationId> = Operations[Id]["params"];
/** What an operation takes as its JSON body (undefined: none). */
export type BodyOf<Id extends OperationId> = Operations[Id]["body"];
/** What an operation answers (null: 204 No Content). */
export type ReplyOf<Id extends OperationId> = Operations[Id]["response"];

/** No required field: what an empty object satisfies. */
type Empty = Record<never, never>;

/** A call's parameters and body; each may be left out where the operation needs none. */
export type CallInput<Id extends OperationId> = (Empty extends ParamsOf<Id> ? { params?: ParamsOf<Id> } : { params: ParamsOf<Id> }) &
  (undefined extends BodyOf<Id> ? { body?: BodyOf<Id> } : { body: BodyOf<Id> });

/** The rest parameter of a call: the input is optional when nothing in it is required. */
export type CallArgs<Id extends OperationId> = Empty extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>];

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One request of an operation: `path` is under /api/v1, with its parameters filled in and the query string. */
export interface OperationRequest {
  operationId: OperationId;
  method: Method;
  path: string;
  body?: unknown;
}

/**
 * The request of a call: the path template's `{name}`s are filled with the parameters of that name
 * (each encoded as one path segment: a typed id never needs it, bad input still must), and the
 * other parameters that are set go in the query string.
 */
export function requestFor<Id extends OperationId>(operationId: Id, ...[input]: CallArgs<Id>): OperationRequest {
  const [method, template] = OPERATION_ROUTES[operationId];
  const params: Record<string, unknown> = { ...input?.params };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    delete params[name];
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]))).toString();
  return { operationId, method: method.toUpperCase() as Method, path: query ? `${path}?${query}` : path, body: input?.body };
}

/** Sends one request; resolves to the reply of its operation, as the transport reads it. */
export type Send = (request: OperationRequest) => Promise<unknown>;

export interface Client {
  call<Id extends OperationId>(operationId: Id, ...input: CallArgs<Id>): Promise<ReplyOf<Id>>;
}

export function createClient(send: Send): Client {
  return {
    call: async <Id extends OperationId>(operationId: Id, ...input: CallArgs<Id>) => (await send(requestFor(operationId, ...input))) as ReplyOf<Id>,
  };
}
