// Table output of toolsets, tools, roles and versions: which fields people see, in what order.
// (--output json prints the server's objects instead, with every field.)
import type { z } from "zod";
import type { Permission, RoleBody, ToolBody, ToolsetBody, versionMeta } from "../worker/api";
import type { BuiltinTool, Me, Plugin, PluginRevision, Role, Tool, Toolset, Version } from "./api";
import { type Column, fields, listTable, table, yesNo } from "./output";

const DESCRIPTION_WIDTH = 60;

/**
 * Either of two shapes, each readable by the other's fields too, which it lacks: a built-in
 * tool has no Cypher and no versions, so those show as empty.
 */
type EitherOf<A, B> = (A & { [K in Exclude<keyof B, keyof A>]?: undefined }) | (B & { [K in Exclude<keyof A, keyof B>]?: undefined });
type AnyTool = EitherOf<Tool, BuiltinTool>;
type AnyParameter = EitherOf<Tool["parameters"][number], BuiltinTool["parameters"][number]>;

/** The columns a definition's list starts with (toolsets, tools, skillsets, skills, plugins): which one, and whether it is served. */
export const DEFINITION_COLUMNS: Column<{ id: string; name: string; enabled?: boolean }>[] = [
  { header: "ID", value: (d) => d.id },
  { header: "NAME", value: (d) => d.name },
  { header: "ENABLED", value: (d) => yesNo(d.enabled) },
];

export function toolsetsTable(toolsets: Toolset[]) {
  return listTable(toolsets, "(no toolsets)", [
    ...DEFINITION_COLUMNS,
    { header: "BUILT-IN", value: (t) => yesNo(t.built_in) },
    { header: "VERSION", value: (t) => t.version },
    { header: "DESCRIPTION", value: (t) => t.description, max: DESCRIPTION_WIDTH },
  ]);
}

export function toolsetFields(toolset: Toolset) {
  return fields([
    ["id", toolset.id],
    ["name", toolset.name],
    ["description", toolset.description],
    ["enabled", yesNo(toolset.enabled)],
    ["built-in", yesNo(toolset.built_in)],
    ...changeFields(toolset),
  ]);
}

export function toolsTable(tools: AnyTool[]) {
  return listTable(tools, "(no tools)", [
    ...DEFINITION_COLUMNS,
    { header: "VERSION", value: (t) => t.version },
    { header: "PARAMETERS", value: (t) => t.parameters.map((p) => p.name).join(", ") },
    { header: "DESCRIPTION", value: (t) => t.description, max: DESCRIPTION_WIDTH },
  ]);
}

export function toolFields(tool: AnyTool) {
  return `${fields([
    ["id", tool.id],
    ["toolset", tool.toolset_id],
    ["mcp name", tool.mcp_name],
    ["name", tool.name],
    ["description", tool.description],
    ["enabled", yesNo(tool.enabled)],
    ...changeFields(tool),
    ["cypher", tool.cypher],
  ])}\n\n${parametersTable(tool.parameters)}`;
}

function parametersTable(parameters: AnyParameter[]) {
  return listTable(parameters, "(no parameters)", [
    { header: "PARAMETER", value: (p) => p.name },
    { header: "TYPE", value: (p) => p.type },
    { header: "REQUIRED", value: (p) => yesNo(p.required) },
    // JSON, so a string default "25" and an integer 25 look different.
    { header: "DEFAULT", value: (p) => (p.default === undefined ? "" : JSON.stringify(p.default)) },
    { header: "DESCRIPTION", value: (p) => p.description, max: DESCRIPTION_WIDTH },
  ]);
}

function changeFields(resource: Partial<z.output<typeof versionMeta>>): [string, unknown][] {
  const entries: [string, unknown][] = [["version", resource.version]];
  if (resource.updated_at) entries.push(["updated", `${resource.updated_at} by ${resource.updated_by}`]);
  if (resource.created_at) entries.push(["created", `${resource.created_at} by ${resource.created_by}`]);
  return entries;
}

export function versionsTable(versions: Version<unknown>[]) {
  return table(versions, [
    { header: "VERSION", value: (v) => v.version },
    { header: "AUTHOR", value: (v) => v.author },
    { header: "CREATED", value: (v) => v.created_at },
    { header: "COMMENT", value: (v) => v.comment },
  ]);
}

/** A named resource's saved versions (reports, workflows, scheduled queries); `commentWidth` cuts long comments. */
export function namedVersionsTable(
  versions: { version: number; name: string; created_by: string; created_at: string; comment: string | null }[],
  commentWidth?: number,
) {
  return table(versions, [
    { header: "VERSION", value: (v) => v.version },
    { header: "NAME", value: (v) => v.name },
    { header: "AUTHOR", value: (v) => v.created_by },
    { header: "CREATED", value: (v) => v.created_at },
    { header: "COMMENT", value: (v) => v.comment, max: commentWidth },
  ]);
}

