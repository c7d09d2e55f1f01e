// A form field whose control is a code editor (a tool's Cypher, a skill's template): its label,
// the editor with the ids and issues it must carry, a hint, and the server's issues, marked in
// the editor at their place and listed under it.
import { type ReactNode, useId } from "react";
import type { CypherEditorProps } from "./cypher-editor-props";
import { issueMessage } from "./cypher-positions";
import { FieldErrors } from "./Fields";

export type EditorControl = Required<Pick<CypherEditorProps, "issues" | "labelledBy" | "invalid">> & Pick<CypherEditorProps, "describedBy">;

export function EditorField({
  name,
  label,
  hint,
  issues,
  children,
}: {
  name: string;
  label: string;
  hint: ReactNode;
  /** The server's issues of the field; the same array while they do not change. */
  issues: NonNullable<CypherEditorProps["issues"]>;
  children(control: EditorControl): ReactNode;
}) {
  const labelId = useId();
  const errorsId = useId();
  const messages = issues.map(issueMessage);
  return (
    <div className="field" data-field={name}>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      {children({ issues, labelledBy: labelId, describedBy: messages.length ? errorsId : undefined, invalid: messages.length > 0 })}
      <p className="hint">{hint}</p>
      <FieldErrors id={errorsId} messages={messages} />
    </div>
  );
}
