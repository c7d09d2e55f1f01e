// Plugins and their skills as the kit's generated operations call them (kit/resource-service.ts).
// A plugin's history is its revisions, not the kit's versions: each is an immutable package
// published (or restored) whole, so versionedOperations makes what reads and switches (list, get,
// enable (PATCH), delete and the revision list of a plugin; list, get and enable of its skills,
// which live in the current revision) and revisionOperations the rest: install, publish, restore,
// and the files and package of one revision.
import { NotFoundError } from "../errors/domain";
import type { z } from "zod";
import type { installInput, publishInput, restoreInput } from "./schemas";
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
    describeNew: async ({ package_base64 }: z.output<typeof installInput>) => {
      const pkg = await service.validate(package_base64);
      return `plugin ${quoted(pkg.name)} (${pkg.plugin_id})`;
    },
    checkPackage: (id: string, body: z.output<typeof publishInput>) => service.validateFor(id, body),
    install: ({ package_base64, comment }: z.output<typeof installInput>, author: string) => service.install(package_base64, comment, author),
    publish: (id: string, { base_revision, comment, ...source }: z.output<typeof publishInput>, author: string) =>
      service.publish(id, source, base_revision, comment, author),
    restore: (id: string, { revision, base_revision, comment }: z.output<typeof restoreInput>, author: string) =>
      service.restore(id, revision, base_revision, comment, author),
    files: (id: string, revision: number) => service.files(id, revision),
    download: (id: string, revision: number) => service.download(id, revision),
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
