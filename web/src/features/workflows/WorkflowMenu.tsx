// A workflow's ⋮ menu (open, edit, delete) and the Delete confirmation behind it, shared by the
// list and the workflow's page. Scheduled queries are edited and deleted through their own
// collection.
import { useState } from "react";
import { useLocation } from "wouter";
import { api } from "../../api";
import { ConfirmRequestDialog } from "../../components/Dialog";
import { Menu } from "../../components/Menu";
import { useSession } from "../../session";
import type { WorkflowItem } from "../../types";
import { workflowRights } from "../permissions";
import { definitionPath, editPagePath, workflowPath } from "./paths";

export function useWorkflowMenu(onDeleted: (item: WorkflowItem) => void) {
  const [, navigate] = useLocation();
  const rights = workflowRights(useSession());
  const [deleting, setDeleting] = useState<WorkflowItem | null>(null);
  const noun = (item: WorkflowItem) => (item.kind === "scheduled_query" ? "scheduled query" : "workflow");

  const menu = (item: WorkflowItem, { open = true } = {}) => (
    <Menu
      label={`Actions for ${noun(item)} ${item.name}`}
      items={[
        ...(open ? [{ label: "Open", onSelect: () => navigate(workflowPath(item.workflow_id)) }] : []),
        { label: "Edit", disabled: !rights.write.ok, disabledReason: rights.write.reason, onSelect: () => navigate(editPagePath(item)) },
        {
          label: "Delete",
          danger: true,
          disabled: !rights.remove.ok,
          disabledReason: rights.remove.reason,
          onSelect: () => setDeleting(item),
        },
      ]}
    />
  );

  const dialog = deleting && (
    <ConfirmRequestDialog
      title={`Delete ${noun(deleting)} ${deleting.name}?`}
      confirmLabel={`Delete ${noun(deleting)}`}
      onClose={() => setDeleting(null)}
      run={async () => {
        await api("DELETE", definitionPath(deleting));
        setDeleting(null);
        onDeleted(deleting);
      }}
    >
      <p>The {noun(deleting)} stops running and its versions are deleted with it. Workflows that start it after they succeed will no longer find it.</p>
    </ConfirmRequestDialog>
  );

  return { menu, dialog };
}
