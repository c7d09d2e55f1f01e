// A soak: `calls` calls of a mix from `callers` callers at once, sampling a server's memory
// every tenth of the way, and the growth of each half (memory that levels off grows far less
// in the second half than in the first).
import { mb } from "./stats.mjs";

/**
 * `mix[i % mix.length](i)` is call i. `readers` read memory figures (bytes) by name; each is
 * read at the start and after every tenth of the calls. Prints a line per sample under `label`
 * and returns each reader's series.
 */
export async function soak(label, mix, { calls, callers, readers }) {
  console.log(`   ${label}`);
  const names = Object.keys(readers);
  const series = Object.fromEntries(names.map((name) => [name, []]));
  const sample = async (done) => {
    for (const name of names) series[name].push(await readers[name]());
    console.log(`     ${String(done).padStart(6)} calls  ${names.map((name) => `${name} ${mb(series[name].at(-1))}`).join("  ")}`);
  };
  await sample(0);
  const step = Math.ceil(calls / 10);
  let next = 0;
  let sampling = Promise.resolve();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (let i = next++; i < calls; i = next++) {
        await mix[i % mix.length](i);
        if ((i + 1) % step === 0) sampling = sampling.then(() => sample(i + 1));
      }
    }),
  );
  await sampling;
  return series;
}

/** Growth over the first and the second half of a series of samples. */
export function halves(series) {
  const half = Math.floor(series.length / 2);
  return { first: series[half] - series[0], second: series.at(-1) - series[half] };
}
