// What both Cypher editors take: the one loaded on demand (CypherCodeEditor) and the textarea
// that stands in for it (CypherField), so neither imports the other for it.
import type { FieldIssue } from "../types";

export interface CypherEditorProps {
  value: string;
  onChange?: (value: string) => void;
  issues?: FieldIssue[];
  readOnly?: boolean;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
}
