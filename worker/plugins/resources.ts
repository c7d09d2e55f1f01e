// Plugins and their skills as the kit's generated operations call them (kit/resource-service.ts).
// A plugin's history is its revisions, not the kit's versions: each is an immutable package
// published (or restored) through operations of its own, so the generators make only what reads
// and switches: list, get, enable (PATCH), delete and the revision list of a plugin; list, get and
// enable of its skills, which live in the current revision.
import { NotFoundError } from "../errors/domain";
import type { PluginService } from "./service";

/** A skill of a plugin, named by the plugin's id and the skill's directory. */
export interface PluginSkillKey {
  pluginId: string;
  name: string;
}

interface Enabled {
  enabled: boolean;
}

const quoted = (name: string) => JSON.stringify(name);

export function pluginResource(service: PluginService) {
  return {
    list: () => service.list(),
    get: (id: string) => service.get(id),
    describe: async (id: string) => `plugin ${quoted((await service.get(id)).name)} (${id})`,
    update: (id: string, { enabled }: Enabled, author: string) => service.setEnabled(id, enabled, author),
    delete: (id: string) => service.delete(id),
    versions: (id: string) => service.revisions(id),
  };
}

export function pluginSkillResource(service: PluginService) {
  return {
    list: (pluginId: string) => service.skills(pluginId),
    get: ({ pluginId, name }: PluginSkillKey) => service.skill(pluginId, name),
    describe: async ({ pluginId, name }: PluginSkillKey) => {
      const plugin = await service.get(pluginId);
      if (!plugin.skills.some((candidate) => candidate.name === name))
        throw new NotFoundError(`plugin ${pluginId} has no skill ${name} in its current revision`);
      return `skill ${name} of plugin ${quoted(plugin.name)} (${pluginId})`;
    },
    update: ({ pluginId, name }: PluginSkillKey, { enabled }: Enabled) => service.setSkillEnabled(pluginId, name, enabled),
  };
}
