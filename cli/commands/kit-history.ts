// The history commands of the resources the Worker's kit versions (toolsets, tools, roles): the
// server lists, shows and restores their versions, and each version records a definition that
// its kind's view shows. Spread into a resource's declaration (resource.ts).
import type { Role, Tool, Toolset, Version } from "../api";
import { resourceName, versionFields, versionsTable } from "../views";

export function kitHistory<Definition>(noun: string, definitionFields: (definition: Definition) => string) {
  return {
    versions: { view: (json: { versions: Version<unknown>[] }) => versionsTable(json.versions) },
    version_get: { view: (json: Version<Definition>) => versionFields(json, definitionFields(json.definition)) },
    restore: {
      style: "server" as const,
      restored: (json: Toolset | Tool | Role, version: number) => `restored ${noun} ${resourceName(json)} from version ${version} as version ${json.version}`,
    },
  };
}
