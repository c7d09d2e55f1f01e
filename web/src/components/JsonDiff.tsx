// A line diff of two definitions (see definitionText), and how times are shown beside them.
import { diffLines } from "diff";
import { definitionText } from "./definition-text";

export function DefinitionDiff({ before, after, label }: { before: unknown; after: unknown; label: string }) {
  const parts = diffLines(`${definitionText(before)}\n`, `${definitionText(after)}\n`);
  const lines = parts.flatMap((part) =>
    part.value
      .replace(/\n$/, "")
      .split("\n")
      .map((text) => ({ text, kind: part.added ? "added" : part.removed ? "removed" : "same" })),
  );
  const changed = parts.some((part) => part.added || part.removed);
  if (!changed) return <p className="muted">No differences: this version's definition is the same as the current one.</p>;
  return (
    // A focusable region, so keyboard users can scroll a long diff.
    // biome-ignore lint/a11y/useSemanticElements: a <pre> keeps the lines as they are; the role names it for assistive technology
    <pre className="diff" role="region" aria-label={label} tabIndex={0}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity but their place, and the list is rebuilt whole
        <span key={index} className={`diff-line ${line.kind}`}>
          <span className="diff-sign" aria-hidden="true">
            {line.kind === "added" ? "+" : line.kind === "removed" ? "−" : " "}
          </span>
          {line.kind !== "same" && <span className="visually-hidden">{line.kind === "added" ? "added: " : "removed: "}</span>}
          {line.text}
          {"\n"}
        </span>
      ))}
    </pre>
  );
}

export function Time({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={iso}>
      {Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
}
