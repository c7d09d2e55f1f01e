// Progress lines on stderr for long seeds: shown to a person at a terminal, or on request
// (--progress); never mixed into stdout, which carries the result.

export function progress(forced: boolean) {
  const enabled = forced || Boolean(process.stderr.isTTY);
  return (message: string) => {
    if (enabled) process.stderr.write(`seizu: ${message}\n`);
  };
}
