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
 * the CPU each call costs the server; `neo4jCpu` reads Neo4j's, for the CPU each call costs
 * the database (every contender runs alone, so what Neo4j spends meanwhile is its calls').
 */
export async function throughput(contenders, { callers, seconds, passes, cpu = {}, neo4jCpu }) {
  const totals = Object.fromEntries(Object.keys(contenders).map((name) => [name, { calls: 0, ms: 0, cpu: 0, neo4j: 0 }]));
  for (let pass = 0; pass < passes; pass++) {
    const order = pass % 2 === 0 ? Object.keys(contenders) : Object.keys(contenders).reverse();
    for (const name of order) {
      const run = contenders[name];
      const cpuBefore = cpu[name]?.() ?? 0;
      const neo4jBefore = neo4jCpu?.() ?? 0;
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
      totals[name].neo4j += (neo4jCpu?.() ?? 0) - neo4jBefore;
    }
  }
  return Object.fromEntries(
    Object.entries(totals).map(([name, { calls, ms, cpu: used, neo4j }]) => [
      name,
      {
        rate: (calls * 1000) / ms,
        cpuMsPerCall: cpu[name] ? (used * 1000) / calls : undefined,
        neo4jMsPerCall: neo4jCpu ? (neo4j * 1000) / calls : undefined,
      },
    ]),
  );
}

/**
 * Sequential calls of each contender in alternating chunks of `chunk` calls, `rounds` times, so
 * they share the machine's conditions while each chunk's CPU can be told apart: per contender,
 * the p50 and, for every process reader in `cpu` (CPU seconds by name), its CPU per call.
 * `cpu` may differ per contender: `cpu[contender][reader]`.
 */
export async function alternate(contenders, { rounds, chunk, cpu = {}, warmup = 0 }) {
  // A Worker started for the section runs its first calls cold (V8 has not optimised them yet):
  // untimed calls first, so no contender is measured warm against another measured cold.
  for (const run of Object.values(contenders)) for (let i = 0; i < warmup; i++) await run();
  const results = Object.fromEntries(Object.keys(contenders).map((name) => [name, { times: [], used: {} }]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const readers = Object.entries(cpu[name] ?? {});
      const before = readers.map(([, read]) => read());
      for (let i = 0; i < chunk; i++) {
        const started = performance.now();
        await run();
        results[name].times.push(performance.now() - started);
      }
      readers.forEach(([reader, read], i) => {
        results[name].used[reader] = (results[name].used[reader] ?? 0) + read() - before[i];
      });
    }
  }
  const calls = rounds * chunk;
  return Object.fromEntries(
    Object.entries(results).map(([name, { times, used }]) => [
      name,
      { p50: percentile(times, 50), cpu: Object.fromEntries(Object.entries(used).map(([reader, seconds]) => [reader, (seconds * 1000) / calls])) },
    ]),
  );
}

/**
 * Neo4j's CPU per call of each contender at one common pace: `callers` callers together send
 * `rate` calls a second for `seconds`, each contender in turn, `passes` times in alternating
 * order. Neo4j's CPU per call depends on how busy it is (its worker threads spin before they
 * park), so calls sent at different rates, as a throughput pass sends them, cost it different
 * amounts for the same work; at one pace, what differs is what each contender asks of it.
 */
export async function pacedNeo4jCpu(contenders, { callers, rate, seconds, passes, neo4jCpu }) {
  const totals = Object.fromEntries(Object.keys(contenders).map((name) => [name, { calls: 0, neo4j: 0 }]));
  const interval = (callers * 1000) / rate;
  for (let pass = 0; pass < passes; pass++) {
    const order = pass % 2 === 0 ? Object.keys(contenders) : Object.keys(contenders).reverse();
    for (const name of order) {
      const run = contenders[name];
      const before = neo4jCpu();
      const until = performance.now() + seconds * 1000;
      let calls = 0;
      await Promise.all(
        Array.from({ length: callers }, async (_, caller) => {
          let next = performance.now() + (interval * caller) / callers;
          while (next < until) {
            const wait = next - performance.now();
            if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
            await run();
            calls++;
            next += interval;
          }
        }),
      );
      totals[name].calls += calls;
      totals[name].neo4j += neo4jCpu() - before;
    }
  }
  return Object.fromEntries(Object.entries(totals).map(([name, { calls, neo4j }]) => [name, { calls, neo4jMsPerCall: (neo4j * 1000) / calls }]));
}
