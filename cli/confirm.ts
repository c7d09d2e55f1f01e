// Asking before a deletion, as upstream Seizu's CLI does: `--yes` answers for the user; without
// it the question needs a terminal, and a script without one is refused rather than let through
// or left waiting.
import { createInterface } from "node:readline/promises";
import { EXIT_FAILURE, UsageError } from "./errors";

class NotConfirmed extends Error {
  exitCode = EXIT_FAILURE;
}

/** @param what what would be deleted: "toolset x" */
export async function confirmDeletion(what: string, yes: boolean | undefined) {
  if (yes) return;
  if (!process.stdin.isTTY)
    throw new UsageError(`not deleting ${what} without asking, and there is no terminal to ask on: pass --yes to delete without asking`);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(`Delete ${what}? [y/N]: `);
    if (!/^y(es)?$/i.test(answer.trim())) throw new NotConfirmed("not confirmed: nothing was deleted");
  } finally {
    prompt.close();
  }
}
