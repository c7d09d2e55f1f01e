// The console's Cypher editor: Neo4j's CodeMirror editor with completion from the graph's schema,
// the read-only validation's issues marked where they are as you type, and what the validation
// says under it. Ctrl/Cmd+Enter runs the query.
import { useId, type KeyboardEvent } from "react";
import { CypherField } from "../../components/CypherField";
import { issueMessage } from "../../components/cypher-positions";
import type { CypherEditorProps } from "../../components/cypher-editor-props";
import type { FieldIssue } from "../../types";
import type { Validation } from "./use-validation";

const NO_ISSUES: FieldIssue[] = [];

export function QueryEditor({
  value,
  onChange,
  validation,
  schema,
  onRun,
}: {
  value: string;
  onChange(value: string): void;
  validation: Validation;
  schema: CypherEditorProps["schema"];
  onRun(): void;
}) {
  const labelId = useId();
  const statusId = useId();
  const issues = validation.state === "invalid" ? validation.issues : NO_ISSUES;
  const runOnShortcut = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcut belongs to the editor inside, which has its own role
    <div className="field console-editor" data-field="cypher" onKeyDown={runOnShortcut}>
      <span className="field-label" id={labelId}>
        Cypher
      </span>
      <CypherField value={value} onChange={onChange} issues={issues} schema={schema} labelledBy={labelId} describedBy={statusId} invalid={issues.length > 0} />
      <div id={statusId} className="console-validation" aria-live="polite">
        <ValidationStatus validation={validation} />
      </div>
    </div>
  );
}

function ValidationStatus({ validation }: { validation: Validation }) {
  switch (validation.state) {
    case "empty":
      return <p className="hint">A read-only query; Ctrl+Enter (⌘+Enter) runs it. Completion offers the graph's labels, types and properties.</p>;
    case "checking":
      return <p className="hint">Checking…</p>;
    case "valid":
      return (
        <p className="hint ok">
          Read-only and valid{validation.parameters.length ? `; uses ${validation.parameters.map((name) => `$${name}`).join(", ")}` : ""}.
        </p>
      );
    case "unchecked":
      return <p className="hint">Could not check the query: {validation.message}</p>;
    case "invalid":
      return (
        <div className="field-error" role="alert">
          {validation.issues.map((issue) => (
            <p key={`${issue.offset}-${issue.rule}-${issue.message}`}>{issueMessage(issue)}</p>
          ))}
        </div>
      );
  }
}
