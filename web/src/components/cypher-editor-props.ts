// What both Cypher editors take: the one loaded on demand (CypherCodeEditor) and the textarea
// that stands in for it (CypherField), so neither imports the other for it.
import type { CypherEditorProps as NeoCypherEditorProps } from "@neo4j-cypher/react-codemirror";
import type { FieldIssue } from "../types";

export interface CypherEditorProps {
  value: string;
  onChange?: (value: string) => void;
  issues?: FieldIssue[];
  readOnly?: boolean;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  /** The graph's labels, relationship types and property keys, offered by completion. */
  schema?: NeoCypherEditorProps["schema"];
}