/** One version: who and when, then the definition it recorded (`definition`, shown by its kind's view). */
export function versionFields(version: Version<unknown>, definition: string) {
  const header = fields([
    ["version", version.version],
    ["author", version.author],
    ["created", version.created_at],
    ["comment", version.comment],
  ]);
  return `${header}\n\n${definition}`;
}

/** A toolset's or skillset's definition: the same three fields. */
export const namedDefinitionFields = (definition: ToolsetBody) =>
  fields([
    ["name", definition.name],
    ["description", definition.description],
    ["enabled", yesNo(definition.enabled)],
  ]);

export const toolDefinitionFields = (definition: ToolBody) =>
  `${fields([
    ["name", definition.name],
    ["description", definition.description],
    ["enabled", yesNo(definition.enabled)],
    ["cypher", definition.cypher],
  ])}\n\n${parametersTable(definition.parameters)}`;

export const roleDefinitionFields = (definition: RoleBody) =>
  fields([
    ["description", definition.description],
    ["permissions", lines(definition.permissions)],
  ]);

/** A list as one value per line under its label (permissions, roles). */
const lines = (list: readonly string[]) => (list.length > 0 ? list.join("\n") : "(none)");

/**
 * Roles, built-in first (as the server lists them), then the catalogue of permissions a role
 * can grant. The permissions are the last column, never cut: they are what a role is.
 */
export function rolesTable(roles: Role[], catalogue: Permission[]) {
  const rows = listTable(roles, "(no roles)", [
    { header: "ID", value: (r) => r.id },
    { header: "BUILT-IN", value: (r) => yesNo(r.built_in) },
    { header: "VERSION", value: (r) => r.version },
    { header: "DESCRIPTION", value: (r) => r.description, max: DESCRIPTION_WIDTH },
    { header: "PERMISSIONS", value: (r) => r.permissions.join(", ") },
  ]);
  return `${rows}\n\npermissions a role can grant: ${catalogue.join(", ")}`;
}

export function roleFields(role: Role) {
  return fields([
    ["id", role.id],
    ["description", role.description],
    ["built-in", yesNo(role.built_in)],
    // Built-in roles are fixed: no version, no history.
    ...(role.built_in ? [] : changeFields(role)),
    ["permissions", lines(role.permissions)],
  ]);
}

/** The caller as the server sees them (GET /me). */
export function principalFields(me: Me) {
  return fields([
    ["subject", me.subject],
    ["roles", lines(me.roles)],
    ["permissions", lines(me.permissions)],
  ]);
}

/** A versioned resource of the kit: a toolset, tool, skillset, skill or role. */
export type NamedResource = { id: string; toolset_id?: string; tool_id?: string; skillset_id?: string; skill_id?: string };
/**
 * How the commands name a resource: its id, after its parent's for a tool or skill
 * ("toolset/tool"). A toolset carries its own id as toolset_id too (upstream's name for it).
 */
export const resourceName = (resource: NamedResource) =>
  resource.tool_id !== undefined || resource.skill_id !== undefined ? `${resource.toolset_id ?? resource.skillset_id}/${resource.id}` : resource.id;

export function pluginsTable(plugins: Plugin[]) {
  return listTable(plugins, "(no plugins)", [
    ...DEFINITION_COLUMNS,
    { header: "REVISION", value: (p) => p.revision },
    { header: "SKILLS", value: (p) => p.skills.map((skill) => skill.name).join(", ") },
  ]);
}

export function pluginFields(plugin: Plugin) {
  return fields([
    ["id", plugin.id],
    ["name", plugin.name],
    ["package version", plugin.package_version ?? ""],
    ["description", plugin.description],
    ["enabled", yesNo(plugin.enabled)],
    ["revision", plugin.revision],
    ["skills", plugin.skills.map((skill) => `${skill.name}${skill.enabled ? "" : " (disabled)"}: ${skill.description}`).join("\n")],
    ["updated", `${plugin.updated_at} by ${plugin.updated_by}`],
  ]);
}

export function pluginRevisionsTable(revisions: PluginRevision[]) {
  return table(revisions, [
    { header: "REVISION", value: (r) => r.revision },
    { header: "VERSION", value: (r) => r.package_version },
    { header: "AUTHOR", value: (r) => r.author },
    { header: "CREATED", value: (r) => r.created_at },
    { header: "SKILLS", value: (r) => r.skills.join(", ") },
    { header: "COMMENT", value: (r) => r.comment },
  ]);
}
