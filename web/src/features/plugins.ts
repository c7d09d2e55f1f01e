// Where Agent Plugins live in the API and the app, and switching a plugin or one of its skills
// on and off (PATCH, no new revision).
import { api, apiPath } from "../api";
import type { Plugin, PluginSkillDetail } from "../types";

export const PLUGINS = "/plugins";
export const pluginPath = (pluginId: string) => `${PLUGINS}${apiPath(pluginId)}`;
export const pluginSkillPath = (pluginId: string, skillName: string) => `${pluginPath(pluginId)}/skills${apiPath(skillName)}`;

export const setPluginEnabled = (pluginId: string, enabled: boolean) => api<Plugin>("PATCH", pluginPath(pluginId), { enabled });
export const setSkillEnabled = (pluginId: string, skillName: string, enabled: boolean) =>
  api<PluginSkillDetail>("PATCH", pluginSkillPath(pluginId, skillName), { enabled });
