// /skillsets: every skillset with its skill count, state and ⋮ menu, loaded on demand (features/skillsets/SkillsetsPage.tsx).
import { lazyPage } from "../features/skillsets/lazy-page";
import { SKILLSETS } from "../features/skillsets/paths";
import type { PageRoute } from "../routes";

export const route: PageRoute = {
  path: SKILLSETS,
  component: lazyPage(() => import("../features/skillsets/SkillsetsPage")),
  nav: { label: "Skillsets", href: SKILLSETS, match: SKILLSETS, order: 11 },
};
