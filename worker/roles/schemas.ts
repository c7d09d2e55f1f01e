// User-defined roles: a named set of permissions, versioned like every other definition.
import { z } from "zod";
import { rolePermissionSchema } from "../auth/permissions";
import { changeFields, updateInput, replaceInput } from "../kit/schemas";

export const roleId = z
  .string({ error: "must be a string" })
  .min(1, { message: "must not be empty", abort: true })
  .max(63, "must be at most 63 characters")
  .regex(/^[a-z][a-z0-9_-]*$/, "must start with a lowercase letter, then lowercase letters, digits, hyphens or underscores")
  .refine((id) => !id.startsWith("seizu-"), "must not start with seizu- (reserved for built-in roles)");

export const roleBody = z
  .object({
    name: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(200, "must be at most 200 characters")
      .optional()
      .describe("The role's name, as upstream Seizu names roles; a new role sent without an id takes its id from it"),
    description: z.string({ error: "must be a string" }).max(2000, "must be at most 2000 characters").default(""),
    permissions: z
      .array(rolePermissionSchema)
      .min(1, "must grant at least one permission")
      .max(100, "must list at most 100 permissions")
      .transform((permissions) => [...new Set(permissions)].sort()),
  })
  .strict();
export type RoleBody = z.output<typeof roleBody>;

/** The id a role created by name alone takes (upstream Seizu's roles have a name and no id to send): `Ops Team` is ops-team. */
export const roleIdFrom = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[^a-z]+/, "")
    .replace(/-+$/, "")
    .slice(0, 63);

/** A new role: its id, or a name to make one from (roleIdFrom), its permissions, and the comment of version 1. */
export const createRoleInput = roleBody
  .extend({ id: roleId.optional(), comment: changeFields.comment })
  .superRefine(({ id, name }, ctx) => {
    if (id !== undefined) return;
    if (name === undefined) return ctx.addIssue({ code: "custom", path: ["name"], message: "is required (or id)" });
    const made = roleId.safeParse(roleIdFrom(name));
    if (!made.success)
      ctx.addIssue({
        code: "custom",
        path: ["name"],
        message: `makes no usable role id (${JSON.stringify(roleIdFrom(name))} ${made.error.issues[0]!.message}): send an id`,
      });
  })
  .transform(({ id, ...rest }) => ({ ...rest, id: id ?? roleIdFrom(rest.name!) }));
export const updateRoleInput = updateInput(roleBody);
export const replaceRoleInput = replaceInput(roleBody);
