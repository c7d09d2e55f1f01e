// `seizu roles ...`: built-in and user-defined roles over the REST API, and `seizu whoami`.
import { type Command, Option } from "commander";
import { requireChanges } from "../changes";
import { action } from "../context";
import { UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { collect } from "../parameters";
import { principalFields, roleDefinitionFields, roleFields, rolesTable } from "../views";
import { addHistoryCommands } from "./history";

const PERMISSION_HELP = "a permission the role grants, like tools:call; repeat for more (`seizu roles list` shows the catalogue)";
const PERMISSIONS_HELP = "the permissions as one comma-separated list, like toolsets:read,tools:read";

interface PermissionOptions {
  permission?: string[];
  permissions?: string;
}

/**
 * --permission (repeatable) or --permissions a,b; the two conflict. Names are the server's to
 * check against its catalogue, so an unknown one is answered with the list of known ones.
 * @param suffix appended to both options' help
 */
function addPermissionOptions(command: Command, suffix = "") {
  return command
    .addOption(new Option("--permission <permission>", `${PERMISSION_HELP}${suffix}`).argParser(collect).conflicts("permissions"))
    .addOption(new Option("--permissions <list>", `${PERMISSIONS_HELP}${suffix}`).conflicts("permission"));
}

/** The permission list given on the command line, or undefined for neither option. */
function permissionsOption({ permission, permissions }: PermissionOptions): string[] | undefined {
  if (permissions !== undefined) {
    const list = permissions.split(",").map((name) => name.trim());
    if (list.some((name) => name === ""))
      throw new UsageError(`--permissions ${JSON.stringify(permissions)}: expected a comma-separated list of permissions, like toolsets:read,tools:read`);
    return list;
  }
  if (permission?.some((name) => name.trim() === "")) throw new UsageError("--permission must name a permission, like tools:call");
  return permission?.map((name) => name.trim());
}

export function registerRoles(program: Command) {
  const roles = addGlobalOptions(program.command("roles")).description("manage roles: named sets of permissions");

  addGlobalOptions(roles.command("list"))
    .description("list the built-in and user-defined roles, and the permissions a role can grant")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.roles.list(), (json) => rolesTable(json.roles, json.permissions));
      }),
    );

  addGlobalOptions(roles.command("get <role>"))
    .description("show a role and its permissions")
    .action(
      action(async (context, id: string) => {
        emit(context.format, await context.api.roles.get(id), roleFields);
      }),
    );

  const create = addGlobalOptions(roles.command("create <role>")).description(
    "create a role (<role>: lowercase letters, digits, - and _; seizu-* is reserved for built-in roles)",
  );
  addPermissionOptions(create)
    .option("--description <text>", "what the role is for")
    .option("--comment <text>", "why, recorded in the version history")
    .action(
      action(async (context, id: string, options: PermissionOptions & { description?: string; comment?: string }) => {
        const permissions = permissionsOption(options);
        if (permissions === undefined) throw new UsageError("a role needs its permissions: --permission P (repeatable) or --permissions a,b");
        const reply = await context.api.roles.create({ id, description: options.description, permissions, comment: options.comment });
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
      action(async (context, id: string, options: PermissionOptions & { description?: string; comment?: string }) => {
        const changes = requireChanges({ description: options.description, permissions: permissionsOption(options) });
        const reply = await context.api.roles.update(id, changes, options.comment);
        emit(context.format, reply, (json) => `updated role ${json.id} to version ${json.version}`);
      }),
    );

  addGlobalOptions(roles.command("delete <role>"))
    .description("delete a user-defined role with its history")
    .action(
      action(async (context, id: string) => {
        await context.api.roles.delete(id);
        // The API answers 204 without a body; scripts still get JSON to parse.
        emit(context.format, { deleted: true, role_id: id }, () => `deleted role ${id}`);
      }),
    );

  addHistoryCommands(roles, { kind: "role", ids: "<role>", history: (api) => api.roles, definition: roleDefinitionFields });
}

export function registerWhoami(program: Command) {
  addGlobalOptions(program.command("whoami"))
    .description("show who the server takes you for: subject, roles and the permissions they grant")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.me(), principalFields);
      }),
    );
}
