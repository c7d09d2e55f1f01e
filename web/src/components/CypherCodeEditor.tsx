// Neo4j's CodeMirror 6 Cypher editor (syntax highlighting, bracket matching, keyword
// completion), with server-side validation issues marked at their line and column. Loaded on
// demand (see CypherField): the Cypher grammar is most of the app's weight.
import type { Diagnostic } from "@codemirror/lint";
import type { EditorView } from "@codemirror/view";
import { CypherEditor } from "@neo4j-cypher/react-codemirror";
import "@neo4j-cypher/codemirror/css/cypher-codemirror.css";
import { useEffect, useRef, useState } from "react";
import type { CypherEditorProps } from "./cypher-editor-props";
import { issueRange } from "./cypher-positions";
import { serverDiagnosticsExtension, showServerDiagnostics } from "./server-diagnostics";

export default function CypherCodeEditor({ value, onChange, issues = [], readOnly = false, labelledBy, describedBy, invalid, schema }: CypherEditorProps) {
  const [view, setView] = useState<EditorView | null>(null);
  const latest = useRef(value);
  latest.current = value;

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

  useEffect(() => {
    if (!view) return;
    const text = view.state.doc.toString();
    const diagnostics: Diagnostic[] = issues.flatMap((issue) => {
      const range = issueRange(text, issue);
      return range ? [{ from: range.from, to: range.to, severity: "error" as const, message: issue.message }] : [];
    });
    showServerDiagnostics(view, diagnostics);
  }, [view, issues]);

  return (
    <CypherEditor
      className="cypher-editor"
      value={value}
      readOnly={readOnly}
      schema={schema}
      autofocus={false}
      tabKey={false}
      lineWrapping
      lineNumberFormatter={(line) => String(line)}
      postExtensions={serverDiagnosticsExtension}
      onValueChanged={(next) => {
        if (next !== latest.current) onChange?.(next);
      }}
      onEditorCreated={(editor) => setView(editor.codemirror)}
    />
  );
}
