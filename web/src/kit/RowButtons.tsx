// A row's buttons in a list the person edits: move it up or down, remove it. `name` says which
// row to a screen reader ("stage 2", "Stage 1, activity 2").
import type { ReactNode } from "react";

export function RowButtons({
  name,
  index,
  count,
  onMove,
  onRemove,
  removeText,
}: {
  name: string;
  index: number;
  count: number;
  /** Without it, the rows keep their order. */
  onMove?(to: number): void;
  onRemove(): void;
  removeText?: ReactNode;
}) {
  return (
    <div className="row-buttons">
      {onMove && (
        <>
          <button type="button" className="button small" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            ↑
          </button>
          <button type="button" className="button small" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            ↓
          </button>
        </>
      )}
      <RemoveButton name={name} tone="danger" onRemove={onRemove}>
        {removeText}
      </RemoveButton>
    </div>
  );
}

/** `tone`: danger where a row holds much (a stage, an action), subtle beside a row's own fields. */
export function RemoveButton({
  name,
  onRemove,
  tone,
  children = "Remove",
}: {
  name: string;
  onRemove(): void;
  tone?: "danger" | "subtle";
  children?: ReactNode;
}) {
  return (
    <button type="button" className={tone ? `button small ${tone}` : "button small"} aria-label={`Remove ${name}`} onClick={onRemove}>
      {children}
    </button>
  );
}
