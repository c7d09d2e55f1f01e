// Uploading a plugin package: a zip dropped on the drop zone or chosen with the file picker is
// checked at once (POST /plugins/validate, nothing written), showing what it would install or
// the server's problems, each naming its file and field as the 422's `fields` give them. Then
// Install (a new plugin, or the next revision of the installed plugin of that id) or Publish
// (this plugin's next revision, from the revision the page shows, with a comment).
import { type DragEvent, type FormEvent, useId, useState } from "react";
import { ApiError, describeError } from "../api";
import { Dialog } from "../components/Dialog";
import { TextField } from "../components/Fields";
import { FormActions } from "../components/FormActions";
import type { FieldIssue, Plugin } from "../types";
import { installPackage, type PluginValidation, publishPackage, validatePackage } from "./plugins";
import "./plugins.css";

export type UploadTarget = { kind: "install" } | { kind: "publish"; plugin: Plugin };

/** Where a package stands: being checked, fine (what it holds), or refused (the server's problems). */
type Check = { state: "checking" } | { state: "valid"; result: PluginValidation } | { state: "refused"; message: string; problems: FieldIssue[] };

const refusal = (error: unknown): Check => ({
  state: "refused",
  message: describeError(error),
  problems: error instanceof ApiError ? error.fields : [],
});

export function PackageUploadDialog({ target, onClose, onDone }: { target: UploadTarget; onClose(): void; onDone(plugin: Plugin): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const publishing = target.kind === "publish" ? target.plugin : null;
  const wrongPlugin = publishing && check?.state === "valid" && check.result.plugin_id !== publishing.id ? check.result.plugin_id : null;

  const choose = async (chosen: File) => {
    setFile(chosen);
    setCheck({ state: "checking" });
    try {
      setCheck({ state: "valid", result: await validatePackage(chosen) });
    } catch (error) {
      setCheck(refusal(error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    try {
      onDone(publishing ? await publishPackage(publishing.id, file, publishing.revision, comment) : await installPackage(file, comment));
    } catch (error) {
      setCheck(refusal(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={publishing ? `Publish a new revision of ${publishing.name}` : "Install a plugin"} onClose={onClose}>
      <form className="plugin-upload" onSubmit={(event) => void submit(event)}>
        <DropZone file={file} onFile={(chosen) => void choose(chosen)} />
        <CheckResult check={check} wrongPlugin={wrongPlugin} publishingId={publishing?.id} />
        <TextField
          label="Comment"
          name="comment"
          value={comment}
          onChange={setComment}
          hint={publishing ? `Replaces revision r${publishing.revision}; kept with the new revision.` : "Kept with the revision the package becomes."}
        />
        <FormActions
          label={publishing ? "Publish revision" : "Install plugin"}
          busyLabel={publishing ? "Publishing…" : "Installing…"}
          busy={busy}
          disabled={check?.state !== "valid" || wrongPlugin !== null}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

function DropZone({ file, onFile }: { file: File | null; onFile(file: File): void }) {
  const [over, setOver] = useState(false);
  const hintId = useId();
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <fieldset
      className={over ? "drop-zone over" : "drop-zone"}
      aria-label="Drop zone for the plugin package"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p className="drop-zone-text" id={hintId}>
        {file ? (
          <>
            <strong>{file.name}</strong> <span className="muted">({file.size.toLocaleString()} bytes)</span>
          </>
        ) : (
          "Drop the plugin's .zip here, or"
        )}
      </p>
      <label className="button">
        {file ? "Choose another file…" : "Choose a zip file…"}
        <input
          className="visually-hidden"
          type="file"
          accept=".zip,application/zip"
          aria-label="Plugin package (zip)"
          aria-describedby={hintId}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onFile(chosen);
            // The same file chosen again is a change too.
            event.target.value = "";
          }}
        />
      </label>
      <p className="hint">plugin.json (or .claude-plugin/plugin.json) and skills/&lt;name&gt;/SKILL.md; at most 10 MiB.</p>
    </fieldset>
  );
}

function CheckResult({ check, wrongPlugin, publishingId }: { check: Check | null; wrongPlugin: string | null; publishingId: string | undefined }) {
  if (!check) return null;
  if (check.state === "checking")
    return (
      <p className="muted" role="status">
        Checking the package…
      </p>
    );
  if (check.state === "refused")
    return (
      <div className="form-error package-problems" role="alert">
        <p>{check.problems.length > 0 ? "The package was refused:" : check.message}</p>
        {check.problems.length > 0 && (
          <ul aria-label="Problems in the package">
            {check.problems.map((problem) => (
              <li key={`${problem.field}|${problem.rule}|${problem.message}`}>
                <code>{problem.field}</code> {problem.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  const { result } = check;
  return (
    <div className="package-summary" role="status">
      <p>
        <strong>{result.name}</strong> <code>{result.plugin_id}</code>
        {result.package_version ? ` version ${result.package_version}` : ""}: {result.files.length} {result.files.length === 1 ? "file" : "files"},{" "}
        {result.skills.length === 0 ? "no skills" : `skills ${result.skills.join(", ")}`}.
      </p>
      {wrongPlugin && (
        <p className="form-error">
          This package is plugin <code>{wrongPlugin}</code>; a revision of <code>{publishingId}</code> must carry its id.
        </p>
      )}
    </div>
  );
}
