// /plugins/:pluginId/skills/:skillName: one skill of a plugin, its allowed-tools, its SKILL.md
// rendered, and its switch for callers with plugins:write.
import { useParams } from "wouter";
import { Markdown } from "../components/Markdown";
import { PageHeader } from "../components/Page";
import { EnabledBadge, ErrorState, Loading } from "../components/States";
import { PLUGINS, pluginPath, pluginSkillPath, setSkillEnabled } from "../features/plugins";
import { AllowedTools } from "../features/plugins-allowed-tools";
import { useAction, useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { PluginSkillDetail } from "../types";

export const route: PageRoute = { path: "/plugins/:pluginId/skills/:skillName", component: PluginSkillPage };

function PluginSkillPage() {
  const { pluginId, skillName } = useParams<{ pluginId: string; skillName: string }>();
  const skill = useResource<PluginSkillDetail>(pluginSkillPath(pluginId, skillName));
  const change = useAction();
  const canWrite = useSession().can("plugins:write");

  if (skill.error) return <ErrorState error={skill.error} onRetry={() => void skill.reload()} />;
  if (!skill.data) return <Loading label="Loading skill…" />;
  const data = skill.data;
  const toggle = () =>
    change.run(async () => {
      await setSkillEnabled(pluginId, skillName, !data.enabled);
      await skill.reload();
    });

  return (
    <>
      <PageHeader
        title={data.name}
        crumbs={[
          { label: "Plugins", href: PLUGINS },
          { label: pluginId, href: pluginPath(pluginId) },
        ]}
        actions={
          canWrite ? (
            <button type="button" className="button" disabled={change.busy} onClick={() => void toggle()}>
              {data.enabled ? "Disable skill" : "Enable skill"}
            </button>
          ) : null
        }
      >
        <p className="lede">
          {data.description} <EnabledBadge enabled={data.enabled} />
        </p>
        <p className="muted small">
          MCP prompt <code>{data.prompt_name}</code> · <code>{data.path}</code>
        </p>
        <div className="meta">
          <span className="muted small">Allowed tools</span> <AllowedTools tools={data.allowed_tools} skill={data.name} />
        </div>
      </PageHeader>
      {change.error && (
        <p className="state error" role="alert">
          {change.error}
        </p>
      )}
      <Markdown source={data.body} label={`${data.name} SKILL.md`} />
    </>
  );
}
