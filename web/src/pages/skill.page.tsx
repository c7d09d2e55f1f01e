// /skillsets/:skillsetId/skills/:skillId: a skill's definition and its live preview, loaded on demand (features/skillsets/SkillPage.tsx).
import { lazyPage } from "../features/skillsets/lazy-page";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: "/skillsets/:skillsetId/skills/:skillId", component: lazyPage(() => import("../features/skillsets/SkillPage")) };
