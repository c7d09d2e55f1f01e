// The Cypher editor, loaded on demand; a plain textarea stands in while it loads and if it
// cannot be loaded at all.
import { Component, lazy, Suspense, type ReactNode } from "react";
import type { CypherEditorProps } from "./cypher-editor-props";

const CypherCodeEditor = lazy(() => import("./CypherCodeEditor"));

/** The textarea that stands in for a code editor while it loads, and if it cannot be loaded (the template editor's too). */
export function PlainEditor({ value, onChange, readOnly, labelledBy, describedBy, invalid }: CypherEditorProps) {
  return (
    <textarea
      className="cypher-fallback"
      value={value}
      readOnly={readOnly || !onChange}
      rows={Math.min(12, Math.max(3, value.split("\n").length))}
      spellCheck={false}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

export class Fallback extends Component<{ props: CypherEditorProps; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PlainEditor {...this.props.props} /> : this.props.children;
  }
}

export function CypherField(props: CypherEditorProps) {
  return (
    <Fallback props={props}>
      <Suspense fallback={<PlainEditor {...props} readOnly />}>
        <CypherCodeEditor {...props} />
      </Suspense>
    </Fallback>
  );
}
