// What a form shows above its fields about its last save: the "changed since you opened it"
// conflict with its Reload button, a notice, and the errors no field shows.
import type { FormErrors } from "./form-errors";

export function FormAlerts({ noun, errors, notice, onReload }: { noun: string; errors: FormErrors; notice: string | null; onReload(): void }) {
  return (
    <>
      {errors.conflict && (
        <div className="form-error conflict" role="alert">
          <p>
            <strong>This {noun} has changed since you opened it.</strong> Someone saved a newer version, so your change was not applied. Reload to get the
            latest version, then make your change again.
          </p>
          <button type="button" className="button" onClick={onReload}>
            Reload latest version
          </button>
        </div>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {errors.general.length > 0 && (
        <div className="form-error" role="alert">
          {errors.general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </>
  );
}
