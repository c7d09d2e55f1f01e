// A page's heading, breadcrumbs and actions. Focus moves to the heading when the page changes
// so keyboard and screen-reader users land on the new content.
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "wouter";
import { useDocumentTitle } from "../hooks";

let firstPage = true;

export interface Crumb {
  label: string;
  href: string;
}

export function PageHeader({ title, crumbs = [], actions, children }: { title: ReactNode; crumbs?: Crumb[]; actions?: ReactNode; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(typeof title === "string" ? title : "");
  useEffect(() => {
    if (firstPage) firstPage = false;
    else heading.current?.focus({ preventScroll: false });
  }, []);
  return (
    <header className="page-header">
      {crumbs.length > 0 && (
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            {crumbs.map((crumb) => (
              <li key={crumb.href}>
                <Link href={crumb.href}>{crumb.label}</Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="page-title-row">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
      {children}
    </header>
  );
}
