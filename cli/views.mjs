// Table output of toolsets, tools, roles and versions: which fields people see, in what order.
// (--output json prints the server's objects instead, with every field.)
import { fields, table } from "./output.mjs";

const DESCRIPTION_WIDTH = 60;

const yesNo = (/** @type {unknown} */ value) => (value === undefined ? "" : value ? "yes" : "no");

/** @param {any[]} toolsets */
export function toolsetsTable(toolsets) {
  if (toolsets.length === 0) return "(no toolsets)";
  return table(toolsets, [
    { header: "ID", value: (t) => t.id },
    { header: "NAME", value: (t) => t.name },
    { header: "ENABLED", value: (t) => yesNo(t.enabled) },
    { header: "BUILT-IN", value: (t) => yesNo(t.built_in) },
    { header: "VERSION", value: (t) => t.version },
    { header: "DESCRIPTION", value: (t) => t.description, max: DESCRIPTION_WIDTH },
  ]);
}

/** @param {any} toolset */
export function toolsetFields(toolset) {
  return fields([
    ["id", toolset.id],
    ["name", toolset.name],
    ["description", toolset.description],
    ["enabled", yesNo(toolset.enabled)],
    ["built-in", yesNo(toolset.built_in)],
    ...changeFields(toolset),
  ]);
}

/** @param {any[]} tools */
export function toolsTable(tools) {
  if (tools.length === 0) return "(no tools)";
  return table(tools, [
    { header: "ID", value: (t) => t.id },
    { header: "NAME", value: (t) => t.name },
    { header: "ENABLED", value: (t) => yesNo(t.enabled) },
    { header: "VERSION", value: (t) => t.version },
    { header: "PARAMETERS", value: (t) => (t.parameters ?? []).map((/** @type {any} */ p) => p.name).join(", ") },
    { header: "DESCRIPTION", value: (t) => t.description, max: DESCRIPTION_WIDTH },
  ]);
}

/** @param {any} tool */
export function toolFields(tool) {
  return `${fields([
    ["id", tool.id],
    ["toolset", tool.toolset_id],
    ["mcp name", tool.mcp_name],
    ["name", tool.name],
    ["description", tool.description],
    ["enabled", yesNo(tool.enabled)],
    ...changeFields(tool),
    ["cypher", tool.cypher],
  ])}\n\n${parametersTable(tool.parameters ?? [])}`;
}

/** @param {any[]} parameters */
function parametersTable(parameters) {
  if (parameters.length === 0) return "(no parameters)";
  return table(parameters, [
    { header: "PARAMETER", value: (p) => p.name },
    { header: "TYPE", value: (p) => p.type },
    { header: "REQUIRED", value: (p) => yesNo(p.required) },
    // JSON, so a string default "25" and an integer 25 look different.
    { header: "DEFAULT", value: (p) => (p.default === undefined ? "" : JSON.stringify(p.default)) },
    { header: "DESCRIPTION", value: (p) => p.description, max: DESCRIPTION_WIDTH },
  ]);
}

/** @param {any} resource */
function changeFields(resource) {
  /** @type {[string, unknown][]} */
  const entries = [["version", resource.version]];
  if (resource.updated_at) entries.push(["updated", `${resource.updated_at} by ${resource.updated_by}`]);
  if (resource.created_at) entries.push(["created", `${resource.created_at} by ${resource.created_by}`]);
  return entries;
}

/** @param {any[]} versions */
export function versionsTable(versions) {
  return table(versions, [
    { header: "VERSION", value: (v) => v.version },
    { header: "AUTHOR", value: (v) => v.author },
    { header: "CREATED", value: (v) => v.created_at },
    { header: "COMMENT", value: (v) => v.comment },
  ]);
}

/**
 * One version: who and when, then the definition it recorded.
 * @param {any} version
 * @param {"toolset" | "tool" | "role"} kind
 */
export function versionFields(version, kind) {
  const definition = version.definition ?? {};
  const header = fields([
    ["version", version.version],
    ["author", version.author],
    ["created", version.created_at],
    ["comment", version.comment ?? ""],
  ]);
  if (kind === "role") {
    const body = fields([
      ["description", definition.description],
      ["permissions", lines(definition.permissions)],
    ]);
    return `${header}\n\n${body}`;
  }
  const body =
    kind === "tool"
      ? `${fields([
          ["name", definition.name],
          ["description", definition.description],
          ["enabled", yesNo(definition.enabled)],
          ["cypher", definition.cypher],
        ])}\n\n${parametersTable(definition.parameters ?? [])}`
      : fields([
          ["name", definition.name],
          ["description", definition.description],
          ["enabled", yesNo(definition.enabled)],
        ]);
  return `${header}\n\n${body}`;
}

/** A list as one value per line under its label (permissions, roles). */
const lines = (/** @type {unknown} */ list) => (Array.isArray(list) && list.length > 0 ? list.join("\n") : "(none)");

/**
 * Roles, built-in first (as the server lists them), then the catalogue of permissions a role
 * can grant. The permissions are the last column, never cut: they are what a role is.
 * @param {any[]} roles
 * @param {string[] | undefined} catalogue
 */
export function rolesTable(roles, catalogue) {
  const rows =
    roles.length === 0
      ? "(no roles)"
      : table(roles, [
          { header: "ID", value: (r) => r.id },
          { header: "BUILT-IN", value: (r) => yesNo(r.built_in) },
          { header: "VERSION", value: (r) => r.version },
          { header: "DESCRIPTION", value: (r) => r.description, max: DESCRIPTION_WIDTH },
          { header: "PERMISSIONS", value: (r) => (r.permissions ?? []).join(", ") },
        ]);
  return catalogue ? `${rows}\n\npermissions a role can grant: ${catalogue.join(", ")}` : rows;
}

/** @param {any} role */
export function roleFields(role) {
  return fields([
    ["id", role.id],
    ["description", role.description],
    ["built-in", yesNo(role.built_in)],
    // Built-in roles are fixed: no version, no history.
    ...(role.built_in ? [] : changeFields(role)),
    ["permissions", lines(role.permissions)],
  ]);
}

/** The caller as the server sees them (GET /me). @param {any} me */
export function principalFields(me) {
  return fields([
    ["subject", me.subject],
    ["roles", lines(me.roles)],
    ["permissions", lines(me.permissions)],
  ]);
}
