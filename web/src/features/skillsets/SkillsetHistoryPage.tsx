// /skillsets/:skillsetId/history: the skillset's versions, a diff against the current one, Restore.
import { useParams } from "wouter";
import { SKILLSETS, type Skillset, skillsetPath, skillsetResource, skillsetRights } from "./resource";
import { HistoryPage } from "../../kit/HistoryPage";

export default function SkillsetHistoryPage() {
  const { skillsetId } = useParams<{ skillsetId: string }>();
  return (
    <HistoryPage<Skillset>
      noun={skillsetResource.noun}
      path={skillsetPath(skillsetId)}
      id={skillsetId}
      nameOf={(skillset) => skillset.name}
      crumbs={[{ label: "Skillsets", href: SKILLSETS }]}
      rights={skillsetRights}
    />
  );
}
