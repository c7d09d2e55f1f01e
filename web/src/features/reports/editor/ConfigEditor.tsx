// The YAML of a report's config in a textarea with line numbers; lines with a problem are marked
// in the gutter. The textarea grows with its text, so the gutter lines up without scrolling.
import { forwardRef } from "react";

export interface ConfigEditorProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** Lines (1-based) with a problem. */
  marked: Set<number>;
  describedBy?: string;
}

export const ConfigEditor = forwardRef<HTMLTextAreaElement, ConfigEditorProps>(function ConfigEditor({ id, value, onChange, marked, describedBy }, ref) {
  const count = value.split("\n").length;
  return (
    <div className="config-editor">
      <pre className="config-gutter" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line number is its own identity
          <span key={index} className={marked.has(index + 1) ? "marked" : undefined}>
            {index + 1}
            {"\n"}
          </span>
        ))}
      </pre>
      <textarea
        ref={ref}
        id={id}
        className="config-text"
        value={value}
        rows={count + 1}
        wrap="off"
        spellCheck={false}
        aria-describedby={describedBy}
        aria-invalid={marked.size > 0 || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
});
