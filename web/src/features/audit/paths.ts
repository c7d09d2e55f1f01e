// Where the audit log shows in the UI: the Activity page (every event, filtered) and the usage
// overview (the figures of GET /audit/stats).
import type { AuditFilters } from "./filters";
import { filterQuery } from "./filters";

export const ACTIVITY = "/activity";
export const USAGE = "/usage";

/** The Activity page showing the events that match `filters`. */
export const activityHref = (filters: AuditFilters) => `${ACTIVITY}${filterQuery(filters)}`;
