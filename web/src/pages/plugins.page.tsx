// /plugins: the installed Agent Plugins with their revision and skills. Installing happens with
// `seizu plugins install` or the API; the pages browse, switch plugins and skills on and off.
import { Link } from "wouter";
import { PageHeader } from "../components/Page";
import { EnabledBadge } from "../components/States";
import { PLUGINS, pluginPath } from "../features/plugins";
import { useResource } from "../hooks";
import { type Column, descriptionColumn } from "../kit/ResourceTable";
import { ResourceList } from "../kit/ResourceList";
import type { PageRoute } from "../routes";
import type { Plugin, PluginList } from "../types";

export const route: PageRoute = { path: PLUGINS, component: PluginsPage, nav: { label: "Plugins", href: PLUGINS, match: PLUGINS, order: 15 } };

const COLUMNS: Column<Plugin>[] = [
  {
    header: "Plugin",
    cell: (plugin) => (
      <>
        <Link href={pluginPath(plugin.id)}>
          <strong>{plugin.name}</strong>
        </Link>{" "}
        <code>{plugin.id}</code> <EnabledBadge enabled={plugin.enabled} />
      </>
    ),
  },
  descriptionColumn(),
  { header: "Revision", cell: (plugin) => `r${plugin.revision}${plugin.package_version ? ` (${plugin.package_version})` : ""}` },
  { header: "Skills", cell: (plugin) => plugin.skills.map((skill) => skill.name).join(", ") || <span className="muted">—</span> },
];

function PluginsPage() {
  const plugins = useResource<PluginList>(PLUGINS);
  return (
    <>
      <PageHeader title="Plugins">
        <p className="lede">
          Agent Plugins are packages of skills: each enabled skill of an enabled plugin is the MCP prompt <code>{"{plugin_id}__{skill}"}</code>. Install and
          publish them with <code>seizu plugins install DIR|ZIP</code>.
        </p>
      </PageHeader>
      <ResourceList
        list={plugins}
        items={(data) => data.plugins}
        loading="Loading plugins…"
        caption="Plugins"
        columns={COLUMNS}
        menu={() => null}
        empty={<p className="muted">No plugins are installed.</p>}
      />
    </>
  );
}
