// /skillsets/:skillsetId/skills/:skillId/history: a skill's versions, a diff, Restore, loaded on demand (features/skillsets/SkillHistoryPage.tsx).
import { lazyPage } from "../features/skillsets/lazy-page";
import type { PageRoute } from "../routes";

export const route: PageRoute = {
  path: "/skillsets/:skillsetId/skills/:skillId/history",
  component: lazyPage(() => import("../features/skillsets/SkillHistoryPage")),
};
