// The JSON shapes of skillsets and skills on the REST API (and MCP built-ins).
import { versionMeta } from "../kit/views";
import type { Head } from "../store/versioned-store";
import type { SkillBody, SkillsetBody } from "./schemas";

/** The MCP prompt name of a skill. */
export const promptName = (skillsetId: string, skillId: string) => `${skillsetId}__${skillId}`;

export function skillsetView(head: Head<SkillsetBody>) {
  return { id: head.id, ...head.body, ...versionMeta(head) };
}

export function skillView(head: Head<SkillBody>) {
  return { id: head.id, skillset_id: head.parentId, prompt_name: promptName(head.parentId, head.id), ...head.body, ...versionMeta(head) };
}
