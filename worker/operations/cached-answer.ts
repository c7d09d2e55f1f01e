// The edge result cache (results/edge-cache.ts) as an operation uses it: the caller's database,
// whether they asked to bypass the cache and may (Cache-Control: no-cache, with the permission to
// edit what runs), and the answer's X-Seizu-Cache / Age headers.
import type { Permission } from "../auth/permissions";
import { asksNoCache, type CacheContext, type CachedAnswer, cacheHeaders, mayBypass } from "../results/edge-cache";
import type { OperationContext } from "./operation";

export function cacheContext(ctx: OperationContext, editPermission: Permission): CacheContext {
  return {
    database: ctx.config.NEO4J_DATABASE,
    bypass: mayBypass(asksNoCache(ctx.request), ctx.principal.permissions, editPermission),
    background: ctx.background,
  };
}

/** The call's response body, its cache headers set on the response. */
export function cachedResponse(ctx: OperationContext, { result, cache }: CachedAnswer) {
  for (const [name, value] of Object.entries(cacheHeaders(cache))) ctx.responseHeaders?.set(name, value);
  ctx.call?.cached(cache?.status);
  return { results: result };
}
