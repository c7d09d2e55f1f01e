// /plugins: the installed Agent Plugins with their revision, skills and last change. Writers
// install one by uploading its zip (drop it or pick it); each row's menu opens the plugin,
// downloads its current zip, or deletes it after asking.
import { useState } from "react";
import { useLocation } from "wouter";
import { ConfirmRequestDialog } from "../components/Dialog";
import { Time } from "../components/JsonDiff";
import { Menu } from "../components/Menu";
import { PageHeader } from "../components/Page";
import { EnabledBadge } from "../components/States";
import { emptyCell } from "../components/Table";
import { deletePlugin, downloadRevision, PLUGINS, pluginPath } from "../features/plugins";
import { PackageUploadDialog } from "../features/plugins-upload";
import { useAction, useResource } from "../hooks";
import { type Column, descriptionColumn, nameColumn } from "../kit/ResourceTable";
import { NoItems, ResourceList } from "../kit/ResourceList";
import type { PageRoute } from "../routes";
import { useSession } from "../session";
import type { Plugin, PluginList } from "../types";

export const route: PageRoute = { path: PLUGINS, component: PluginsPage, nav: { label: "Plugins", href: PLUGINS, match: PLUGINS, order: 15 } };

const revisionText = (plugin: Plugin) => `r${plugin.revision}${plugin.package_version ? ` (${plugin.package_version})` : ""}`;

/** On a phone: the name with its id and revision under it, the skills, the last change. */
const COLUMNS: Column<Plugin>[] = [
  nameColumn({
    href: (plugin) => pluginPath(plugin.id),
    name: (plugin) => plugin.name,
    badges: (plugin) => <EnabledBadge enabled={plugin.enabled} />,
    narrow: (plugin) => (
      <>
        <code>{plugin.id}</code> {revisionText(plugin)}
      </>
    ),
  }),
  { header: "ID", className: "wide-only", cell: (plugin) => <code>{plugin.id}</code> },
  descriptionColumn(),
  { header: "Revision", className: "wide-only", cell: revisionText },
  { header: "Skills", cell: (plugin) => plugin.skills.map((skill) => skill.name).join(", ") || emptyCell },
  { header: "Updated", cell: (plugin) => <Time iso={plugin.updated_at} /> },
];

type Open = { kind: "install" } | { kind: "delete"; plugin: Plugin } | null;

function PluginsPage() {
  const plugins = useResource<PluginList>(PLUGINS);
  const session = useSession();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<Open>(null);
  const download = useAction();
  const canWrite = session.can("plugins:write");
  const mayDelete = session.can("plugins:delete");
  const installButton = canWrite && (
    <button type="button" className="button primary" onClick={() => setOpen({ kind: "install" })}>
      Install plugin
    </button>
  );

  return (
    <>
      <PageHeader title="Plugins" actions={installButton}>
        <p className="lede">
          Agent Plugins are packages of skills: each enabled skill of an enabled plugin is the MCP prompt <code>{"{plugin_id}__{skill}"}</code>. Install one by
          uploading its zip here, or with <code>seizu plugins install DIR|ZIP</code>.
        </p>
      </PageHeader>
      {download.error && (
        <p className="state error" role="alert">
          {download.error}
        </p>
      )}
      <ResourceList
        list={plugins}
        items={(data) => data.plugins}
        loading="Loading plugins…"
        caption="Plugins"
        columns={COLUMNS}
        menu={(plugin) => (
          <Menu
            label={`Actions for plugin ${plugin.name}`}
            items={[
              { label: "Open", onSelect: () => navigate(pluginPath(plugin.id)) },
              { label: "Download zip", onSelect: () => void download.run(() => downloadRevision(plugin.id, plugin.revision)) },
              {
                label: "Delete",
                danger: true,
                disabled: !mayDelete,
                disabledReason: "Needs the plugins:delete permission",
                onSelect: () => setOpen({ kind: "delete", plugin }),
              },
            ]}
          />
        )}
        empty={
          <NoItems title="No plugins are installed." text="An Agent Plugin is a zip of skills that MCP clients get as prompts." newButton={installButton} />
        }
      />
      {open?.kind === "install" && <PackageUploadDialog target={open} onClose={() => setOpen(null)} onDone={(plugin) => navigate(pluginPath(plugin.id))} />}
      {open?.kind === "delete" && (
        <ConfirmRequestDialog
          title={`Delete plugin ${open.plugin.name}?`}
          confirmLabel="Delete plugin"
          run={async () => {
            await deletePlugin(open.plugin.id);
            setOpen(null);
            await plugins.reload();
          }}
          onClose={() => setOpen(null)}
        >
          <p>
            This removes <code>{open.plugin.id}</code> with every revision; its skills stop being MCP prompts. It cannot be undone.
          </p>
        </ConfirmRequestDialog>
      )}
    </>
  );
}
