// The built-in tools: definitions/<group>.yaml checked against the REST operations they
// expose. A definition must name an existing operation of its group and carry exactly that
// operation's permission as its scopes, so a built-in tool can never grant more (or less)
// than its REST route. Parsed and checked once per isolate.
import auditDefinitions from "../../definitions/audit.yaml";
import confirmationsDefinitions from "../../definitions/confirmations.yaml";
import connectedAppsDefinitions from "../../definitions/connected_apps.yaml";
import graphDefinitions from "../../definitions/graph.yaml";
import pluginsDefinitions from "../../definitions/plugins.yaml";
import reportsDefinitions from "../../definitions/reports.yaml";
import scheduledQueriesDefinitions from "../../definitions/scheduled_queries.yaml";
import rolesDefinitions from "../../definitions/roles.yaml";
import skillsetsDefinitions from "../../definitions/skillsets.yaml";
import spacesDefinitions from "../../definitions/spaces.yaml";
import toolsetsDefinitions from "../../definitions/toolsets.yaml";
import workflowsDefinitions from "../../definitions/workflows.yaml";
import type { Operation } from "../operations/operation";
import { OPERATIONS } from "../operations";
import { type BuiltinTool, builtinToolName } from "./builtin-tool";
import { definitionFileProblems } from "./definition-checks";
import type { DefinitionFile, ToolDefinition } from "./definition-schema";
import { enabledGroups } from "./enabled-groups";
import { listFieldsOf } from "./list-field";
import { DefinitionError, parseDefinitionFile } from "./load-definitions";
import { namedInputs, type ToolInputCatalogue } from "./named-inputs";
import { fieldNames } from "./operation-fields";
import { TOOL_INPUTS } from "./tool-inputs";

export const DEFINITION_FILES: Record<string, string> = {
  audit: auditDefinitions,
  confirmations: confirmationsDefinitions,
  connected_apps: connectedAppsDefinitions,
  graph: graphDefinitions,
  plugins: pluginsDefinitions,
  reports: reportsDefinitions,
  roles: rolesDefinitions,
  scheduled_queries: scheduledQueriesDefinitions,
  skillsets: skillsetsDefinitions,
  spaces: spacesDefinitions,
  toolsets: toolsetsDefinitions,
  workflows: workflowsDefinitions,
};

/** Every way the definitions and the operations disagree; empty when they match. */
export function definitionDrift(operations: Operation[], files: Record<string, DefinitionFile>): string[] {
  const problems: string[] = [];
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const groups = new Set([...operations.map((operation) => operation.group), ...Object.keys(files)]);
  for (const group of groups) {
    const file = files[group];
    if (!file) {
      problems.push(`definitions/${group}.yaml is missing (operations of group ${group} have no definitions)`);
      continue;
    }
    if (file.feature !== group) problems.push(`definitions/${group}.yaml: feature is ${file.feature}, expected ${group}`);
    const defined = new Set<string>();
    for (const [key, tool] of Object.entries(file.tools)) {
      defined.add(tool.operation);
      const operation = byId.get(tool.operation);
      if (!operation || operation.group !== group) {
        problems.push(
          `definitions/${group}.yaml: ${key} names operation ${tool.operation}, which is not an operation of group ${group} (stale: run npm run definitions:sync)`,
        );
        continue;
      }
      problems.push(...definitionProblems(tool, operation).map((problem) => `definitions/${group}.yaml: ${key} ${problem}`));
      const expected = operation.permission ? [operation.permission] : [];
      if (tool.scopes && JSON.stringify(tool.scopes) !== JSON.stringify(expected)) {
        problems.push(
          `definitions/${group}.yaml: ${key} scopes ${JSON.stringify(tool.scopes)} differ from ${operation.operationId}'s permission ${JSON.stringify(expected)}`,
        );
      }
    }
    for (const operation of operations.filter((candidate) => candidate.group === group)) {
      if (!defined.has(operation.operationId))
        problems.push(`definitions/${group}.yaml has no entry for operation ${operation.operationId} (run npm run definitions:sync)`);
    }
  }
  return problems;
}

/** What a definition says about its operation's fields and result that does not hold. */
function definitionProblems(tool: ToolDefinition, operation: Operation): string[] {
  const problems: string[] = [];
  const fields = fieldNames(operation);
  const renames = tool.param_renames ?? {};
  for (const [field, argument] of Object.entries(renames)) {
    if (!fields.includes(field)) problems.push(`param_renames.${field}: is not a field of ${operation.operationId} (fields: ${fields.join(", ") || "none"})`);
    else if (fields.includes(argument) && renames[argument] === undefined)
      problems.push(`param_renames.${field}: ${argument} is already a field of ${operation.operationId}`);
  }
  for (const field of tool.require_params ?? []) {
    if (!fields.includes(field)) problems.push(`require_params: ${field} is not a field of ${operation.operationId} (fields: ${fields.join(", ") || "none"})`);
  }
  const argumentNames = Object.values(renames);
  const repeated = argumentNames.filter((name, i) => argumentNames.indexOf(name) !== i);
  if (repeated.length > 0) problems.push(`param_renames: ${repeated.join(", ")} is given to more than one field`);
  if (tool.list) {
    const list = listFieldsOf(tool, operation);
    if ("problem" in list) problems.push(list.problem);
  }
  return problems;
}

/** Each file parsed and checked against the operations; `catalogue` holds the input schemas definitions may name. */
export function parseDefinitionFiles(
  texts: Record<string, string>,
  operations: Operation[] = OPERATIONS,
  catalogue: ToolInputCatalogue = TOOL_INPUTS,
): Record<string, DefinitionFile> {
  return Object.fromEntries(
    Object.entries(texts).map(([group, text]) => [
      group,
      parseDefinitionFile(`definitions/${group}.yaml`, text, (file) => definitionFileProblems(group, file, operations, catalogue)),
    ]),
  );
}

/** The enabled tools of checked definition files, with the input schemas and pages they name. */
export function toolsOf(
  files: Record<string, DefinitionFile>,
  operations: Operation[] = OPERATIONS,
  catalogue: ToolInputCatalogue = TOOL_INPUTS,
): BuiltinTool[] {
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  return Object.entries(files).flatMap(([group, file]) =>
    Object.entries(file.tools)
      .filter(([, definition]) => definition.enabled)
      .map(([key, definition]) => ({
        name: builtinToolName(group, key),
        group,
        definition,
        operation: byId.get(definition.operation)!,
        inputs: namedInputs(definition, catalogue),
        ...(definition.enrich_url ? { page: `${file.url_prefix}/${definition.enrich_url}` } : {}),
      })),
  );
}

let cache: BuiltinTool[] | undefined;

/** Every enabled built-in tool, across all groups. */
export function builtinTools(): BuiltinTool[] {
  if (cache) return cache;
  const files = parseDefinitionFiles(DEFINITION_FILES);
  const drift = definitionDrift(OPERATIONS, files);
  if (drift.length > 0) throw new DefinitionError(`Built-in tool definitions do not match the API:\n${drift.join("\n")}`);
  cache = toolsOf(files);
  return cache;
}

/** The built-in tools of the groups MCP_ENABLED_BUILTINS enables. */
export function enabledBuiltinTools(setting: string): BuiltinTool[] {
  const groups = enabledGroups(setting, Object.keys(DEFINITION_FILES));
  return builtinTools().filter((tool) => groups.has(tool.group));
}
