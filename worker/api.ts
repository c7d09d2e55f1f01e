// The Worker's public surface for its clients: the request and response schemas of the REST API
// by name, and the typed client made from the operation table (client/). It is the only Worker
// module the admin UI (web/) and the CLI (cli/) may import (Biome's noRestrictedImports in
// biome.jsonc), so what they see of the Worker is this list, and a module moving inside the
// Worker is an edit of this file alone.
//
// The admin UI imports from here types, the client and a few constants. Every module named here
// must stay free of Worker-only code (bindings, services): web/tsconfig.json type-checks it
// without the Workers types, and the UI's bundle keeps only what it uses (web/vite.config.ts).
// The schemas are listed in client/schemas.ts, where npm run api:generate reads them to type
// the client's operations by name; the replies both clients name, in client/replies.ts.

export {
  type BodyOf,
  type CallArgs,
  type CallInput,
  type Client,
  createClient,
  type Method,
  type OperationId,
  type OperationRequest,
  type ParamsOf,
  type ReplyOf,
  requestFor,
  type Send,
} from "./client/client";
export * from "./client/schemas";
export type * from "./client/replies";
// How a report config names its queries (a panel's `cypher` is a key of `queries` or literal
// Cypher): the report editor's preview runs a draft's queries as a saved version's would run.
export { queryAt } from "./reports/queries";
