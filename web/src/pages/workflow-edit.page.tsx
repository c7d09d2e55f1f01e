// /workflows/:workflowId/edit: the workflow editor on the current version, loaded on demand.
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: "/workflows/:workflowId/edit", component: EditWorkflowPage };

const Page = lazy(() => import("../features/workflows/WorkflowEditPage"));

function EditWorkflowPage() {
  return <LazyPage page={Page} />;
}
