// The server's validation issues as CodeMirror diagnostics that the editor's own Cypher linter
// cannot wipe out. That linter runs 750 ms after the last change and replaces every diagnostic
// with its own results, so issues from a Save pressed sooner used to vanish. As a linter source
// of their own they are merged with its results instead; they last until the text changes.
import { linter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { StateEffect, StateField } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";

const setServerDiagnostics = StateEffect.define<Diagnostic[]>();

const serverDiagnostics = StateField.define<Diagnostic[]>({
  create: () => [],
  update(diagnostics, transaction) {
    for (const effect of transaction.effects) if (effect.is(setServerDiagnostics)) return effect.value;
    return transaction.docChanged ? [] : diagnostics;
  },
});

/** The editor extension; give it to the editor once (a stable array). */
export const serverDiagnosticsExtension = [serverDiagnostics, linter((view) => view.state.field(serverDiagnostics))];

/** Shows these diagnostics now, and keeps them through later lint runs until the text changes. */
export function showServerDiagnostics(view: EditorView, diagnostics: Diagnostic[]) {
  view.dispatch({ effects: setServerDiagnostics.of(diagnostics) }, setDiagnostics(view.state, diagnostics));
}
