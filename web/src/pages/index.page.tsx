import { Redirect } from "wouter";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: "/", component: () => <Redirect to="/toolsets" replace /> };
