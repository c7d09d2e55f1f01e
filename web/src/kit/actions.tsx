// The actions on a versioned resource's items — New, Edit, View history, Delete, and opening an
// item's page — as the New button, each item's ⋮ menu, and the dialogs behind them: the
// resource's form, and the Delete confirmation.
import { useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { api } from "../api";
import { ConfirmRequestDialog, Dialog } from "../components/Dialog";
import { Menu, type MenuItem } from "../components/Menu";
import { historyHref, itemPath } from "./paths";
import type { FormProps, VersionedResource } from "./resource";
import type { VersionedRights } from "./rights";

/** What the page does once an item is saved (created or changed) or deleted. */
export interface ActionCallbacks<T> {
  onSaved(saved: T): void;
  onDeleted(item: T): void;
}

export interface ActionsOptions<L, T, R extends VersionedRights> extends ActionCallbacks<T> {
  /** The API path of the collection; the items' pages sit at the same paths (kit/paths.ts). */
  collection: string;
  /** What the caller may do to an item; without one, whether they may create one. */
  rights(item?: L): R;
  /** The resource's form as an element (not a call of the component: it has state of its own). */
  form(props: FormProps<T>): ReactNode;
  /** The label of the menu item that opens an item's page; without it, items have no page. */
  openLabel?(item: L, rights: R): string;
}

export interface VersionedActions<L> {
  /** "New {noun}" for callers who may create one; nothing for others. */
  newButton: ReactNode;
  /** An item's ⋮ menu; `open: false` leaves out opening the item's page, for that page itself. */
  menu(item: L, options?: { open?: boolean }): ReactNode;
  /** The open dialog, if any. */
  dialog: ReactNode;
}

type Open<T> = { kind: "create" } | { kind: "edit"; item: T } | { kind: "delete"; item: T } | null;

export function useVersionedActions<L extends { id: string }, T extends L, R extends VersionedRights>(
  resource: VersionedResource<L, T>,
  { collection, rights, form, openLabel, onSaved, onDeleted }: ActionsOptions<L, T, R>,
): VersionedActions<L> {
  const { noun } = resource;
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<Open<T>>(null);
  const close = () => setOpen(null);

  const menuItems = (item: L, withOpen: boolean): MenuItem[] => {
    const allowed = rights(item);
    const editable = resource.editable(item);
    const page = itemPath(collection, item.id);
    return [
      {
        label: "Edit",
        disabled: !allowed.write.ok || !editable,
        disabledReason: allowed.write.reason,
        onSelect: () => editable && setOpen({ kind: "edit", item: editable }),
      },
      ...(withOpen && openLabel ? [{ label: openLabel(item, allowed), onSelect: () => navigate(page) }] : []),
      {
        label: "View history",
        disabled: !allowed.history.ok,
        disabledReason: allowed.history.reason,
        onSelect: () => navigate(historyHref(page)),
      },
      {
        label: "Delete",
        danger: true,
        disabled: !allowed.remove.ok || !editable,
        disabledReason: allowed.remove.reason,
        onSelect: () => {
          if (editable) setOpen({ kind: "delete", item: editable });
        },
      },
    ];
  };

  let dialog: ReactNode = null;
  if (open?.kind === "create" || open?.kind === "edit") {
    const item = open.kind === "edit" ? open.item : undefined;
    dialog = (
      <Dialog title={item ? `Edit ${noun} ${resource.label(item)}` : `New ${noun}`} onClose={close} wide={resource.wide}>
        {form({
          noun,
          collection,
          item,
          onCancel: close,
          onSaved: (saved) => {
            close();
            onSaved(saved);
          },
        })}
      </Dialog>
    );
  } else if (open?.kind === "delete") {
    const { item } = open;
    dialog = (
      <ConfirmRequestDialog
        title={`Delete ${noun} ${resource.label(item)}?`}
        confirmLabel={`Delete ${noun}`}
        run={async () => {
          await api("DELETE", itemPath(collection, item.id));
          setOpen(null);
          onDeleted(item);
        }}
        onClose={close}
      >
        {resource.consequences(item)}
      </ConfirmRequestDialog>
    );
  }

  const newButton = rights().create && (
    <button type="button" className="button primary" onClick={() => setOpen({ kind: "create" })}>
      {`New ${noun}`}
    </button>
  );

  return {
    newButton,
    menu: (item, { open: withOpen = true } = {}) => <Menu label={`Actions for ${noun} ${resource.label(item)}`} items={menuItems(item, withOpen)} />,
    dialog,
  };
}
