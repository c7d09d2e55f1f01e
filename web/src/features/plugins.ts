// Where Agent Plugins live in the API and the app, and what the pages do to them: switch a
// plugin or one of its skills on and off (PATCH, no new revision), check, install and publish a
// zip package as it is (no base64: the raw upload routes take up to 10 MiB, worker/http/plugin-upload.ts),
// delete a plugin, and save a revision's zip.
import { api, apiPath, client } from "../api";
import type { Plugin, ReplyOf } from "../types";

export const PLUGINS = "/plugins";
export const pluginPath = (pluginId: string) => `${PLUGINS}${apiPath(pluginId)}`;
export const pluginSkillPath = (pluginId: string, skillName: string) => `${pluginPath(pluginId)}/skills${apiPath(skillName)}`;

export type PluginValidation = ReplyOf<"plugins_validate">;

export const setPluginEnabled = (pluginId: string, enabled: boolean) => client.call("plugins_update", { params: { plugin_id: pluginId }, body: { enabled } });
export const setSkillEnabled = (pluginId: string, skillName: string, enabled: boolean) =>
  client.call("plugins_skill_update", { params: { plugin_id: pluginId, skill_name: skillName }, body: { enabled } });
export const deletePlugin = (pluginId: string) => client.call("plugins_delete", { params: { plugin_id: pluginId } });

/** The zip as the upload routes take it, whatever type the browser gave the file ("", application/x-zip-compressed...). */
const zipBody = (file: Blob) => new Blob([file], { type: "application/zip" });

/** What installing the zip would do; nothing is written. Sent as upstream's form upload, the raw form /plugins/validate takes. */
export function validatePackage(file: Blob): Promise<PluginValidation> {
  const form = new FormData();
  form.append("package", zipBody(file), "package.zip");
  return api("POST", `${PLUGINS}/validate`, form);
}

const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== "") params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** Installs the zip: a new plugin at revision 1, or the next revision of the installed plugin of its id. */
export const installPackage = (file: Blob, comment: string) => api<Plugin>("POST", `${PLUGINS}/install${query({ comment })}`, zipBody(file));

/** Publishes the zip as the plugin's next revision, replacing `baseRevision` (409 when someone published meanwhile). */
export const publishPackage = (pluginId: string, file: Blob, baseRevision: number, comment: string) =>
  api<Plugin>("POST", `${pluginPath(pluginId)}/publish${query({ base_revision: baseRevision, comment })}`, zipBody(file));

/** Saves a revision's zip as <id>-<revision>.zip, the name the server's own download gives it. */
export async function downloadRevision(pluginId: string, revision: number): Promise<void> {
  const { package_base64 } = await client.call("plugins_download", { params: { plugin_id: pluginId, revision } });
  const bytes = Uint8Array.from(atob(package_base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${pluginId}-${revision}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; later is only to be safe in slower browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
