// /plugins/:pluginId: a plugin's current revision, its skills (each switchable on and off by
// callers with plugins:write) and its revisions, newest first.
import { Link, useParams } from "wouter";
import { PageHeader } from "../components/Page";
import { EnabledBadge, ErrorState, Loaded, Loading } from "../components/States";
import { emptyCell, Table } from "../components/Table";
import { PLUGINS, pluginPath, pluginSkillPath, setPluginEnabled, setSkillEnabled } from "../features/plugins";
import { useAction, useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Plugin, PluginRevisionList } from "../types";

export const route: PageRoute = { path: "/plugins/:pluginId", component: PluginPage };

function PluginPage() {
  const { pluginId } = useParams<{ pluginId: string }>();
  const plugin = useResource<Plugin>(pluginPath(pluginId));
  const revisions = useResource<PluginRevisionList>(`${pluginPath(pluginId)}/versions`);
  const session = useSession();
  const change = useAction();
  const canWrite = session.can("plugins:write");

  if (plugin.error) return <ErrorState error={plugin.error} onRetry={() => void plugin.reload()} />;
  if (!plugin.data) return <Loading label="Loading plugin…" />;
  const data = plugin.data;
  const toggle = (run: () => Promise<unknown>) =>
    change.run(async () => {
      await run();
      await plugin.reload();
    });

  return (
    <>
      <PageHeader
        title={data.name}
        crumbs={[{ label: "Plugins", href: PLUGINS }]}
        actions={
          canWrite ? (
            <button type="button" className="button" disabled={change.busy} onClick={() => void toggle(() => setPluginEnabled(pluginId, !data.enabled))}>
              {data.enabled ? "Disable plugin" : "Enable plugin"}
            </button>
          ) : null
        }
      >
        <p className="lede">{data.description}</p>
      </PageHeader>
      {change.error && (
        <p className="state error" role="alert">
          {change.error}
        </p>
      )}
      <dl className="details">
        <dt>Id</dt>
        <dd>
          <code>{data.id}</code>
        </dd>
        <dt>Status</dt>
        <dd>
          <EnabledBadge enabled={data.enabled} />
        </dd>
        <dt>Revision</dt>
        <dd>
          r{data.revision}
          {data.package_version ? ` (version ${data.package_version})` : ""}
        </dd>
        <dt>Updated</dt>
        <dd>
          {data.updated_at} by {data.updated_by}
        </dd>
      </dl>

      <h2>Skills</h2>
      <Table
        caption={`Skills of ${data.name}`}
        rows={data.skills}
        rowKey={(skill) => skill.name}
        columns={[
          { header: "Skill", cell: (skill) => <Link href={pluginSkillPath(pluginId, skill.name)}>{skill.name}</Link> },
          { header: "Description", cell: (skill) => skill.description },
          { header: "MCP prompt", cell: (skill) => <code>{skill.prompt_name}</code> },
          {
            header: "Enabled",
            cell: (skill) => (
              <input
                type="checkbox"
                aria-label={`Skill ${skill.name} enabled`}
                checked={skill.enabled}
                disabled={!canWrite || change.busy}
                title={canWrite ? "" : "Needs the plugins:write permission"}
                onChange={(event) => void toggle(() => setSkillEnabled(pluginId, skill.name, event.target.checked))}
              />
            ),
          },
        ]}
      />

      <h2>Revisions</h2>
      <Loaded resource={revisions} loading="Loading revisions…">
        {(list) => (
          <Table
            caption={`Revisions of ${data.name}`}
            rows={list.versions}
            rowKey={(revision) => revision.revision}
            columns={[
              { header: "Revision", cell: (revision) => `r${revision.revision}` },
              { header: "Version", cell: (revision) => revision.package_version ?? "—" },
              { header: "Author", cell: (revision) => revision.author },
              { header: "Created", cell: (revision) => revision.created_at },
              { header: "Skills", cell: (revision) => revision.skills.join(", ") },
              { header: "Comment", cell: (revision) => revision.comment || emptyCell },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}
