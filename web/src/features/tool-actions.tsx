// The dialogs behind the tool actions — New tool, Edit, Delete — and the ⋮ menu items, shared
// by a toolset's tool list and a tool's page.
import { useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { api, apiPath } from "../api";
import { ConfirmDialog, Dialog } from "../components/Dialog";
import type { MenuItem } from "../components/Menu";
import { ToolForm } from "../forms/ToolForm";
import { useAction } from "../hooks";
import { useSession } from "../session";
import { isBuiltinTool, type AnyTool, type Tool, type Toolset } from "../types";
import { toolRights } from "./permissions";
import { toolsetHref } from "./toolset-actions";

type Open = { kind: "create" } | { kind: "edit"; tool: Tool } | { kind: "delete"; tool: Tool } | null;

export const toolHref = (toolsetId: string, toolId: string) => `${toolsetHref(toolsetId)}/tools/${encodeURIComponent(toolId)}`;

export function useToolActions({
  toolsetId,
  toolset,
  onChanged,
  onDeleted,
}: {
  toolsetId: string;
  toolset: Toolset | undefined;
  onChanged(tool: Tool): void;
  onDeleted(tool: Tool): void;
}) {
  const session = useSession();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<Open>(null);
  const deletion = useAction();
  const close = () => setOpen(null);

  const remove = (tool: Tool) =>
    deletion.run(async () => {
      await api("DELETE", apiPath("toolsets", toolsetId, "tools", tool.id));
      setOpen(null);
      onDeleted(tool);
    });

  const menuItems = (tool: AnyTool, { includeOpen = true } = {}): MenuItem[] => {
    const rights = toolRights(session, toolset, tool);
    const user = isBuiltinTool(tool) ? null : tool;
    return [
      {
        label: "Edit",
        disabled: !rights.write.ok || !user,
        disabledReason: rights.write.reason,
        onSelect: () => user && setOpen({ kind: "edit", tool: user }),
      },
      ...(includeOpen ? [{ label: rights.call.ok ? "Open and try it" : "Open", onSelect: () => navigate(toolHref(toolsetId, tool.id)) }] : []),
      {
        label: "View history",
        disabled: !rights.history.ok,
        disabledReason: rights.history.reason,
        onSelect: () => navigate(`${toolHref(toolsetId, tool.id)}/history`),
      },
      {
        label: "Delete",
        danger: true,
        disabled: !rights.remove.ok || !user,
        disabledReason: rights.remove.reason,
        onSelect: () => {
          if (!user) return;
          deletion.setError(null);
          setOpen({ kind: "delete", tool: user });
        },
      },
    ];
  };

  let dialog: ReactNode = null;
  if (open?.kind === "create" || open?.kind === "edit") {
    const tool = open.kind === "edit" ? open.tool : undefined;
    dialog = (
      <Dialog title={tool ? `Edit tool ${tool.name}` : "New tool"} onClose={close} wide>
        <ToolForm
          toolsetId={toolsetId}
          tool={tool}
          onCancel={close}
          onSaved={(saved) => {
            close();
            onChanged(saved);
          }}
        />
      </Dialog>
    );
  } else if (open?.kind === "delete") {
    const { tool } = open;
    dialog = (
      <ConfirmDialog
        title={`Delete tool ${tool.name}?`}
        confirmLabel="Delete tool"
        busy={deletion.busy}
        error={deletion.error}
        onConfirm={() => void remove(tool)}
        onClose={close}
      >
        <p>
          This permanently deletes <strong>{tool.name}</strong> (<code>{tool.mcp_name}</code>) and its version history. MCP clients lose it at once.
        </p>
      </ConfirmDialog>
    );
  }

  return { canCreate: toolRights(session, toolset).create, openCreate: () => setOpen({ kind: "create" }), menuItems, dialog };
}
