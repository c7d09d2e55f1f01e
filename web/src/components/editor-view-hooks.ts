// What every CodeMirror editor of a form does with its view: carry the field's label, description
// and invalid state on its content (the element assistive technology reads), and mark the
// server's validation issues at their line and column. Imported by the editors loaded on demand.
import type { Diagnostic } from "@codemirror/lint";
import type { EditorView } from "@codemirror/view";
import { useEffect } from "react";
import type { CypherEditorProps } from "./cypher-editor-props";
import { issueRange } from "./cypher-positions";
import { showServerDiagnostics } from "./server-diagnostics";

export function useEditorAttributes(
  view: EditorView | null,
  { labelledBy, describedBy, invalid }: Pick<CypherEditorProps, "labelledBy" | "describedBy" | "invalid">,
) {
  useEffect(() => {
    if (!view) return;
    const content = view.contentDOM;
    const attributes: Record<string, string | undefined> = {
      "aria-labelledby": labelledBy,
      "aria-describedby": describedBy,
      "aria-invalid": invalid ? "true" : undefined,
    };
    for (const [name, attribute] of Object.entries(attributes)) {
      if (attribute) content.setAttribute(name, attribute);
      else content.removeAttribute(name);
    }
  }, [view, labelledBy, describedBy, invalid]);
}

type Issue = NonNullable<CypherEditorProps["issues"]>[number];

/**
 * `issues` must be the same array while they do not change (a new one re-marks them); `rangeOf`
 * says which text an issue marks (by default the word at its position, as Cypher's are placed).
 */
export function useServerIssues(
  view: EditorView | null,
  issues: Issue[],
  rangeOf: (text: string, issue: Issue) => { from: number; to: number } | null = issueRange,
) {
  useEffect(() => {
    if (!view) return;
    const text = view.state.doc.toString();
    const diagnostics: Diagnostic[] = issues.flatMap((issue) => {
      const range = rangeOf(text, issue);
      return range ? [{ from: range.from, to: range.to, severity: "error" as const, message: issue.message }] : [];
    });
    showServerDiagnostics(view, diagnostics);
  }, [view, issues, rangeOf]);
}
