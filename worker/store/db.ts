// What the stores need of D1: statements and batches. A request's D1 session (see
// http/d1-session.ts) and the database binding itself both provide it.
export type Db = Pick<D1Database, "prepare" | "batch">;
