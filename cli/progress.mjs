// Progress lines on stderr for long seeds: shown to a person at a terminal, or on request
// (--progress); never mixed into stdout, which carries the result.

/** @param {boolean} forced */
export function progress(forced) {
  const enabled = forced || Boolean(process.stderr.isTTY);
  return (/** @type {string} */ message) => {
    if (enabled) process.stderr.write(`seizu: ${message}\n`);
  };
}
