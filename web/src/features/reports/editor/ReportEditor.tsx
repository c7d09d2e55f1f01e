// Editing a report's config as YAML in a code editor: the schema's keys offered as you type, YAML
// syntax and schema problems marked inline as you type and listed with their line (a button moves
// the cursor there), the server's Cypher issues added on Save. The toolbar (comment, Preview,
// Cancel, Save) sits above the editor and stays in view, since the editor scrolls inside its own
// box. Preview draws the draft and, for a caller who may run Cypher, runs its queries without
// saving anything. Save is based on the version that was opened (a concurrent save is a
// conflict, not lost). Loaded on demand with CodeMirror and the schema (report-edit.page.tsx).
import { useId, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { reportConfig } from "../../../../../worker/api";
import { api, ApiError, describeError } from "../../../api";
import { useAction } from "../../../hooks";
import { useSession } from "../../../session";
import type { ReportVersion } from "../../../types";
import { reportPath } from "../paths";
import { ReportView } from "../ReportView";
import { configText, type LineIssue, parseConfig, placeServerIssues } from "./config-text";
import { draftRunner } from "./draft-queries";
import { previewConfig } from "./preview-config";
import { schemaIssues } from "./report-schema";
import { YamlEditor, type YamlEditorHandle } from "./YamlEditor";

export default function ReportEditor({ report }: { report: ReportVersion }) {
  const [, navigate] = useLocation();
  const session = useSession();
  const [text, setText] = useState(() => configText(report.config));
  const [comment, setComment] = useState("");
  const [serverIssues, setServerIssues] = useState<{ text: string; issues: LineIssue[] } | null>(null);
  /** The draft the preview shows, and how many times Preview was pressed (each press runs it again). */
  const [preview, setPreview] = useState<{ value: unknown; run: number } | null>(null);
  const editor = useRef<YamlEditorHandle>(null);
  const labelId = useId();
  const problemsId = useId();
  const parsed = useMemo(() => parseConfig(text), [text]);
  const schema = useMemo(() => (parsed.syntax.length > 0 ? [] : schemaIssues(parsed)), [parsed]);
  // The server checks the same schema first, so its issues add something (the Cypher's) only
  // when the schema passes. They describe the text that was saved; an edit may have moved or fixed them.
  const server = serverIssues?.text === text ? serverIssues.issues : [];
  const issues = parsed.syntax.length > 0 ? parsed.syntax : schema.length > 0 ? schema : server;
  const save = useAction((error) => {
    if (error instanceof ApiError && error.status === 422 && error.fields.length > 0) {
      setServerIssues({ text, issues: placeServerIssues(parsed, error.fields) });
      return "The report was not saved: fix the problems below.";
    }
    if (error instanceof ApiError && error.status === 409) return "This report has changed since you opened it. Reload the page to edit its current version.";
    return describeError(error);
  });

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
      <div className="report-editor-toolbar">
        <div className="field report-editor-comment">
          <label htmlFor={`${labelId}-comment`}>Comment</label>
          <input
            id={`${labelId}-comment`}
            type="text"
            value={comment}
            placeholder="What changed, for the history"
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        <div className="report-editor-buttons">
          <button
            type="button"
            className="button"
            disabled={parsed.syntax.length > 0}
            title={parsed.syntax.length > 0 ? "The preview shows once the YAML can be read" : undefined}
            onClick={() => setPreview({ value: parsed.value, run: (preview?.run ?? 0) + 1 })}
          >
            Preview
          </button>
          <button type="button" className="button" onClick={() => navigate(reportPath(report.report_id))}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={save.busy || parsed.syntax.length > 0}>
            {save.busy ? "Saving…" : "Save version"}
          </button>
        </div>
      </div>
      {save.error && issues.length === 0 && (
        <p className="result-error" role="alert">
          {save.error}
        </p>
      )}
      <div className="field">
        <span id={labelId} className="field-label">
          Config (YAML)
        </span>
        <YamlEditor
          ref={editor}
          value={text}
          onChange={setText}
          issues={issues}
          issuesOf={text}
          labelledBy={labelId}
          describedBy={issues.length > 0 ? problemsId : undefined}
        />
      </div>
      {issues.length > 0 && (
        <div id={problemsId} className="result-error" role="alert">
          <p>
            {parsed.syntax.length > 0
              ? "The YAML cannot be read:"
              : schema.length > 0
                ? "The report schema refuses this config:"
                : "The server refused this config:"}
          </p>
          <ul className="config-problems" aria-label="Problems">
            {issues.map((issue, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may share a line and a path
              <li key={index}>
                {issue.line !== null && (
                  <button type="button" className="link-button" onClick={() => editor.current?.select(issue.from, issue.to)}>
                    Line {issue.line}
                  </button>
                )}{" "}
                <code>{issue.where}</code>: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview && <Preview report={report} draft={preview.value} key={preview.run} canRun={session.can("query:execute")} onClose={() => setPreview(null)} />}
    </form>
  );
}

/** The draft drawn as its report would be, from what was in the editor when Preview was pressed. */
function Preview({ report, draft, canRun, onClose }: { report: ReportVersion; draft: unknown; canRun: boolean; onClose(): void }) {
  // A draft the schema accepts is drawn as the server would store it; one it refuses, as far as it goes.
  const config = useMemo(() => {
    const checked = reportConfig.safeParse(draft);
    return checked.success ? checked.data : previewConfig(draft);
  }, [draft]);
  const run = useMemo(() => (canRun ? draftRunner(config) : null), [canRun, config]);
  return (
    <section className="report-preview" aria-label="Preview">
      <div className="report-preview-head">
        <h2 className="section-title">Preview</h2>
        <button type="button" className="button small" onClick={onClose}>
          Close preview
        </button>
      </div>
      <p className="muted small">
        {canRun
          ? "The draft's queries ran as ad-hoc read-only Cypher; nothing is saved until you press Save version."
          : "Drawn without data: running a draft's queries needs the query:execute permission. Save the report to see its data."}
      </p>
      <ReportView report={{ ...report, config, query_capabilities: {} }} run={run} />
    </section>
  );
}
