// /skillsets/:skillsetId/skills/:skillId: the skill's definition (its template with the
// placeholders highlighted, parameters, triggers, required tools) and its live preview.
import { Link, useLocation, useParams } from "wouter";
import { PageHeader } from "../../components/Page";
import { Panel } from "../../components/Panel";
import { ParametersTable } from "../../components/ParametersTable";
import { ErrorState, Loading } from "../../components/States";
import { TemplateField } from "../../components/TemplateField";
import { EnabledSwitch } from "./EnabledSwitch";
import { RenderPreview } from "./RenderPreview";
import { SKILLSETS, type Skill, type Skillset, skillPath, skillRights, skillsetPath, useSkillActions } from "./resource";
import "./skillsets.css";
import { useResource } from "../../hooks";
import { historyHref } from "../../kit/paths";
import { useSession } from "../../session";

export default function SkillPage() {
  const { skillsetId, skillId } = useParams<{ skillsetId: string; skillId: string }>();
  const [, navigate] = useLocation();
  const session = useSession();
  const skillset = useResource<Skillset>(skillsetPath(skillsetId));
  const skill = useResource<Skill>(skillPath(skillsetId, skillId));
  const actions = useSkillActions({ skillsetId, onSaved: () => void skill.reload(), onDeleted: () => navigate(skillsetPath(skillsetId)) });
  const crumbs = [
    { label: "Skillsets", href: SKILLSETS },
    { label: skillset.data?.name ?? skillsetId, href: skillsetPath(skillsetId) },
  ];

  if (skill.error)
    return (
      <>
        <PageHeader title="Skill" crumbs={crumbs} />
        <ErrorState error={skill.error} onRetry={() => void skill.reload()} />
      </>
    );
  if (!skill.data) return <Loading label="Loading skill…" />;
  const current = skill.data;

  return (
    <>
      <PageHeader title={current.name} crumbs={crumbs} actions={actions.menu(current, { open: false })}>
        <p className="meta">
          <code>{current.prompt_name}</code>{" "}
          <EnabledSwitch
            label={`Skill ${current.name} enabled`}
            path={skillPath(skillsetId, skillId)}
            item={current}
            allowed={skillRights(session).write}
            onChanged={skill.reload}
          />{" "}
          <span className="muted">
            version {current.version}
            {current.updated_by ? ` by ${current.updated_by}` : ""} · <Link href={historyHref(skillPath(skillsetId, skillId))}>history</Link>
          </span>
        </p>
        {current.description && <p className="lede">{current.description}</p>}
        {!current.enabled && <p className="notice warn">This skill is disabled: MCP clients do not see it, and it does not render.</p>}
        {skillset.data && !skillset.data.enabled && <p className="notice warn">Its skillset is disabled: none of its skills are served or render.</p>}
      </PageHeader>
      <div className="tool-layout">
        <Definition skill={current} />
        {session.can("skills:render") ? (
          <RenderPreview key={current.version} skill={current} />
        ) : (
          <p className="notice">You cannot preview this skill: it needs the skills:render permission.</p>
        )}
      </div>
      {actions.dialog}
    </>
  );
}

function Definition({ skill }: { skill: Skill }) {
  return (
    <Panel title="Definition">
      <h3 className="field-label" id="template-label">
        Template
      </h3>
      <TemplateField value={skill.template} readOnly labelledBy="template-label" parameters={skill.parameters.map((parameter) => parameter.name)} />
      <h3 className="field-label">Parameters</h3>
      <ParametersTable parameters={skill.parameters} sigil="" />
      <h3 className="field-label">Triggers</h3>
      <Chips items={skill.triggers} label="Triggers" none="No triggers." />
      <h3 className="field-label">Required tools</h3>
      <Chips items={skill.tools_required} label="Required tools" none="No tools required." code />
    </Panel>
  );
}

function Chips({ items, label, none, code = false }: { items: string[]; label: string; none: string; code?: boolean }) {
  if (items.length === 0) return <p className="muted">{none}</p>;
  return (
    <ul className="chip-list" aria-label={label}>
      {items.map((item) => (
        <li key={item} className="chip">
          {code ? <code>{item}</code> : item}
        </li>
      ))}
    </ul>
  );
}
