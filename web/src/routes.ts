// The client-side routes. Every page is a file web/src/pages/*.page.tsx exporting `route`;
// they are picked up here, so adding a page (e.g. /confirmations/:id) is adding one file.
import type { ComponentType } from "react";
import type { Permission } from "./types";

export interface PageRoute {
  /** A wouter pattern: "/toolsets/:toolsetId". */
  path: string;
  component: ComponentType;
  /**
   * Shown in the sidebar when set; `match` is the path prefix that marks it current; with
   * `permission` only callers holding it see the entry; `badge` shows beside the label (a count).
   */
  nav?: { label: string; href: string; match: string; order: number; permission?: Permission; badge?: ComponentType };
}

const modules = import.meta.glob<{ route: PageRoute }>("./pages/*.page.tsx", { eager: true });

/** Static segments before parameters, so "/toolsets/new" would win over "/toolsets/:id". */
function specificity(path: string): number[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? 1 : segment === "*" ? 0 : 2));
}

function compare(a: PageRoute, b: PageRoute): number {
  const left = specificity(a.path);
  const right = specificity(b.path);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (right[index] ?? -1) - (left[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return a.path.localeCompare(b.path);
}

export const routes: PageRoute[] = Object.values(modules)
  .map((module) => module.route)
  .sort(compare);

export const navigation = routes.flatMap((route) => (route.nav ? [route.nav] : [])).sort((a, b) => a.order - b.order);
