// `seizu roles ...`: built-in and user-defined roles over the REST API, and `seizu whoami`.
import { Option } from "commander";
import { requireChanges } from "../changes.mjs";
import { action } from "../context.mjs";
import { UsageError } from "../errors.mjs";
import { segment } from "../http.mjs";
import { addGlobalOptions } from "../options.mjs";
import { emit } from "../output.mjs";
import { collect } from "../parameters.mjs";
import { principalFields, roleFields, rolesTable } from "../views.mjs";
import { addHistoryCommands } from "./history.mjs";

const rolePath = (/** @type {string} */ id) => `/roles/${segment(id)}`;

const PERMISSION_HELP = "a permission the role grants, like tools:call; repeat for more (`seizu roles list` shows the catalogue)";
const PERMISSIONS_HELP = "the permissions as one comma-separated list, like toolsets:read,tools:read";

/**
 * --permission (repeatable) or --permissions a,b; the two conflict. Names are the server's to
 * check against its catalogue, so an unknown one is answered with the list of known ones.
 * @param {import("commander").Command} command
 * @param {string} suffix appended to both options' help
 */
function addPermissionOptions(command, suffix = "") {
  return command
    .addOption(new Option("--permission <permission>", `${PERMISSION_HELP}${suffix}`).argParser(collect).conflicts("permissions"))
    .addOption(new Option("--permissions <list>", `${PERMISSIONS_HELP}${suffix}`).conflicts("permission"));
}

/**
 * The permission list given on the command line, or undefined for neither option.
 * @param {{ permission?: string[], permissions?: string }} options
 * @returns {string[] | undefined}
 */
function permissionsOption({ permission, permissions }) {
  if (permissions !== undefined) {
    const list = permissions.split(",").map((name) => name.trim());
    if (list.some((name) => name === ""))
      throw new UsageError(`--permissions ${JSON.stringify(permissions)}: expected a comma-separated list of permissions, like toolsets:read,tools:read`);
    return list;
  }
  if (permission?.some((name) => name.trim() === "")) throw new UsageError("--permission must name a permission, like tools:call");
  return permission?.map((name) => name.trim());
}

/** @param {import("commander").Command} program */
export function registerRoles(program) {
  const roles = addGlobalOptions(program.command("roles")).description("manage roles: named sets of permissions");

  addGlobalOptions(roles.command("list"))
    .description("list the built-in and user-defined roles, and the permissions a role can grant")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.get("/roles"), (json) => rolesTable(json.roles, json.permissions));
      }),
    );

  addGlobalOptions(roles.command("get <role>"))
    .description("show a role and its permissions")
    .action(
      action(async (context, id) => {
        emit(context.format, await context.api.get(rolePath(id)), roleFields);
      }),
    );

  const create = addGlobalOptions(roles.command("create <role>")).description(
    "create a role (<role>: lowercase letters, digits, - and _; seizu-* is reserved for built-in roles)",
  );
  addPermissionOptions(create)
    .option("--description <text>", "what the role is for")
    .option("--comment <text>", "why, recorded in the version history")
    .action(
      action(async (context, id, options) => {
        const permissions = permissionsOption(options);
        if (permissions === undefined) throw new UsageError("a role needs its permissions: --permission P (repeatable) or --permissions a,b");
        const reply = await context.api.post("/roles", { id, description: options.description, permissions, comment: options.comment });
        emit(context.format, reply, (json) => `created role ${json.id} (version ${json.version})`);
      }),
    );

  const update = addGlobalOptions(roles.command("update <role>")).description(
    "change a user-defined role (based on its current version; a concurrent change makes it fail)",
  );
  addPermissionOptions(update, "; replaces all its permissions")
    .option("--description <text>", "new description")
    .option("--comment <text>", "why, recorded in the version history")
    .action(
      action(async (context, id, options) => {
        const changes = requireChanges({ description: options.description, permissions: permissionsOption(options) });
        // As for toolsets: the change is based on the version read here, so someone else's
        // change in between is refused (409). A built-in role has no version; the server
        // refuses to change it (409) whatever is sent.
        const current = await context.api.get(rolePath(id));
        const reply = await context.api.patch(rolePath(id), { ...changes, base_version: current.version, comment: options.comment });
        emit(context.format, reply, (json) => `updated role ${json.id} to version ${json.version}`);
      }),
    );

  addGlobalOptions(roles.command("delete <role>"))
    .description("delete a user-defined role with its history")
    .action(
      action(async (context, id) => {
        await context.api.delete(rolePath(id));
        // The API answers 204 without a body; scripts still get JSON to parse.
        emit(context.format, { deleted: true, role_id: id }, () => `deleted role ${id}`);
      }),
    );

  addHistoryCommands(roles, { kind: "role", ids: "<role>", path: rolePath });
}

/** @param {import("commander").Command} program */
export function registerWhoami(program) {
  addGlobalOptions(program.command("whoami"))
    .description("show who the server takes you for: subject, roles and the permissions they grant")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.get("/me"), principalFields);
      }),
    );
}
