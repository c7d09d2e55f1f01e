// /skillsets/:skillsetId: the skillset and its skills, each with its switch and ⋮ menu; New skill
// for writers.
import { Link, useLocation, useParams } from "wouter";
import { PageHeader } from "../../components/Page";
import { ErrorState, Loading } from "../../components/States";
import { EnabledSwitch } from "./EnabledSwitch";
import {
  SKILLSETS,
  type Skill,
  type SkillList,
  type Skillset,
  skillPath,
  skillRights,
  skillsetPath,
  skillsetRights,
  skillsOf,
  useSkillActions,
  useSkillsetActions,
} from "./resource";
import "./skillsets.css";
import { useResource } from "../../hooks";
import { historyHref } from "../../kit/paths";
import { NoItems, ResourceList } from "../../kit/ResourceList";
import { type Column, descriptionColumn, nameColumn } from "../../kit/ResourceTable";
import { useSession } from "../../session";

export default function SkillsetPage() {
  const { skillsetId } = useParams<{ skillsetId: string }>();
  const [, navigate] = useLocation();
  const session = useSession();
  const skillset = useResource<Skillset>(skillsetPath(skillsetId));
  const skills = useResource<SkillList>(skillsOf(skillsetId));
  const skillsetActions = useSkillsetActions({ onSaved: () => void skillset.reload(), onDeleted: () => navigate(SKILLSETS) });
  const skillActions = useSkillActions({ skillsetId, onSaved: (skill) => navigate(skillPath(skillsetId, skill.id)), onDeleted: () => void skills.reload() });

  if (skillset.error) {
    return (
      <>
        <PageHeader title="Skillset" crumbs={[{ label: "Skillsets", href: SKILLSETS }]} />
        <ErrorState error={skillset.error} onRetry={() => void skillset.reload()} />
      </>
    );
  }
  if (!skillset.data) return <Loading label="Loading skillset…" />;
  const current = skillset.data;

  const columns: Column<Skill>[] = [
    nameColumn({ href: (skill) => skillPath(skillsetId, skill.id), name: (skill) => skill.name, narrow: (skill) => <code>{skill.prompt_name}</code> }),
    { header: "MCP prompt", className: "wide-only", cell: (skill) => <code>{skill.prompt_name}</code> },
    descriptionColumn(),
    { header: "Parameters", className: "numeric wide-only", cell: (skill) => skill.parameters.length },
    {
      header: "Status",
      cell: (skill) => (
        <EnabledSwitch
          label={`Skill ${skill.name} enabled`}
          path={skillPath(skillsetId, skill.id)}
          item={skill}
          allowed={skillRights(session).write}
          onChanged={skills.reload}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={current.name}
        crumbs={[{ label: "Skillsets", href: SKILLSETS }]}
        actions={
          <>
            {skills.data?.skills.length ? skillActions.newButton : null}
            {skillsetActions.menu(current, { open: false })}
          </>
        }
      >
        <p className="meta">
          <code>{current.id}</code>{" "}
          <EnabledSwitch
            label={`Skillset ${current.name} enabled`}
            path={skillsetPath(current.id)}
            item={current}
            allowed={skillsetRights(session).write}
            onChanged={skillset.reload}
          />{" "}
          <span className="muted">
            version {current.version} · <Link href={historyHref(skillsetPath(current.id))}>history</Link>
          </span>
        </p>
        {current.description && <p className="lede">{current.description}</p>}
        {!current.enabled && <p className="notice warn">This skillset is disabled: none of its skills are served as MCP prompts.</p>}
      </PageHeader>
      <h2 className="section-title">Skills</h2>
      <div className="skill-table">
        <ResourceList
          list={skills}
          items={(data) => data.skills}
          loading="Loading skills…"
          empty={
            <NoItems
              title="No skills in this skillset yet."
              text="A skill is a prompt template with typed parameters, served to MCP clients as a prompt."
              newButton={skillActions.newButton}
            />
          }
          caption={`Skills of ${current.name}`}
          columns={columns}
          menu={(skill) => skillActions.menu(skill)}
        />
      </div>
      {skillsetActions.dialog}
      {skillActions.dialog}
    </>
  );
}
