// A CodeMirror 6 editor for a report config's YAML: highlighting, line numbers, undo, completion
// of the schema's keys and values, and the problems the editor is given shown inline (underlined,
// marked in the gutter, explained on hover). It scrolls inside its own box both ways: long lines
// are not wrapped, so the YAML's indentation stays readable.
import { autocompletion, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, lintGutter, lintKeymap, setDiagnostics } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import type { LineIssue } from "./config-text";
import { REPORT_SCHEMA } from "./report-schema";
import { schemaCompletion } from "./schema-completion";
import "./report-editor.css";

export interface YamlEditorProps {
  value: string;
  onChange(value: string): void;
  /** Problems of `issuesOf` (the text they were found in), shown while the text is that text. */
  issues: LineIssue[];
  issuesOf: string;
  labelledBy: string;
  describedBy?: string;
}

export interface YamlEditorHandle {
  /** Moves the cursor to the range and scrolls it into view. */
  select(from: number, to: number): void;
}

export const YamlEditor = forwardRef<YamlEditorHandle, YamlEditorProps>(function YamlEditor(
  { value, onChange, issues, issuesOf, labelledBy, describedBy },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // The editor is made once, from the first value; afterwards it owns the text and reports edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: later values come from the editor itself
  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          yaml(),
          autocompletion({ override: [schemaCompletion(REPORT_SCHEMA)] }),
          lintGutter(),
          keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, ...lintKeymap]),
          EditorView.contentAttributes.of({ "aria-labelledby": labelledBy, "aria-multiline": "true" }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    setView(editor);
    return () => editor.destroy();
  }, []);

  useEffect(() => {
    if (!view) return;
    if (describedBy) view.contentDOM.setAttribute("aria-describedby", describedBy);
    else view.contentDOM.removeAttribute("aria-describedby");
    view.contentDOM.setAttribute("aria-invalid", String(issues.length > 0));
  }, [view, describedBy, issues.length]);

  useEffect(() => {
    if (!view || view.state.doc.toString() !== issuesOf) return;
    const length = view.state.doc.length;
    const diagnostics: Diagnostic[] = issues
      .filter((issue) => issue.line !== null)
      .map((issue) => ({
        from: Math.min(issue.from, length),
        to: Math.min(issue.to, length),
        severity: "error",
        source: issue.where,
        message: issue.message,
      }));
    view.dispatch(setDiagnostics(view.state, diagnostics));
  }, [view, issues, issuesOf]);

  useImperativeHandle(
    ref,
    () => ({
      select(from, to) {
        if (!view) return;
        view.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: "center" }) });
        view.focus();
      },
    }),
    [view],
  );

  return <div ref={host} className="yaml-editor" data-testid="yaml-editor" />;
});
