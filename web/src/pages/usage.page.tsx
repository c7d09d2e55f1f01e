// /usage: the usage overview (busiest and slowest tools, error spikes, calls per hour), for
// callers holding audit:read; loaded on demand (features/audit).
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import { USAGE } from "../features/audit/paths";
import type { PageRoute } from "../routes";

export const route: PageRoute = {
  path: USAGE,
  component: UsagePage,
  nav: { label: "Usage", href: USAGE, match: USAGE, order: 26, permission: "audit:read" },
};

const Page = lazy(() => import("../features/audit/UsagePage"));

function UsagePage() {
  return <LazyPage page={Page} />;
}
