// Seeded randomness for the demo graph. Every entity draws from its own generator, seeded by
// its kind and index, so an entity is a pure function of (kind, index): relationships can
// name their targets by recomputing them, and nothing needs to be kept in memory.

/**
 * A bijective 32-bit mix: distinct inputs give distinct outputs, so ids built from it are
 * unique by construction rather than by luck.
 * @param {number} x
 * @returns {number} an unsigned 32-bit integer
 */
export function mix32(x) {
  x = Math.imul((x >>> 16) ^ x, 0x45d9f3b);
  x = Math.imul((x >>> 16) ^ x, 0x45d9f3b);
  return ((x >>> 16) ^ x) >>> 0;
}

/**
 * @param {number} x
 * @returns {string} `x` as 8 lowercase hex digits
 */
export function hex8(x) {
  return (x >>> 0).toString(16).padStart(8, "0");
}

/**
 * @param {string} text
 * @returns {number} a 32-bit FNV-1a hash, used to turn a kind name into a seed
 */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The mulberry32 generator: small, fast and good enough for fake data.
 * @param {number} seed
 * @returns {() => number} uniform floats in [0, 1)
 */
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @typedef {object} Random
 * @property {() => number} next uniform float in [0, 1)
 * @property {(min: number, max: number) => number} int uniform integer in [min, max]
 * @property {(min: number, max: number, decimals?: number) => number} float uniform float in [min, max), rounded
 * @property {(probability: number) => boolean} chance
 * @property {<T>(items: readonly T[]) => T} pick
 * @property {<T>(items: readonly (readonly [T, number])[]) => T} weighted pick by relative weight
 */

/**
 * The generator of entity `index` of `kind`.
 * @param {string} kind
 * @param {number} index
 * @returns {Random}
 */
export function randomFor(kind, index) {
  const next = mulberry32(mix32(fnv1a(kind) ^ mix32(index)));
  /** @type {Random} */
  const random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max, decimals = 1) => Number((min + next() * (max - min)).toFixed(decimals)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return items[items.length - 1][0];
    },
  };
  return random;
}
