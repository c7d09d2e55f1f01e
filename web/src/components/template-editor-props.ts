// What both skill template editors take: the one loaded on demand (TemplateCodeEditor) and the
// textarea that stands in for it (TemplateField), so neither imports the other for it.
import type { CypherEditorProps } from "./cypher-editor-props";

export interface TemplateEditorProps extends CypherEditorProps {
  /** The skill's parameter names: a placeholder naming one is marked as such, any other as unknown. */
  parameters: string[];
}
