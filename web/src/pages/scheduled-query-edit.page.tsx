// /scheduled-queries/:scheduledQueryId/edit: the scheduled query editor, loaded on demand.
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import type { PageRoute } from "../routes";

export const route: PageRoute = {
  path: "/scheduled-queries/:scheduledQueryId/edit",
  component: ScheduledQueryEditPage,
};

const Page = lazy(() => import("../features/workflows/ScheduledQueryEditPage"));

function ScheduledQueryEditPage() {
  return <LazyPage page={Page} />;
}
