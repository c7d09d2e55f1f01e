// /skillsets/:skillsetId/skills/:skillId/history: the skill's versions, a diff, Restore.
import { useParams } from "wouter";
import { SKILLSETS, type Skill, type Skillset, skillPath, skillResource, skillRights, skillsetPath } from "./resource";
import { useResource } from "../../hooks";
import { HistoryPage } from "../../kit/HistoryPage";

export default function SkillHistoryPage() {
  const { skillsetId, skillId } = useParams<{ skillsetId: string; skillId: string }>();
  const skillset = useResource<Skillset>(skillsetPath(skillsetId));
  return (
    <HistoryPage<Skill>
      noun={skillResource.noun}
      path={skillPath(skillsetId, skillId)}
      id={skillId}
      nameOf={(skill) => skill.name}
      crumbs={[
        { label: "Skillsets", href: SKILLSETS },
        { label: skillset.data?.name ?? skillsetId, href: skillsetPath(skillsetId) },
      ]}
      rights={skillRights}
    />
  );
}
