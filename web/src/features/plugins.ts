// Where Agent Plugins live in the API and the app, and switching a plugin or one of its skills
// on and off (PATCH, no new revision).
import { apiPath, client } from "../api";

export const PLUGINS = "/plugins";
export const pluginPath = (pluginId: string) => `${PLUGINS}${apiPath(pluginId)}`;
export const pluginSkillPath = (pluginId: string, skillName: string) => `${pluginPath(pluginId)}/skills${apiPath(skillName)}`;

export const setPluginEnabled = (pluginId: string, enabled: boolean) => client.call("plugins_update", { params: { plugin_id: pluginId }, body: { enabled } });
export const setSkillEnabled = (pluginId: string, skillName: string, enabled: boolean) =>
  client.call("plugins_skill_update", { params: { plugin_id: pluginId, skill_name: skillName }, body: { enabled } });
