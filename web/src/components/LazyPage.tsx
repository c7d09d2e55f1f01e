// A page whose code is loaded when it is first opened, so the first load stays small (the
// workflows pages, ...): the loading state shows while its chunk arrives.
import { Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { Loading } from "./States";

export function LazyPage({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<Loading label="Loading…" />}>
      <Page />
    </Suspense>
  );
}
