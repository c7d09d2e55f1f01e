// Neo4j's CodeMirror 6 Cypher editor (syntax highlighting, bracket matching, keyword
// completion), with server-side validation issues marked at their line and column. Loaded on
// demand (see CypherField): the Cypher grammar is most of the app's weight.
import type { EditorView } from "@codemirror/view";
import { CypherEditor } from "@neo4j-cypher/react-codemirror";
import "@neo4j-cypher/codemirror/css/cypher-codemirror.css";
import { useRef, useState } from "react";
import type { CypherEditorProps } from "./cypher-editor-props";
import { useEditorAttributes, useServerIssues } from "./editor-view-hooks";
import { serverDiagnosticsExtension } from "./server-diagnostics";

export default function CypherCodeEditor({ value, onChange, issues = [], readOnly = false, labelledBy, describedBy, invalid, schema }: CypherEditorProps) {
  const [view, setView] = useState<EditorView | null>(null);
  const latest = useRef(value);
  latest.current = value;

  useEditorAttributes(view, { labelledBy, describedBy, invalid });
  useServerIssues(view, issues);

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
