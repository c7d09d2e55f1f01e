// A skill's template editor, loaded on demand like the Cypher editor; the same textarea stands
// in while it loads and if it cannot be loaded at all.
import { lazy, Suspense } from "react";
import { Fallback, PlainEditor } from "./CypherField";
import type { TemplateEditorProps } from "./template-editor-props";

const TemplateCodeEditor = lazy(() => import("./TemplateCodeEditor"));

export function TemplateField(props: TemplateEditorProps) {
  return (
    <Fallback props={props}>
      <Suspense fallback={<PlainEditor {...props} readOnly />}>
        <TemplateCodeEditor {...props} />
      </Suspense>
    </Fallback>
  );
}
