// /plugins/:pluginId: a plugin's current revision, its skills (each switchable on and off by
// callers with plugins:write, with their allowed-tools) and its revisions, newest first, each
// downloadable as its zip. Writers publish a new revision by uploading a zip; deleting asks first.
import { useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { ConfirmRequestDialog } from "../components/Dialog";
import { Time } from "../components/JsonDiff";
import { PageHeader } from "../components/Page";
import { EnabledBadge, ErrorState, Loaded, Loading } from "../components/States";
import { emptyCell, Table } from "../components/Table";
import { deletePlugin, downloadRevision, PLUGINS, pluginPath, pluginSkillPath, setPluginEnabled, setSkillEnabled } from "../features/plugins";
import { AllowedTools } from "../features/plugins-allowed-tools";
import { PackageUploadDialog } from "../features/plugins-upload";
import { useAction, useResource } from "../hooks";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Plugin, PluginRevisionList } from "../types";
import "../features/plugins.css";

export const route: PageRoute = { path: "/plugins/:pluginId", component: PluginPage };

type Open = "publish" | "delete" | null;

function PluginPage() {
  const { pluginId } = useParams<{ pluginId: string }>();
  const [, navigate] = useLocation();
  const plugin = useResource<Plugin>(pluginPath(pluginId));
  const revisions = useResource<PluginRevisionList>(`${pluginPath(pluginId)}/versions`);
  const session = useSession();
  const change = useAction();
  const [open, setOpen] = useState<Open>(null);
  const canWrite = session.can("plugins:write");

  if (plugin.error) return <ErrorState error={plugin.error} onRetry={() => void plugin.reload()} />;
  if (!plugin.data) return <Loading label="Loading plugin…" />;
  const data = plugin.data;
  const toggle = (run: () => Promise<unknown>) =>
    change.run(async () => {
      await run();
      await plugin.reload();
    });
  const download = (revision: number) => change.run(() => downloadRevision(pluginId, revision));

  return (
    <>
      <PageHeader
        title={data.name}
        crumbs={[{ label: "Plugins", href: PLUGINS }]}
        actions={
          <div className="plugin-actions">
            <button type="button" className="button" disabled={change.busy} onClick={() => void download(data.revision)}>
              Download zip
            </button>
            {canWrite && (
              <>
                <button type="button" className="button" disabled={change.busy} onClick={() => void toggle(() => setPluginEnabled(pluginId, !data.enabled))}>
                  {data.enabled ? "Disable plugin" : "Enable plugin"}
                </button>
                <button type="button" className="button primary" onClick={() => setOpen("publish")}>
                  Publish revision
                </button>
              </>
            )}
            {session.can("plugins:delete") && (
              <button type="button" className="button danger" onClick={() => setOpen("delete")}>
                Delete
              </button>
            )}
          </div>
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
          <Time iso={data.updated_at} /> by {data.updated_by}
        </dd>
        <dt>Installed</dt>
        <dd>
          <Time iso={data.created_at} /> by {data.created_by}
        </dd>
      </dl>

      <h2 className="plugin-section">Skills</h2>
      <Table
        caption={`Skills of ${data.name}`}
        rows={data.skills}
        rowKey={(skill) => skill.name}
        columns={[
          {
            header: "Skill",
            cell: (skill) => (
              <>
                <Link href={pluginSkillPath(pluginId, skill.name)}>{skill.name}</Link>
                <div className="narrow-only muted small prompt-name">
                  <code>{skill.prompt_name}</code>
                </div>
              </>
            ),
          },
          { header: "Description", className: "wide-only", cell: (skill) => skill.description },
          { header: "Allowed tools", cell: (skill) => <AllowedTools tools={skill.allowed_tools} skill={skill.name} /> },
          { header: "MCP prompt", className: "wide-only", cell: (skill) => <code>{skill.prompt_name}</code> },
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

      <h2 className="plugin-section">Revisions</h2>
      <Loaded resource={revisions} loading="Loading revisions…">
        {(list) => (
          <Table
            caption={`Revisions of ${data.name}`}
            rows={list.versions}
            rowKey={(revision) => revision.revision}
            columns={[
              {
                header: "Revision",
                cell: (revision) => (
                  <>
                    r{revision.revision}
                    <div className="narrow-only muted small">
                      {revision.package_version ?? "—"} · {revision.author}
                    </div>
                  </>
                ),
              },
              { header: "Version", className: "wide-only", cell: (revision) => revision.package_version ?? "—" },
              { header: "Author", className: "wide-only", cell: (revision) => revision.author },
              { header: "Created", cell: (revision) => <Time iso={revision.created_at} /> },
              { header: "Skills", className: "wide-only", cell: (revision) => revision.skills.join(", ") || emptyCell },
              { header: "Comment", cell: (revision) => revision.comment || emptyCell },
              {
                header: "Package",
                cell: (revision) => (
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Download r${revision.revision}`}
                    disabled={change.busy}
                    onClick={() => void download(revision.revision)}
                  >
                    Download
                  </button>
                ),
              },
            ]}
          />
        )}
      </Loaded>

      {open === "publish" && (
        <PackageUploadDialog
          target={{ kind: "publish", plugin: data }}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            void plugin.reload();
            void revisions.reload();
          }}
        />
      )}
      {open === "delete" && (
        <ConfirmRequestDialog
          title={`Delete plugin ${data.name}?`}
          confirmLabel="Delete plugin"
          run={async () => {
            await deletePlugin(pluginId);
            navigate(PLUGINS);
          }}
          onClose={() => setOpen(null)}
        >
          <p>
            This removes <code>{data.id}</code> with all {data.revision} {data.revision === 1 ? "revision" : "revisions"}; its skills stop being MCP prompts (
            {data.skills.map((skill) => skill.prompt_name).join(", ") || "none"}). It cannot be undone.
          </p>
        </ConfirmRequestDialog>
      )}
    </>
  );
}
