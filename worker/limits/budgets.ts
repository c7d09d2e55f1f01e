// Per-caller rate limits, kept by the Workers Rate Limiting binding: one budget for calls that
// run Cypher (tool calls, the graph operations, report panels), one for writes. A caller past a
// budget is refused before anything runs: REST answers 429 with Retry-After, MCP a tool error
// naming the limit. The limits themselves are the bindings' configuration in wrangler.toml
// (CALL_RATE_LIMITER, WRITE_RATE_LIMITER), which wrangler dev and the vitest pool simulate.
//
// The budget is the caller's: the token's subject. With DEVELOPMENT_ONLY_REQUIRE_AUTH=false
// everyone is the same local admin, so there it is kept per client instead (the Authorization
// header a client sends anyway, else its User-Agent), as confirmation sessions are.
import { LOCAL_ADMIN, type Principal } from "../auth/principal";
import type { Config } from "../config";
import type { Env } from "../env";
import { RateLimitedError } from "../errors/domain";

export type Budget = "calls" | "writes";

/** The bindings' window: keep `period = 60` in wrangler.toml, so a caller told to wait this long finds a fresh budget. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

const BINDINGS = { calls: "CALL_RATE_LIMITER", writes: "WRITE_RATE_LIMITER" } as const;

const DESCRIPTIONS: Record<Budget, string> = {
  calls: "tool and graph calls (calls that run Cypher)",
  writes: "changes (writes)",
};

export interface Spender {
  env: Env;
  config: Config;
  principal: Principal;
  request: Request;
}

function keyOf({ principal, request }: Spender): string {
  if (principal.tokenDigest !== LOCAL_ADMIN.tokenDigest) return `subject:${principal.subject}`;
  return `development:${request.headers.get("authorization") ?? request.headers.get("user-agent") ?? ""}`;
}

/** Takes one unit of the budget, or throws RateLimitedError when the caller has none left. */
export async function spend(spender: Spender, budget: Budget | undefined): Promise<void> {
  if (budget === undefined || !spender.config.RATE_LIMITS_ENABLED) return;
  const binding = BINDINGS[budget];
  const { success } = await spender.env[binding].limit({ key: keyOf(spender) });
  if (!success) {
    throw new RateLimitedError(
      budget,
      `Rate limit reached: too many ${DESCRIPTIONS[budget]} from this caller within a minute (${binding} in wrangler.toml). Try again in ${RATE_LIMIT_WINDOW_SECONDS} seconds.`,
      RATE_LIMIT_WINDOW_SECONDS,
    );
  }
}
