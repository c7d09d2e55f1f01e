// Where skillsets and their skills are: the API paths, which the pages share (kit/paths.ts).
import { itemPath } from "../../kit/paths";

export const SKILLSETS = "/skillsets";
export const skillsetPath = (id: string) => itemPath(SKILLSETS, id);
export const skillsOf = (skillsetId: string) => `${skillsetPath(skillsetId)}/skills`;
export const skillPath = (skillsetId: string, skillId: string) => itemPath(skillsOf(skillsetId), skillId);
