// The skill template editor: CodeMirror 6 with each `{% $name %}` placeholder highlighted (a
// placeholder naming no parameter of the skill stands out as unknown), undo history, line
// wrapping, and the server's validation issues marked at their line and column. Loaded on demand
// (see TemplateField), so CodeMirror stays out of the first load.
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { Compartment, EditorState } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, keymap, MatchDecorator, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { useEffect, useRef, useState } from "react";
import { useEditorAttributes, useServerIssues } from "./editor-view-hooks";
import { serverDiagnosticsExtension } from "./server-diagnostics";
import type { TemplateEditorProps } from "./template-editor-props";
import "./template-editor.css";

/** The server's placeholder (worker/skillsets/template.ts): `{%`, optional blanks, `$name`, optional blanks, `%}`. */
const PLACEHOLDER = /\{%\s*\$([A-Za-z_][A-Za-z0-9_]*)\s*%\}/g;

function placeholderMarks(parameters: ReadonlySet<string>) {
  const decorator = new MatchDecorator({
    regexp: PLACEHOLDER,
    decoration: ([, name = ""]) =>
      parameters.has(name)
        ? Decoration.mark({ class: "cm-template-placeholder", attributes: { title: `Parameter ${name}` } })
        : Decoration.mark({ class: "cm-template-placeholder unknown", attributes: { title: `${name} is not a parameter of this skill` } }),
  });
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = decorator.createDeco(view);
      }
      update(update: ViewUpdate) {
        this.decorations = decorator.updateDeco(update, this.decorations);
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );
}

/** A template issue marks the placeholder at its offset (the server counts in the untrimmed text), or the character there. */
function placeholderRange(text: string, issue: { offset?: number | undefined }) {
  if (issue.offset === undefined) return null;
  const from = Math.min(issue.offset, text.length);
  const sticky = new RegExp(PLACEHOLDER.source, "y");
  sticky.lastIndex = from;
  const length = sticky.exec(text)?.[0].length ?? 2;
  return { from, to: Math.min(text.length, from + length) };
}

const editable = (readOnly: boolean) => [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];

export default function TemplateCodeEditor({
  value,
  onChange,
  issues = [],
  readOnly = false,
  labelledBy,
  describedBy,
  invalid,
  parameters,
}: TemplateEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const [marks] = useState(() => new Compartment());
  const [access] = useState(() => new Compartment());
  const changed = useRef(onChange);
  changed.current = onChange;
  const names = parameters.join("\n");

  // The view is made once; what changes later reaches it through the effects below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial text, marks and access only
  useEffect(() => {
    const created = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          serverDiagnosticsExtension,
          marks.of(placeholderMarks(new Set(parameters))),
          access.of(editable(readOnly)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    setView(created);
    return () => created.destroy();
  }, []);

  useEffect(() => {
    if (view && view.state.doc.toString() !== value) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
  }, [view, value]);
  useEffect(() => {
    view?.dispatch({ effects: marks.reconfigure(placeholderMarks(new Set(names.split("\n")))) });
  }, [view, marks, names]);
  useEffect(() => {
    view?.dispatch({ effects: access.reconfigure(editable(readOnly)) });
  }, [view, access, readOnly]);
  useEditorAttributes(view, { labelledBy, describedBy, invalid });
  useServerIssues(view, issues, placeholderRange);

  return <div ref={host} className="cypher-editor template-editor" />;
}
