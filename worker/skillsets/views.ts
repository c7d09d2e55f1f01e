// The JSON shapes of skillsets and skills on the REST API (and MCP built-ins).
import { versionMeta } from "../kit/views";
import type { Head } from "../store/versioned-store";
import type { SkillBody, SkillsetBody } from "./schemas";

/** The MCP prompt name of a skill. */
export const promptName = (skillsetId: string, skillId: string) => `${skillsetId}__${skillId}`;

// skillset_id, skill_id and current_version repeat id and version under upstream Seizu's names.
export function skillsetView(head: Head<SkillsetBody>) {
  return { id: head.id, skillset_id: head.id, ...head.body, ...versionMeta(head), current_version: head.version };
}

export function skillView(head: Head<SkillBody>) {
  return {
    id: head.id,
    skill_id: head.id,
    skillset_id: head.parentId,
    prompt_name: promptName(head.parentId, head.id),
    ...head.body,
    ...versionMeta(head),
    current_version: head.version,
  };
}
