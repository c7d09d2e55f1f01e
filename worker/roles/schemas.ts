// User-defined roles: a named set of permissions, versioned like every other definition.
import { z } from "zod";
import { rolePermissionSchema } from "../auth/permissions";
import { createInput, updateInput } from "../kit/schemas";

export const roleId = z
  .string({ error: "must be a string" })
  .min(1, { message: "must not be empty", abort: true })
  .max(63, "must be at most 63 characters")
  .regex(/^[a-z][a-z0-9_-]*$/, "must start with a lowercase letter, then lowercase letters, digits, hyphens or underscores")
  .refine((id) => !id.startsWith("seizu-"), "must not start with seizu- (reserved for built-in roles)");

export const roleBody = z
  .object({
    description: z.string({ error: "must be a string" }).max(2000, "must be at most 2000 characters").default(""),
    permissions: z
      .array(rolePermissionSchema)
      .min(1, "must grant at least one permission")
      .max(100, "must list at most 100 permissions")
      .transform((permissions) => [...new Set(permissions)].sort()),
  })
  .strict();
export type RoleBody = z.output<typeof roleBody>;

export const createRoleInput = createInput(roleBody, roleId);
export const updateRoleInput = updateInput(roleBody);
