// Where reports and spaces are, in the UI and the API alike (web/src/kit/paths.ts): the page of
// a report sits at the API path of the report it shows.
import { itemPath } from "../../kit/paths";

export const REPORTS = "/reports";
export const SPACES = "/spaces";
export const DASHBOARD = `${REPORTS}/dashboard`;

export const reportPath = (id: string) => itemPath(REPORTS, id);
export const spacePath = (id: string) => itemPath(SPACES, id);
/** What a viewer reads: the version with the capabilities that run its queries. */
export const withCapabilities = (path: string) => `${path}?include_query_capabilities=true`;
