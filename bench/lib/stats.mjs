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
