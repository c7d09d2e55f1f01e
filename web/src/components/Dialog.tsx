// A modal dialog on the native <dialog> element: focus stays inside, Escape cancels, and focus
// returns to where it was when the dialog closes. A form inside that reports an edited draft
// (useUnsavedDraft) makes Escape and × ask before discarding it. A `drawer` opens at the
// window's right edge, full height (an audit event beside the table it came from).
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useAction } from "../hooks";
import { UnsavedDraftContext } from "./unsaved-draft";

export function Dialog({
  title,
  onClose,
  children,
  wide = false,
  drawer = false,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
  drawer?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const edited = useRef(false);
  const [asking, setAsking] = useState(false);
  const reportEdited = useCallback((value: boolean) => {
    edited.current = value;
  }, []);
  const requestClose = () => (edited.current ? setAsking(true) : onClose());

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={["dialog", wide && "wide", drawer && "drawer"].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        // A dialog opened from inside this one handles its own Escape.
        event.stopPropagation();
        requestClose();
      }}
    >
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={requestClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="dialog-body">
        <UnsavedDraftContext.Provider value={reportEdited}>{children}</UnsavedDraftContext.Provider>
      </div>
      {asking && <DiscardPrompt onKeep={() => setAsking(false)} onDiscard={onClose} />}
    </dialog>
  );
}

/** Asked when a dialog with an edited draft is being closed; Escape here keeps editing. */
function DiscardPrompt({ onKeep, onDiscard }: { onKeep(): void; onDiscard(): void }) {
  return (
    <Dialog title="Discard your changes?" onClose={onKeep}>
      <p className="confirm-text">What you changed in this form has not been saved.</p>
      <div className="form-actions">
        <button type="button" className="button primary" onClick={onKeep}>
          Keep editing
        </button>
        <button type="button" className="button danger" onClick={onDiscard}>
          Discard changes
        </button>
      </div>
    </Dialog>
  );
}

/** "Delete X?" with the consequences spelled out; the action reports its own error. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="confirm-text">{children}</div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={onConfirm} disabled={busy}>
          {busy ? "Working…" : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * A ConfirmDialog whose confirmation runs one request (delete, restore...), showing it busy and
 * its error; each opening starts without the last one's error. `describe` words a failure.
 */
export function ConfirmRequestDialog({
  run,
  describe,
  ...dialog
}: Omit<Parameters<typeof ConfirmDialog>[0], "busy" | "error" | "onConfirm"> & {
  run(): Promise<void>;
  describe?(error: unknown): string;
}) {
  const request = useAction(describe);
  return <ConfirmDialog {...dialog} busy={request.busy} error={request.error} onConfirm={() => void request.run(run)} />;
}
