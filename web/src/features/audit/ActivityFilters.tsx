// The Activity page's filters: a labelled field per filter of GET /audit. Applying them puts them
// in the page's address (the table follows it); Clear removes them all.
import { type FormEvent, useId } from "react";
import { AUDIT_KINDS, AUDIT_OUTCOMES, AUDIT_VIAS } from "../../../../worker/api";
import { type AuditFilters, FILTER_KEYS, fromLocalInput, toLocalInput } from "./filters";
import { words } from "./format";

const TEXT_FILTERS = [
  { key: "principal", label: "Principal", hint: "subject" },
  { key: "target", label: "Target", hint: "tool name or route" },
  { key: "resource_type", label: "Resource type", hint: "tool, report, role…" },
  { key: "resource_id", label: "Resource id", hint: "toolset/tool, …" },
] as const;

const CHOICES = [
  { key: "kind", label: "Kind", values: AUDIT_KINDS },
  { key: "outcome", label: "Outcome", values: AUDIT_OUTCOMES },
  { key: "via", label: "Via", values: AUDIT_VIAS },
] as const;

export function ActivityFilters({ filters, onApply }: { filters: AuditFilters; onApply(filters: AuditFilters): void }) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: AuditFilters = {};
    for (const key of FILTER_KEYS) {
      const raw = String(form.get(key) ?? "").trim();
      const value = key === "since" || key === "until" ? fromLocalInput(raw) : raw;
      if (value) next[key] = value;
    }
    onApply(next);
  };
  return (
    // Keyed by the filters so the fields show the address's values after Back or Clear.
    <form key={JSON.stringify(filters)} className="audit-filters" aria-label="Filters" onSubmit={submit}>
      {(["since", "until"] as const).map((key) => (
        <div className="field" key={key}>
          <label htmlFor={`${id}-${key}`}>{key === "since" ? "From" : "Until"}</label>
          <input id={`${id}-${key}`} name={key} type="datetime-local" defaultValue={toLocalInput(filters[key])} />
        </div>
      ))}
      {CHOICES.map((choice) => (
        <div className="field" key={choice.key}>
          <label htmlFor={`${id}-${choice.key}`}>{choice.label}</label>
          <select id={`${id}-${choice.key}`} name={choice.key} defaultValue={filters[choice.key] ?? ""}>
            <option value="">Any</option>
            {choice.values.map((value) => (
              <option key={value} value={value}>
                {words(value)}
              </option>
            ))}
          </select>
        </div>
      ))}
      {TEXT_FILTERS.map((filter) => (
        <div className="field" key={filter.key}>
          <label htmlFor={`${id}-${filter.key}`}>{filter.label}</label>
          <input id={`${id}-${filter.key}`} name={filter.key} type="text" placeholder={filter.hint} defaultValue={filters[filter.key] ?? ""} />
        </div>
      ))}
      <div className="audit-filter-actions">
        <button type="submit" className="button primary">
          Apply filters
        </button>
        <button type="button" className="button" onClick={() => onApply({})} disabled={Object.keys(filters).length === 0}>
          Clear
        </button>
      </div>
    </form>
  );
}
