// The dialogs behind the role actions — New role, Edit, Delete — and the ⋮ menu items of the
// role list.
import { useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { api, apiPath } from "../api";
import { ConfirmDialog, Dialog } from "../components/Dialog";
import type { MenuItem } from "../components/Menu";
import { RoleForm } from "../forms/RoleForm";
import { useAction } from "../hooks";
import { useSession } from "../session";
import type { Role } from "../types";
import { roleRights } from "./permissions";

type Open = { kind: "create" } | { kind: "edit"; role: Role } | { kind: "delete"; role: Role } | null;

export const roleHref = (id: string) => `/roles/${encodeURIComponent(id)}`;

export function useRoleActions({ catalogue, onChanged }: { catalogue: string[]; onChanged(): void }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<Open>(null);
  const deletion = useAction();
  const close = () => setOpen(null);

  const remove = (role: Role) =>
    deletion.run(async () => {
      await api("DELETE", apiPath("roles", role.id));
      setOpen(null);
      onChanged();
    });

  const menuItems = (role: Role): MenuItem[] => {
    const rights = roleRights(session, role);
    return [
      { label: "Edit", disabled: !rights.write.ok, disabledReason: rights.write.reason, onSelect: () => setOpen({ kind: "edit", role }) },
      { label: "View history", disabled: !rights.history.ok, disabledReason: rights.history.reason, onSelect: () => navigate(`${roleHref(role.id)}/history`) },
      {
        label: "Delete",
        danger: true,
        disabled: !rights.remove.ok,
        disabledReason: rights.remove.reason,
        onSelect: () => {
          deletion.setError(null);
          setOpen({ kind: "delete", role });
        },
      },
    ];
  };

  let dialog: ReactNode = null;
  if (open?.kind === "create" || open?.kind === "edit") {
    const role = open.kind === "edit" ? open.role : undefined;
    dialog = (
      <Dialog title={role ? `Edit role ${role.id}` : "New role"} onClose={close}>
        <RoleForm
          role={role}
          catalogue={catalogue}
          onCancel={close}
          onSaved={() => {
            close();
            onChanged();
          }}
        />
      </Dialog>
    );
  } else if (open?.kind === "delete") {
    const { role } = open;
    dialog = (
      <ConfirmDialog
        title={`Delete role ${role.id}?`}
        confirmLabel="Delete role"
        busy={deletion.busy}
        error={deletion.error}
        onConfirm={() => void remove(role)}
        onClose={close}
      >
        <p>
          This permanently deletes <strong>{role.id}</strong> and its version history. Callers whose tokens name it lose the permissions it granted at once.
        </p>
      </ConfirmDialog>
    );
  }

  return { canCreate: roleRights(session, undefined).create, openCreate: () => setOpen({ kind: "create" }), menuItems, dialog };
}
