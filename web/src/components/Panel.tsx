// A panel of a page: a section named by its heading, with what belongs beside the heading
// (a button, a status) in the panel's header.
import { type ReactNode, useId } from "react";

export function Panel({ id, title, actions, children }: { id?: string; title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const generated = useId();
  const headingId = id ?? generated;
  const heading = <h2 id={headingId}>{title}</h2>;
  return (
    <section className="panel" aria-labelledby={headingId}>
      {actions === undefined ? (
        heading
      ) : (
        <div className="panel-header">
          {heading}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
