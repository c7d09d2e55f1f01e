// /skillsets/:skillsetId/history: a skillset's versions, a diff, Restore, loaded on demand (features/skillsets/SkillsetHistoryPage.tsx).
import { lazyPage } from "../features/skillsets/lazy-page";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: "/skillsets/:skillsetId/history", component: lazyPage(() => import("../features/skillsets/SkillsetHistoryPage")) };
