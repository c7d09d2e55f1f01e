// `seizu roles ...`: built-in and user-defined roles over the REST API, and `seizu whoami`.
import { type Command, Option } from "commander";
import type { Permission } from "../../worker/api";
import { asGiven } from "../api";
import { requireChanges } from "../changes";
import { action } from "../context";
import { UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { collect } from "../parameters";
import { principalFields, roleDefinitionFields, roleFields, rolesTable } from "../views";
import { kitHistory } from "./kit-history";
import { addResourceCommands, namedBy, operationsNamed, VERSIONED_ACTIONS } from "./resource";

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
function permissionsOption({ permission, permissions }: PermissionOptions): Permission[] | undefined {
  if (permissions !== undefined) {
    const list = permissions.split(",").map((name) => name.trim());
    if (list.some((name) => name === ""))
      throw new UsageError(`--permissions ${JSON.stringify(permissions)}: expected a comma-separated list of permissions, like toolsets:read,tools:read`);
    return asGiven(list);
  }
  if (permission?.some((name) => name.trim() === "")) throw new UsageError("--permission must name a permission, like tools:call");
  return asGiven(permission?.map((name) => name.trim()));
}

export function registerRoles(program: Command) {
  const roles = addGlobalOptions(program.command("roles")).description("manage roles: named sets of permissions");

  addResourceCommands(roles, {
    ...namedBy("role", "<role>", "role_id").resource,
    operations: operationsNamed("roles", VERSIONED_ACTIONS),
    list: {
      description: "list the built-in and user-defined roles, and the permissions a role can grant",
      view: (json) => rolesTable(json.roles, json.permissions),
    },
    get: { description: "show a role and its permissions", view: roleFields },
    create: {
      description: "create a role (<role>: lowercase letters, digits, - and _; seizu-* is reserved for built-in roles)",
      options: (command) =>
        addPermissionOptions(command).option("--description <text>", "what the role is for").option("--comment <text>", "why, recorded in the version history"),
      body: ([id], options: PermissionOptions & { description?: string; comment?: string }) => {
        const permissions = permissionsOption(options);
        if (permissions === undefined) throw new UsageError("a role needs its permissions: --permission P (repeatable) or --permissions a,b");
        return { id: id!, description: options.description, permissions, comment: options.comment };
      },
      created: (json) => `created role ${json.id} (version ${json.version})`,
    },
    update: {
      style: "merge",
      description: "change a user-defined role (based on its current version; a concurrent change makes it fail)",
      options: (command) =>
        addPermissionOptions(command, "; replaces all its permissions")
          .option("--description <text>", "new description")
          .option("--comment <text>", "why, recorded in the version history"),
      changes: (options: PermissionOptions & { description?: string }) =>
        requireChanges({ description: options.description, permissions: permissionsOption(options) }),
      updated: (json) => `updated role ${json.id} to version ${json.version}`,
    },
    delete: { description: "delete a user-defined role with its history" },
    ...kitHistory("role", roleDefinitionFields),
  });
}

export function registerWhoami(program: Command) {
  addGlobalOptions(program.command("whoami"))
    .description("show who the server takes you for: subject, roles and the permissions they grant")
    .action(
      action(async (context) => {
        emit(context.format, await context.api.call("roles_me"), principalFields);
      }),
    );
}
