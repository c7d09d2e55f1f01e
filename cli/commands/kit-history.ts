// The history commands of the resources the Worker's kit versions (toolsets, tools, skillsets, skills, roles): the
// server lists, shows and restores their versions, and each version records a definition that
// its kind's view shows. Spread into a resource's declaration (resource.ts).
import type { Version } from "../api";
import { type NamedResource, resourceName, versionFields, versionsTable } from "../views";

export function kitHistory<Definition>(noun: string, definitionFields: (definition: Definition) => string) {
  return {
    versions: { view: (json: { versions: Version<unknown>[] }) => versionsTable(json.versions) },
    version_get: { view: (json: Version<Definition>) => versionFields(json, definitionFields(json.definition)) },
    restore: {
      style: "server" as const,
      restored: (json: NamedResource & { version?: number }, version: number) =>
        `restored ${noun} ${resourceName(json)} from version ${version} as version ${json.version}`,
    },
  };
}
