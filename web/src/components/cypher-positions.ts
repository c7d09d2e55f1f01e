// Where a validation issue sits in the editor's text, and how its message says so. The server
// trims the query before validating it, so its offsets and lines count from the first non-blank
// character.
import type { FieldIssue } from "../types";

export function issueRange(text: string, issue: Pick<FieldIssue, "line" | "column" | "offset">): { from: number; to: number } | null {
  const leading = text.length - text.trimStart().length;
  let from: number;
  if (typeof issue.offset === "number") {
    from = leading + issue.offset;
  } else if (typeof issue.line === "number") {
    const lines = text.slice(leading).split("\n");
    from = leading;
    for (let index = 0; index < issue.line - 1 && index < lines.length; index++) from += lines[index]!.length + 1;
    from += Math.max(0, (issue.column ?? 1) - 1);
  } else {
    return null;
  }
  from = Math.min(Math.max(0, from), text.length);
  // Mark the word at the position (at least one character), so the squiggle is visible.
  const word = /^[\p{L}\p{N}_$]+/u.exec(text.slice(from));
  const to = Math.min(text.length, from + Math.max(1, word?.[0].length ?? 1));
  return { from: to > from ? from : Math.max(0, from - 1), to: Math.max(to, from) };
}

/** "Line 1, column 7: message" unless the message already says where. */
export function issueMessage(issue: FieldIssue): string {
  if (issue.line === undefined || /\(line \d+, column \d+/.test(issue.message)) return issue.message;
  return `Line ${issue.line}, column ${issue.column ?? 1}: ${issue.message}`;
}
