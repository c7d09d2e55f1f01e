// The skillsets pages load on demand (with the template editor and the forms), so the first load
// stays small: a page's route gets a component that shows the loading state until its chunk arrives.
import { type ComponentType, lazy } from "react";
import { LazyPage } from "../../components/LazyPage";

export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return () => <LazyPage page={Page} />;
}
