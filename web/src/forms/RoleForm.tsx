// Create or edit a user-defined role: id (read-only when editing), description, the permissions
// it grants, and a comment for the version history. Updates name the version they were based on.
import { useState } from "react";
import { api, apiPath, get } from "../api";
import { TextField } from "../components/Fields";
import { useEdited } from "../hooks";
import type { Role } from "../types";
import { formErrors, noErrors, type FormErrors } from "./errors";
import { FormShell } from "./FormShell";
import { PermissionsField } from "./PermissionsField";

const shown = (field: string) => ["id", "description", "permissions", "comment"].includes(field) || /^permissions\.\d+$/.test(field);

export function RoleForm({ role, catalogue, onSaved, onCancel }: { role?: Role; catalogue: string[]; onSaved(role: Role): void; onCancel(): void }) {
  const mode = role ? "edit" : "create";
  const [id, setId] = useState(role?.id ?? "");
  const [description, setDescription] = useState(role?.description ?? "");
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const [comment, setComment] = useState("");
  const [baseVersion, setBaseVersion] = useState(role?.version ?? 0);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const edited = useEdited({ id, description, permissions, comment });
  // Issues of one permission ("permissions.2") show with the list as a whole.
  const permissionErrors = Object.entries(errors.fields).flatMap(([field, messages]) =>
    field === "permissions" || field.startsWith("permissions.") ? messages : [],
  );

  const submit = async () => {
    setBusy(true);
    setErrors(noErrors);
    setNotice(null);
    try {
      const saved =
        mode === "create"
          ? await api<Role>("POST", "/roles", { id, description, permissions })
          : await api<Role>("PATCH", apiPath("roles", id), {
              description,
              permissions,
              base_version: baseVersion,
              ...(comment.trim() ? { comment: comment.trim() } : {}),
            });
      onSaved(saved);
    } catch (error) {
      setErrors(formErrors(error, shown, mode, "role"));
      setBusy(false);
    }
  };

  const reload = async () => {
    try {
      const latest = await get<Role>(apiPath("roles", id));
      setDescription(latest.description);
      setPermissions(latest.permissions);
      setBaseVersion(latest.version ?? 0);
      setErrors(noErrors);
      setNotice(`Loaded the latest version (${latest.version}). Make your change again and save.`);
    } catch (error) {
      setErrors(formErrors(error, () => false, mode, "role"));
    }
  };

  return (
    <FormShell
      errors={errors}
      busy={busy}
      edited={edited}
      kind="role"
      notice={notice}
      submitLabel={mode === "create" ? "Create role" : "Save changes"}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      onReload={() => void reload()}
    >
      <TextField
        label="ID"
        name="id"
        value={id}
        onChange={setId}
        readOnly={mode === "edit"}
        required
        error={errors.fields.id}
        hint={
          mode === "create"
            ? "The role name tokens carry (in the RBAC_ROLE_CLAIM claim): lowercase letters, digits, - and _; seizu- is reserved."
            : "The id cannot be changed."
        }
      />
      <TextField label="Description" name="description" value={description} onChange={setDescription} multiline error={errors.fields.description} />
      <PermissionsField catalogue={catalogue} value={permissions} onChange={setPermissions} error={permissionErrors} />
      {mode === "edit" && (
        <TextField
          label="Comment (optional)"
          name="comment"
          value={comment}
          onChange={setComment}
          error={errors.fields.comment}
          hint="Why you made this change; shown in the version history."
        />
      )}
    </FormShell>
  );
}
