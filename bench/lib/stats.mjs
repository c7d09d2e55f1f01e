// Latency figures: percentiles of one series, and rows that put series side by side.
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const ms = (value) => `${value.toFixed(2)} ms`;
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Runs every contender once per round, in turn, so they share the machine's conditions
 * (load, CPU frequency, Neo4j caches); the first `warmup` rounds are not counted.
 */
export async function interleave(contenders, { rounds, warmup }) {
  const samples = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let round = 0; round < rounds + warmup; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const started = performance.now();
      await run();
      if (round >= warmup) samples[name].push(performance.now() - started);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, { p50: percentile(values, 50), p95: percentile(values, 95) }]));
}

/**
 * Calls per second of each contender with `callers` concurrent callers for `seconds`, run in
 * turn; `passes` alternate the order so no contender always goes first. Rates are averaged.
 * `cpu[name]`, when given, reads the CPU seconds of that contender's server process(es), for
 * the CPU each call costs the server (not Neo4j).
 */
export async function throughput(contenders, { callers, seconds, passes, cpu = {} }) {
  const totals = Object.fromEntries(Object.keys(contenders).map((name) => [name, { calls: 0, ms: 0, cpu: 0 }]));
  for (let pass = 0; pass < passes; pass++) {
    const order = pass % 2 === 0 ? Object.keys(contenders) : Object.keys(contenders).reverse();
    for (const name of order) {
      const run = contenders[name];
      const cpuBefore = cpu[name]?.() ?? 0;
      const started = performance.now();
      const until = started + seconds * 1000;
      let calls = 0;
      await Promise.all(
        Array.from({ length: callers }, async () => {
          while (performance.now() < until) {
            await run();
            calls++;
          }
        }),
      );
      totals[name].calls += calls;
      totals[name].ms += performance.now() - started;
      totals[name].cpu += (cpu[name]?.() ?? 0) - cpuBefore;
    }
  }
  return Object.fromEntries(
    Object.entries(totals).map(([name, { calls, ms, cpu: used }]) => [
      name,
      { rate: (calls * 1000) / ms, cpuMsPerCall: cpu[name] ? (used * 1000) / calls : undefined },
    ]),
  );
}
