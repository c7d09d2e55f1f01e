// /console: the query console, for callers holding query:execute; its editor, graph and forms
// load on demand (features/console).
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import type { PageRoute } from "../routes";

const CONSOLE = "/console";

export const route: PageRoute = {
  path: CONSOLE,
  component: ConsolePage,
  nav: { label: "Query console", href: CONSOLE, match: CONSOLE, order: 7, permission: "query:execute" },
};

const Page = lazy(() => import("../features/console/ConsolePage"));

function ConsolePage() {
  return <LazyPage page={Page} />;
}
