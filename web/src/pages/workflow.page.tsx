// /workflows/:workflowId: a workflow's definition, runs and versions, loaded on demand.
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: "/workflows/:workflowId", component: WorkflowPage };

const Page = lazy(() => import("../features/workflows/WorkflowPage"));

function WorkflowPage() {
  return <LazyPage page={Page} />;
}
