// /activity: the audit log, for callers holding audit:read; loaded on demand (features/audit).
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import { ACTIVITY } from "../features/audit/paths";
import type { PageRoute } from "../routes";

export const route: PageRoute = {
  path: ACTIVITY,
  component: ActivityPage,
  nav: { label: "Activity", href: ACTIVITY, match: ACTIVITY, order: 25, permission: "audit:read" },
};

const Page = lazy(() => import("../features/audit/ActivityPage"));

function ActivityPage() {
  return <LazyPage page={Page} />;
}
