// Upstream Seizu CLI commands known to fail against this Worker today, with why. An entry is the
// start of a command line as test/e2e/upstream-cli.test.ts and upstream-cli-replay.test.ts name
// their tests ("toolsets list" covers `seizu toolsets list`, "seed --config $HOME/seed.yaml" its
// three runs). Both tests run these as `it.fails`, so one that starts to pass shows up as a
// failure: delete it here, after re-recording (`npm run upstream-cli:record`), since a command
// that failed stopped early and its later requests were never recorded.

/** Why each command fails → the commands; empty while every recorded command works. */
const failing: Record<string, string[]> = {};

/** Each known failure, as the start of the command lines it covers → why it fails. */
export const knownFailures: ReadonlyMap<string, string> = new Map(
  Object.entries(failing).flatMap(([reason, commands]) => commands.map((command): [string, string] => [`seizu ${command}`, reason])),
);

/** The known failure a command line falls under, if any. */
export const knownFailureOf = (line: string) => [...knownFailures.keys()].find((start) => line === start || line.startsWith(`${start} `));
export const failsToday = (line: string) => knownFailureOf(line) !== undefined;
