// /workflows/:workflowId/runs/:runId: one run and what each of its activities did, loaded on demand.
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: "/workflows/:workflowId/runs/:runId", component: WorkflowRunPage };

const Page = lazy(() => import("../features/workflows/RunPage"));

function WorkflowRunPage() {
  return <LazyPage page={Page} />;
}
