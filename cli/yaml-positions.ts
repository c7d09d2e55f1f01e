// Line and column in the YAML source of a node, and of a position inside a string scalar's
// value: the server reports Cypher errors at a line and column of the (trimmed) Cypher text,
// which this maps back into the file.
import { type Node, Scalar } from "yaml";

export const startOf = (node: Node | null | undefined) => node?.range?.[0] ?? 0;

/**
 * Where line `line`, column `column` (1-based) of the scalar's trimmed value sits in `source`,
 * or undefined when the scalar's text does not match its value character for character
 * (escapes, folded lines), so the caller falls back to the scalar's own position.
 */
export function offsetInsideScalar(source: string, scalar: Scalar, line: number, column: number) {
  const value = scalar.value;
  if (typeof value !== "string" || !scalar.range) return undefined;
  // The server trims the Cypher before validating it; positions are in the trimmed text.
  const lead = value.length - value.trimStart().length;
  const inTrimmed = offsetAt(value.trim(), line, column);
  if (inTrimmed === undefined) return undefined;
  const offset = lead + inTrimmed;
  switch (scalar.type) {
    case Scalar.BLOCK_LITERAL:
      return literalOffset(source, scalar.range, value, offset);
    case Scalar.PLAIN:
    case Scalar.QUOTE_SINGLE:
    case Scalar.QUOTE_DOUBLE: {
      // Exact only when the source between the quotes is the value itself.
      const start = scalar.range[0] + (scalar.type === Scalar.PLAIN ? 0 : 1);
      return source.slice(start, start + value.length) === value ? start + offset : undefined;
    }
    default:
      return undefined;
  }
}

function offsetAt(text: string, line: number, column: number) {
  let start = 0;
  for (let current = 1; current < line; current += 1) {
    const newline = text.indexOf("\n", start);
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  const end = text.indexOf("\n", start);
  const length = (end === -1 ? text.length : end) - start;
  return column >= 1 && column <= length + 1 ? start + column - 1 : undefined;
}

/**
 * A literal block scalar (`|`): its value starts on the line after the indicator, each
 * line of the value being a source line without the block's indentation.
 * @param offset in the value
 */
function literalOffset(source: string, range: [number, number, number], value: string, offset: number) {
  const contentStart = source.indexOf("\n", range[0]) + 1;
  if (contentStart === 0) return undefined;
  const sourceLines = source.slice(contentStart, range[1]).split("\n");
  const firstText = sourceLines.find((text) => text.trim() !== "");
  if (firstText === undefined) return undefined;
  const indent = firstText.length - firstText.trimStart().length;
  const before = value.slice(0, offset);
  const lineIndex = before.split("\n").length - 1;
  const column = offset - (before.lastIndexOf("\n") + 1);
  const sourceLine = sourceLines[lineIndex];
  if (sourceLine === undefined || sourceLine.slice(indent) !== value.split("\n")[lineIndex]) return undefined;
  const lineStart = sourceLines.slice(0, lineIndex).reduce((start, text) => start + text.length + 1, contentStart);
  return lineStart + indent + column;
}
