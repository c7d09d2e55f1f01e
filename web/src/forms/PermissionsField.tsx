// The permissions a role grants: one checkbox per permission of the catalogue, with the
// server's errors for the list under it.
import { useId } from "react";
import { FieldErrors } from "../components/Fields";
import type { Permission, RolePermission } from "../types";

export function PermissionsField({
  catalogue,
  value,
  onChange,
  error,
}: {
  catalogue: Permission[];
  /** What the role names: upstream Seizu's permissions that grant nothing here have no checkbox and are kept. */
  value: RolePermission[];
  onChange(value: RolePermission[]): void;
  error?: string[] | undefined;
}) {
  const id = useId();
  const toggle = (permission: Permission, on: boolean) => onChange(on ? [...value, permission].sort() : value.filter((other) => other !== permission));
  return (
    <fieldset className="field permissions-field" data-field="permissions" aria-describedby={error?.length ? `${id}-error` : undefined}>
      <legend className="field-label">Permissions</legend>
      <div className="permission-grid">
        {catalogue.map((permission) => (
          <label key={permission} className="permission-option">
            <input type="checkbox" checked={value.includes(permission)} onChange={(event) => toggle(permission, event.target.checked)} />
            <code>{permission}</code>
          </label>
        ))}
      </div>
      <FieldErrors id={`${id}-error`} messages={error} />
    </fieldset>
  );
}
