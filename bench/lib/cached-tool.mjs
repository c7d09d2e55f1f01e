// A saved tool with cache_ttl_seconds, answered from the edge cache, against the direct Query
// API call of the same query: p50s interleaved, and the answers' _meta.cache.status (the cache
// engineer's contract: {"status": "hit" | "miss" | "bypass", ...}).
import { seizuCall } from "./mcp.mjs";
import { interleave, ms } from "./stats.mjs";

/** Section 5: `typical` as tool bench__cached with `ttl`; `direct` runs it straight against Neo4j. */
export async function cachedToolSection({ seizu, typical, limitParameter, direct, ttl, calls }) {
  console.log(`\n5. a cached saved tool (cache_ttl_seconds ${ttl}) against the direct call, ${calls} rounds`);
  const created = await fetch(`${seizu.socket}/api/v1/toolsets/bench/tools`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      id: "cached",
      name: "Internet-exposed instances, cached",
      cypher: typical,
      parameters: [limitParameter],
      cache_ttl_seconds: ttl,
    }),
  });
  const answer = await created.text();
  if (created.status === 422) {
    console.log(`   skipped: the server refuses cache_ttl_seconds on a tool: ${answer.slice(0, 300)}`);
    return;
  }
  if (!created.ok) throw new Error(`creating the cached tool: ${created.status} ${answer}`);
  const statuses = {};
  const cached = async () => {
    const text = await seizuCall(seizu.socket, "bench__cached", { limit: 25 });
    const status = /"cache":\{"status":"(\w+)"/.exec(text)?.[1] ?? "none";
    statuses[status] = (statuses[status] ?? 0) + 1;
  };
  const figures = await interleave({ direct, cached }, { rounds: calls, warmup: 30 });
  console.log(`     ${"straight to the Query API".padEnd(48)} p50 ${ms(figures.direct.p50).padStart(9)}  p95 ${ms(figures.direct.p95).padStart(9)}`);
  console.log(
    `     ${"Seizu Edge saved tool, cached, Worker socket".padEnd(48)} p50 ${ms(figures.cached.p50).padStart(9)}  p95 ${ms(figures.cached.p95).padStart(9)}`,
  );
  console.log(
    `     cached / direct p50: ${(figures.cached.p50 / figures.direct.p50).toFixed(2)} (target <= 0.5); answers by _meta.cache.status: ${Object.entries(
      statuses,
    )
      .map(([status, count]) => `${status} ${count}`)
      .join(", ")}`,
  );
}
