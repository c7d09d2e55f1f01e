// A page whose code is loaded when it is first opened, so the first load stays small (the
// workflows pages, ...): the loading state shows while its chunk arrives.
import { lazy, Suspense, type ComponentType } from "react";
import { Loading } from "./States";

export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<Loading label="Loading…" />}>
        <Page />
      </Suspense>
    );
  };
}
