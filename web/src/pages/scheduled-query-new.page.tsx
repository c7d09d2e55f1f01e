// /scheduled-queries/new: the scheduled query editor for a new scheduled query, loaded on demand.
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import { NEW_SCHEDULED_QUERY } from "../features/workflows/paths";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: NEW_SCHEDULED_QUERY, component: NewScheduledQueryPage };

const Page = lazy(() => import("../features/workflows/ScheduledQueryEditPage"));

function NewScheduledQueryPage() {
  return <LazyPage page={Page} />;
}
