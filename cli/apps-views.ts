// How `seizu apps list` shows connected apps to people: one a row, with the person who
// connected it when the list is anyone's. --output json prints the server's reply instead.
import type { ReplyOf } from "../worker/api";
import { listTable } from "./output";

type Page = ReplyOf<"connected_apps_list">;

const ACCESS = { full: "full", read_only: "read-only" } as const;

export function connectedAppsTable(page: Page) {
  const rows = listTable(page.apps, "(no connected apps)", [
    { header: "GRANT", value: (app) => app.grant_id },
    { header: "CLIENT", value: (app) => app.client_name, max: 40 },
    { header: "ACCESS", value: (app) => ACCESS[app.access] },
    { header: "PERSON", value: (app) => (app.display_name ? `${app.subject} (${app.display_name})` : app.subject), max: 50 },
    { header: "CONNECTED", value: (app) => app.created_at },
    { header: "EXPIRES", value: (app) => app.expires_at ?? "" },
  ]);
  return page.next_cursor ? `${rows}\n\nmore: --cursor ${page.next_cursor}` : rows;
}
