// /connect: the endpoint URL and agent configurations for a choice of tools, loaded on demand
// (features/connect).
import { lazy } from "react";
import { LazyPage } from "../components/LazyPage";
import type { PageRoute } from "../routes";

export const route: PageRoute = {
  path: "/connect",
  component: ConnectPage,
  nav: { label: "Connect an agent", href: "/connect", match: "/connect", order: 12 },
};

const Page = lazy(() => import("../features/connect/ConnectPage"));

function ConnectPage() {
  return <LazyPage page={Page} />;
}
