import type { Principal } from "./auth/principal";
import type { Env } from "./env";

/** Hono's environment for every route of the Worker. */
export type AppEnv = { Bindings: Env; Variables: { principal: Principal } };
