// How a form inside a dialog tells the dialog it holds unsaved changes, so closing it (Escape,
// the × button) asks before throwing them away.
import { createContext, useContext, useEffect } from "react";

export const UnsavedDraftContext = createContext<((edited: boolean) => void) | null>(null);

/** Reports to the enclosing dialog, if any, whether the form's draft has been edited. */
export function useUnsavedDraft(edited: boolean) {
  const report = useContext(UnsavedDraftContext);
  useEffect(() => {
    report?.(edited);
    return () => report?.(false);
  }, [report, edited]);
}
