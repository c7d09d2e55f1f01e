// The dialogs behind the toolset actions — New toolset, Edit, Delete — and the ⋮ menu items,
// shared by the toolset list and a toolset's page.
import { useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { api, apiPath } from "../api";
import { ConfirmDialog, Dialog } from "../components/Dialog";
import type { MenuItem } from "../components/Menu";
import { ToolsetForm } from "../forms/ToolsetForm";
import { useAction } from "../hooks";
import { useSession } from "../session";
import type { Toolset } from "../types";
import { toolsetRights } from "./permissions";

type Open = { kind: "create" } | { kind: "edit"; toolset: Toolset } | { kind: "delete"; toolset: Toolset } | null;

export const toolsetHref = (id: string) => `/toolsets/${encodeURIComponent(id)}`;

export function useToolsetActions({ onChanged, onDeleted }: { onChanged(toolset: Toolset): void; onDeleted(toolset: Toolset): void }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<Open>(null);
  const deletion = useAction();
  const close = () => setOpen(null);

  const remove = (toolset: Toolset) =>
    deletion.run(async () => {
      await api("DELETE", apiPath("toolsets", toolset.id));
      setOpen(null);
      onDeleted(toolset);
    });

  const menuItems = (toolset: Toolset, { includeView = true } = {}): MenuItem[] => {
    const rights = toolsetRights(session, toolset);
    return [
      { label: "Edit", disabled: !rights.write.ok, disabledReason: rights.write.reason, onSelect: () => setOpen({ kind: "edit", toolset }) },
      ...(includeView ? [{ label: "View tools", onSelect: () => navigate(toolsetHref(toolset.id)) }] : []),
      {
        label: "View history",
        disabled: !rights.history.ok,
        disabledReason: rights.history.reason,
        onSelect: () => navigate(`${toolsetHref(toolset.id)}/history`),
      },
      {
        label: "Delete",
        danger: true,
        disabled: !rights.remove.ok,
        disabledReason: rights.remove.reason,
        onSelect: () => {
          deletion.setError(null);
          setOpen({ kind: "delete", toolset });
        },
      },
    ];
  };

  let dialog: ReactNode = null;
  if (open?.kind === "create" || open?.kind === "edit") {
    const toolset = open.kind === "edit" ? open.toolset : undefined;
    dialog = (
      <Dialog title={toolset ? `Edit toolset ${toolset.name}` : "New toolset"} onClose={close}>
        <ToolsetForm
          toolset={toolset}
          onCancel={close}
          onSaved={(saved) => {
            close();
            onChanged(saved);
          }}
        />
      </Dialog>
    );
  } else if (open?.kind === "delete") {
    const { toolset } = open;
    dialog = (
      <ConfirmDialog
        title={`Delete toolset ${toolset.name}?`}
        confirmLabel="Delete toolset"
        busy={deletion.busy}
        error={deletion.error}
        onConfirm={() => void remove(toolset)}
        onClose={close}
      >
        <p>
          This permanently deletes <strong>{toolset.name}</strong> (<code>{toolset.id}</code>) with all of its tools and their version history. MCP clients lose
          these tools at once.
        </p>
      </ConfirmDialog>
    );
  }

  return { canCreate: toolsetRights(session, undefined).create, openCreate: () => setOpen({ kind: "create" }), menuItems, dialog };
}
