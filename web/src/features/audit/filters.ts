// The filters of GET /audit (and its export), kept in the Activity page's address so a filtered
// view can be bookmarked, shared and reloaded: the page's query string is the API's.
export const FILTER_KEYS = ["since", "until", "principal", "target", "kind", "outcome", "via", "resource_type", "resource_id"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type AuditFilters = Partial<Record<FilterKey, string>>;

/** The filters a query string (the page's `location.search`) holds; other parameters are left out. */
export function readFilters(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const filters: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** `?since=…&kind=…` for the filters that are set (and `extra`, e.g. the cursor), or "" when none is. */
export function filterQuery(filters: AuditFilters, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** An ISO instant as a datetime-local input shows it (the browser's time zone, to the minute). */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local input's value (the browser's time zone) as the ISO instant the API takes. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
