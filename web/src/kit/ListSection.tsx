// A list the person edits, as a section of its form: a heading, a hint, the issues of the list as
// a whole, its rows, and a button that adds one. A section of the page (h2) has a section title
// and a full-size button; a list within a form's fields (h3, h4) a field label and a small one.
import { type ReactNode, useId } from "react";
import { FieldErrors } from "../components/Fields";

export function ListSection({
  title,
  level,
  className,
  field,
  hint,
  errors,
  addText,
  onAdd,
  children,
}: {
  title: ReactNode;
  level: 2 | 3 | 4;
  className: string;
  /** The path its issues are shown at (data-field). */
  field: string;
  hint?: ReactNode;
  errors?: string[] | undefined;
  addText: ReactNode;
  onAdd(): void;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = `h${level}` as const;
  return (
    <section className={className} aria-labelledby={headingId} data-field={field}>
      <Heading id={headingId} className={level === 2 ? "section-title" : "field-label"}>
        {title}
      </Heading>
      {hint && <p className="hint">{hint}</p>}
      <FieldErrors messages={errors} />
      {children}
      <button type="button" className={level === 2 ? "button" : "button small"} onClick={onAdd}>
        {addText}
      </button>
    </section>
  );
}
