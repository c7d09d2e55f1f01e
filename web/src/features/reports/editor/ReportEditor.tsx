// Editing a report's config as YAML: problems listed with their line (a button moves the cursor
// there) and marked in the gutter, YAML syntax errors as you type and the server's schema and
// Cypher issues on Save; a preview of the draft's layout; Save with a comment, based on the
// version that was opened (a concurrent save is a conflict, not lost). Loaded on demand with the
// YAML parser (report-edit.page.tsx).
import { useId, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { api, ApiError, describeError } from "../../../api";
import { TextField } from "../../../components/Fields";
import { FormActions } from "../../../components/FormActions";
import { useAction } from "../../../hooks";
import type { ReportVersion } from "../../../types";
import { reportPath } from "../paths";
import { ReportView } from "../ReportView";
import { ConfigEditor } from "./ConfigEditor";
import { configText, type LineIssue, parseConfig, placeIssues } from "./config-text";
import { previewConfig } from "./preview-config";

export default function ReportEditor({ report }: { report: ReportVersion }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState(() => configText(report.config));
  const [comment, setComment] = useState("");
  const [serverIssues, setServerIssues] = useState<{ text: string; issues: LineIssue[] } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const editor = useRef<HTMLTextAreaElement>(null);
  const editorId = useId();
  const problemsId = useId();
  const parsed = useMemo(() => parseConfig(text), [text]);
  // The server's issues describe the text that was saved; an edit may have moved or fixed them.
  const issues = parsed.syntax.length > 0 ? parsed.syntax : serverIssues?.text === text ? serverIssues.issues : [];
  const save = useAction((error) => {
    if (error instanceof ApiError && error.status === 422 && error.fields.length > 0) {
      setServerIssues({ text, issues: placeIssues(parsed, error.fields) });
      return "The report was not saved: fix the problems below.";
    }
    if (error instanceof ApiError && error.status === 409) return "This report has changed since you opened it. Reload the page to edit its current version.";
    return describeError(error);
  });

  const goTo = (line: number) => {
    const area = editor.current;
    if (!area) return;
    const lines = text.split("\n");
    const start = lines.slice(0, line - 1).reduce((sum, current) => sum + current.length + 1, 0);
    area.focus();
    area.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  };

  const submit = () =>
    save.run(async () => {
      setServerIssues(null);
      await api("POST", `${reportPath(report.report_id)}/versions`, { config: parsed.value, comment, base_version: report.version });
      navigate(reportPath(report.report_id));
    });

  return (
    <form
      className="form report-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.syntax.length === 0) void submit();
      }}
    >
      <div className="field">
        <label htmlFor={editorId}>Config (YAML)</label>
        <ConfigEditor
          ref={editor}
          id={editorId}
          value={text}
          onChange={setText}
          marked={new Set(issues.flatMap((issue) => (issue.line === null ? [] : [issue.line])))}
          describedBy={issues.length > 0 ? problemsId : undefined}
        />
      </div>
      {issues.length > 0 && (
        <div id={problemsId} className="result-error" role="alert">
          <p>{parsed.syntax.length > 0 ? "The YAML cannot be read:" : "The server refused this config:"}</p>
          <ul className="config-problems" aria-label="Problems">
            {issues.map((issue, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may share a line and a path
              <li key={index}>
                {issue.line !== null && (
                  <button type="button" className="link-button" onClick={() => goTo(issue.line!)}>
                    Line {issue.line}
                  </button>
                )}{" "}
                <code>{issue.where}</code>: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <TextField label="Comment" name="comment" value={comment} onChange={setComment} placeholder="What changed, for the history" />
      {save.error && issues.length === 0 && (
        <p className="result-error" role="alert">
          {save.error}
        </p>
      )}
      <FormActions
        label="Save version"
        busyLabel="Saving…"
        busy={save.busy}
        disabled={parsed.syntax.length > 0}
        onCancel={() => navigate(reportPath(report.report_id))}
      >
        <button type="button" className="button" aria-pressed={previewing} onClick={() => setPreviewing(!previewing)}>
          {previewing ? "Hide preview" : "Preview"}
        </button>
      </FormActions>
      {previewing && (
        <section className="report-preview" aria-label="Preview">
          <h2 className="section-title">Preview</h2>
          {parsed.syntax.length > 0 ? (
            <p className="muted">The preview shows once the YAML can be read.</p>
          ) : (
            <ReportView key={text} report={{ ...report, config: previewConfig(parsed.value), query_capabilities: {} }} preview />
          )}
        </section>
      )}
    </form>
  );
}
