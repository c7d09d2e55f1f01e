// /workflows: workflows and scheduled queries, loaded on demand (features/workflows).
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import { WORKFLOWS } from "../features/workflows/paths";
import type { PageRoute } from "../routes";

export const route: PageRoute = {
  path: WORKFLOWS,
  component: WorkflowsPage,
  nav: { label: "Workflows", href: WORKFLOWS, match: WORKFLOWS, order: 8 },
};

const Page = lazy(() => import("../features/workflows/WorkflowsPage"));

function WorkflowsPage() {
  return <LazyPage page={Page} />;
}
