import type { Principal } from "../auth/principal";
import type { Env } from "../env";
import type { OperationContext } from "../operations/operation";
import type { Db } from "../store/db";

/** Hono's environment for every route of the Worker. */
/** `db` is the request's D1 session (http/d1-session.ts): every store reads and writes through it. */
/** `operation` is the request's operation context, made once (http/operation-context.ts). */
export type AppEnv = { Bindings: Env; Variables: { principal: Principal; db: Db; operation?: OperationContext } };
