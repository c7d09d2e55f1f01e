// The shapes of skillsets and skills as the UI reads and sends them, from the Worker's schemas
// (type-only, so zod stays out of the bundle). Apart from resource.tsx, so the skill form can
// name them without importing the resource that opens it.
import type { z } from "zod";
import type { ReplyOf, skillBody, skillResponse, skillsetResponse } from "../../../../worker/api";

export type Skillset = z.output<typeof skillsetResponse>;
export type Skill = z.output<typeof skillResponse>;
export type SkillDefinition = z.input<typeof skillBody>;
export type SkillsetList = ReplyOf<"skillsets_list">;
export type SkillList = ReplyOf<"skillsets_skills_list">;
