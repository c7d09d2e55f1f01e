// Which operations the kit's generators made (versionedOperations, runOperations,
// revisionOperations): how much of the operation table is declared rather than written out is a
// measured target (test/unit/kit).
import type { Operation } from "../operation";

const generated = new WeakSet<Operation>();

export function markGenerated(operation: Operation): Operation {
  generated.add(operation);
  return operation;
}

export const isGenerated = (operation: Operation) => generated.has(operation);
