// Labelled form fields whose server-side errors sit right under them (aria-invalid and
// aria-describedby tie the message to the input for screen readers).
import { useId, type ReactNode } from "react";

interface FieldProps {
  label: string;
  error?: string[] | undefined;
  hint?: ReactNode;
  /** Renders the control with the ids it must carry. */
  children(control: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }): ReactNode;
  name?: string;
}

export function Field({ label, error, hint, children, name }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error?.length ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error?.length ? true : undefined })}
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <FieldErrors id={errorId} messages={error} />
    </div>
  );
}

export function FieldErrors({ id, messages }: { id?: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  readOnly,
  required,
  multiline,
  name,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string[] | undefined;
  hint?: ReactNode;
  readOnly?: boolean;
  required?: boolean;
  multiline?: boolean;
  name: string;
  placeholder?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint} name={name}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            name={name}
            value={value}
            rows={3}
            readOnly={readOnly}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            {...control}
            name={name}
            type="text"
            value={value}
            readOnly={readOnly}
            required={required}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  name,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  hint?: ReactNode;
  name: string;
}) {
  const id = useId();
  return (
    <div className="field checkbox-field" data-field={name}>
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A select's options: `none` first (the empty value), then one per item. */
export function Options<T>({ none, items, value, label }: { none: string; items: T[]; value(item: T): string; label(item: T): string }) {
  return (
    <>
      <option value="">{none}</option>
      {items.map((item) => (
        <option key={value(item)} value={value(item)}>
          {label(item)}
        </option>
      ))}
    </>
  );
}
