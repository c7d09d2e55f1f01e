// /skillsets: every skillset with its skill count, state and ⋮ menu; New skillset for writers.
// Enabled skills of enabled skillsets are what MCP prompts/list serves.
import { useLocation } from "wouter";
import { get } from "../../api";
import { PageHeader } from "../../components/Page";
import { EnabledSwitch } from "./EnabledSwitch";
import { SKILLSETS, type SkillList, type Skillset, type SkillsetList, skillsetPath, skillsetRights, skillsOf, useSkillsetActions } from "./resource";
import "./skillsets.css";
import { useResource } from "../../hooks";
import { useChildCounts } from "../../kit/counts";
import { NoItems, ResourceList } from "../../kit/ResourceList";
import { type Column, descriptionColumn, nameColumn } from "../../kit/ResourceTable";
import { useSession } from "../../session";

export default function SkillsetsPage() {
  const session = useSession();
  const [, navigate] = useLocation();
  const skillsets = useResource<SkillsetList>(SKILLSETS);
  const counts = useChildCounts(
    skillsets.data?.skillsets,
    session.can("skills:read"),
    async (skillset) => (await get<SkillList>(skillsOf(skillset.id))).skills.length,
  );
  const actions = useSkillsetActions({ onSaved: (skillset) => navigate(skillsetPath(skillset.id)), onDeleted: () => void skillsets.reload() });
  const rights = skillsetRights(session);
  const columns: Column<Skillset>[] = [
    nameColumn({ href: (skillset) => skillsetPath(skillset.id), name: (skillset) => skillset.name, narrow: (skillset) => <code>{skillset.id}</code> }),
    { header: "ID", className: "wide-only", cell: (skillset) => <code>{skillset.id}</code> },
    descriptionColumn(),
    { header: "Skills", className: "numeric", cell: (skillset) => counts[skillset.id] ?? <span className="muted">–</span> },
    {
      header: "Status",
      cell: (skillset) => (
        <EnabledSwitch
          label={`Skillset ${skillset.name} enabled`}
          path={skillsetPath(skillset.id)}
          item={skillset}
          allowed={rights.write}
          onChanged={skillsets.reload}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Skillsets" actions={skillsets.data?.skillsets.length ? actions.newButton : null}>
        <p className="lede">
          Skillsets group skills: prompt templates with typed parameters that MCP clients list and fetch as prompts named{" "}
          <code>{"{skillset_id}__{skill_id}"}</code>. Each has a full version history.
        </p>
      </PageHeader>
      <ResourceList
        list={skillsets}
        items={(data) => data.skillsets}
        loading="Loading skillsets…"
        empty={
          <NoItems
            title="No skillsets yet."
            text="A skillset groups skills — prompt templates with parameters — that MCP clients get as prompts."
            newButton={actions.newButton}
          />
        }
        caption="Skillsets"
        columns={columns}
        menu={(skillset) => actions.menu(skillset)}
      />
      {actions.dialog}
    </>
  );
}
