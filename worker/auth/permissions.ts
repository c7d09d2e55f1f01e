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
  "chat:bypass_permissions",
] as const;

export const permissionSchema = z.enum(PERMISSIONS, { error: `must be one of ${PERMISSIONS.join(", ")}` });
export type Permission = z.output<typeof permissionSchema>;

// Viewers read skillsets and skills and render them (MCP prompts), as upstream Seizu's viewer does.
const VIEWER: Permission[] = [
  "toolsets:read",
  "tools:read",
  "tools:call",
  "query:execute",
  "query:validate",
  "skillsets:read",
  "skills:read",
  "skills:render",
  "plugins:read",
];
const EDITOR: Permission[] = [...VIEWER, "roles:read"];
const ADMIN: Permission[] = [...PERMISSIONS];

export interface BuiltInRole {
  description: string;
  permissions: Permission[];
}

/**
 * seizu-viewer ⊂ seizu-editor ⊂ seizu-admin. Viewers and editors read toolsets and tools and
 * call them, read and render skills; writing, deleting and restoring toolsets, tools, skillsets,
 * skills, plugins and roles is for admins. A Map,
 * not an object: role names come from tokens and URLs, and a plain object would answer
 * `constructor` or `__proto__` from its prototype.
 */
export const BUILT_IN_ROLES: ReadonlyMap<string, BuiltInRole> = new Map([
  [
    "seizu-viewer",
    { description: "Reads toolsets, tools, skillsets and skills, calls tools, renders skills and runs read-only queries.", permissions: VIEWER },
  ],
  ["seizu-editor", { description: "A viewer who can also read roles.", permissions: EDITOR }],
  ["seizu-admin", { description: "Everything, including writing and deleting toolsets, tools, skillsets, skills, plugins and roles.", permissions: ADMIN }],
]);
