// /skillsets/:skillsetId: a skillset and its skills, loaded on demand (features/skillsets/SkillsetPage.tsx).
import { lazyPage } from "../features/skillsets/lazy-page";
import type { PageRoute } from "../routes";

export const route: PageRoute = { path: "/skillsets/:skillsetId", component: lazyPage(() => import("../features/skillsets/SkillsetPage")) };
