// The permission catalogue and the built-in roles. Every REST route and MCP tool names one of
// these permissions; a caller holds the union of the permissions of their roles.
import { z } from "zod";

export const PERMISSIONS = [
  "toolsets:read",
  "toolsets:write",
  "toolsets:delete",
  "tools:read",
  "tools:write",
  "tools:delete",
  "tools:call",
  "query:execute",
  "query:validate",
  "roles:read",
  "roles:write",
  "roles:delete",
  "reports:read",
  "reports:write",
  "reports:delete",
  "reports:set_dashboard",
  "spaces:read",
  "spaces:write",
  "spaces:delete",
  "skillsets:read",
  "skillsets:write",
  "skillsets:delete",
  "skills:read",
  "skills:write",
  "skills:delete",
  "skills:render",
  "plugins:read",
  "plugins:write",
  "plugins:delete",
  "workflows:read",
  "workflows:write",
  "workflows:delete",
  "scheduled_queries:read",
  "scheduled_queries:write",
  "scheduled_queries:delete",
  "chat:bypass_permissions",
  "audit:read",
  // Connected apps of every person (the edge authorization server's grants); everyone sees and
  // revokes their own without it.
  "oauth:manage",
] as const;

export const permissionSchema = z.enum(PERMISSIONS, { error: `must be one of ${PERMISSIONS.join(", ")}` });
export type Permission = z.output<typeof permissionSchema>;

/**
 * Permissions upstream Seizu knows that guard nothing here (its chat, query history, users and
 * sandbox): a role may name them, so a role written for upstream is kept as it is, stored and
 * shown, and they grant nothing.
 */
export const UPSTREAM_ONLY_PERMISSIONS = [
  "chat:use",
  "chat:tools:call",
  "chat:skills:call",
  "chat:schedule",
  "chat:schedule:read_all",
  "query_history:read",
  "users:read",
  "sandbox:delegate",
] as const;
const ROLE_PERMISSIONS = [...PERMISSIONS, ...UPSTREAM_ONLY_PERMISSIONS] as const;

/** What a role may name: the permissions here, and upstream's that grant nothing here; a typo is still refused. */
export const rolePermissionSchema = z.enum(ROLE_PERMISSIONS, { error: `must be one of ${ROLE_PERMISSIONS.join(", ")}` });
export type RolePermission = z.output<typeof rolePermissionSchema>;

const granting = new Set<string>(PERMISSIONS);
/** Whether a permission a role names grants anything here. */
export const isPermission = (permission: RolePermission): permission is Permission => granting.has(permission);

// Viewers read reports, spaces and workflows, and read and render skillsets and skills (MCP
// prompts), as upstream Seizu's viewer does.
const VIEWER: Permission[] = [
  "toolsets:read",
  "tools:read",
  "tools:call",
  "query:execute",
  "query:validate",
  "reports:read",
  "spaces:read",
  "skillsets:read",
  "skills:read",
  "skills:render",
  "plugins:read",
  "workflows:read",
  "scheduled_queries:read",
];
// As upstream: editors write, delete and file reports and spaces and choose the dashboard.
const EDITOR: Permission[] = [...VIEWER, "roles:read", "reports:write", "reports:delete", "reports:set_dashboard", "spaces:write", "spaces:delete"];
const ADMIN: Permission[] = [...PERMISSIONS];

export interface BuiltInRole {
  description: string;
  permissions: Permission[];
}

/**
 * seizu-viewer ⊂ seizu-editor ⊂ seizu-admin. Viewers and editors read toolsets and tools and
 * call them, read reports, spaces and workflows, read and render skills; editors also write
 * reports and spaces; writing, deleting and restoring toolsets, tools, skillsets, skills,
 * plugins, workflows and roles is for admins (a workflow's actions send data out of the graph). A Map,
 * not an object: role names come from tokens and URLs, and a plain object would answer
 * `constructor` or `__proto__` from its prototype.
 */
export const BUILT_IN_ROLES: ReadonlyMap<string, BuiltInRole> = new Map([
  [
    "seizu-viewer",
    {
      description: "Reads toolsets, tools, reports, spaces, workflows, skillsets and skills, calls tools, renders skills and runs read-only queries.",
      permissions: VIEWER,
    },
  ],
  ["seizu-editor", { description: "A viewer who can also read roles and write, delete and file reports and spaces.", permissions: EDITOR }],
  [
    "seizu-admin",
    { description: "Everything, including writing and deleting toolsets, tools, skillsets, skills, plugins, workflows and roles.", permissions: ADMIN },
  ],
]);
