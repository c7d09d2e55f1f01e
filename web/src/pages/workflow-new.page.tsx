// /workflows/new: the workflow editor for a new workflow, loaded on demand.
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import { NEW_WORKFLOW } from "../features/workflows/paths";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: NEW_WORKFLOW, component: NewWorkflowPage };

const Page = lazy(() => import("../features/workflows/WorkflowEditPage"));

function NewWorkflowPage() {
  return <LazyPage page={Page} />;
}
