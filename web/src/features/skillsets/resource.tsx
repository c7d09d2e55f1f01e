// Skillsets and their skills as versioned resources of the UI kit: their types (./types.ts),
// where they are, how texts name them, what deleting one destroys, what the caller may do, and
// their actions with their forms, shared by the lists and the items' pages.
// Enabled skills of enabled skillsets are what MCP prompts/list serves.
import { SkillForm } from "../../forms/SkillForm";
import { GroupForm } from "../../forms/GroupForm";
import { type ActionCallbacks, useVersionedActions } from "../../kit/actions";
import { SKILLSETS, skillsOf } from "./paths";
import type { VersionedResource } from "../../kit/resource";
import { versionedRights } from "../../kit/rights";
import { type Session, useSession } from "../../session";
import type { Skill, Skillset } from "./types";

export type { Skill, SkillDefinition, SkillList, Skillset, SkillsetList } from "./types";

export { SKILLSETS, skillPath, skillsetPath, skillsOf } from "./paths";

export const skillsetRights = (session: Session) =>
  versionedRights(session, false, { plural: "skillsets", write: "skillsets:write", remove: "skillsets:delete" });
export const skillRights = (session: Session) => versionedRights(session, false, { plural: "skills", write: "skills:write", remove: "skills:delete" });

export const skillsetResource: VersionedResource<Skillset> = {
  noun: "skillset",
  label: (skillset) => skillset.name,
  editable: (skillset) => skillset,
  consequences: (skillset) => (
    <p>
      This permanently deletes <strong>{skillset.name}</strong> (<code>{skillset.id}</code>) with all of its skills and their version history. MCP clients lose
      these prompts at once.
    </p>
  ),
};

export const skillResource: VersionedResource<Skill> = {
  noun: "skill",
  label: (skill) => skill.name,
  editable: (skill) => skill,
  consequences: (skill) => (
    <p>
      This permanently deletes <strong>{skill.name}</strong> (<code>{skill.prompt_name}</code>) and its version history. MCP clients lose this prompt at once.
    </p>
  ),
  wide: true,
};

export function useSkillsetActions(callbacks: ActionCallbacks<Skillset>) {
  const session = useSession();
  return useVersionedActions(skillsetResource, {
    collection: SKILLSETS,
    rights: () => skillsetRights(session),
    form: (props) => (
      <GroupForm
        props={props}
        idHint="Immutable lower_snake_case id; MCP prompt names are {skillset_id}__{skill_id}."
        enabledHint="When disabled, none of this skillset's skills are served as MCP prompts."
      />
    ),
    openLabel: () => "View skills",
    ...callbacks,
  });
}

export function useSkillActions({ skillsetId, ...callbacks }: { skillsetId: string } & ActionCallbacks<Skill>) {
  const session = useSession();
  return useVersionedActions(skillResource, {
    collection: skillsOf(skillsetId),
    rights: () => skillRights(session),
    form: (props) => <SkillForm {...props} skillsetId={skillsetId} />,
    openLabel: () => "Open and preview",
    ...callbacks,
  });
}
