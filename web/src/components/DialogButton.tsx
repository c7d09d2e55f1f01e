// A button that opens a dialog: the dialog is rendered while open and gets `close`, which the
// dialog calls when it is cancelled or done.
import { type ReactNode, useState } from "react";

export function DialogButton({ label, className = "button", children }: { label: string; className?: string; children(close: () => void): ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && children(() => setOpen(false))}
    </>
  );
}
