// Loading, error and empty states, the same everywhere.
import type { ReactNode } from "react";
import { describeError } from "../api";
import type { Resource } from "../hooks";

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="state loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="state error" role="alert">
      <p>{describeError(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * A view of a resource as it loads: the first failure, with Try again (which reloads every
 * resource involved), then Loading until the resource (and those it `needs`) has its data.
 */
export function Loaded<T>({
  resource,
  needs = [],
  loading,
  children,
}: {
  resource: Resource<T>;
  /** Resources loaded before it (its path comes from them), whose failures count first. */
  needs?: Resource<unknown>[];
  loading: string;
  children(data: T): ReactNode;
}) {
  const failure = failureState([...needs, resource]);
  if (failure) return failure;
  if (resource.data === undefined) return <Loading label={loading} />;
  return children(resource.data);
}

/** The first failure of `resources`, with Try again reloading every one of them; null while none failed. */
export function failureState(resources: Resource<unknown>[]): ReactNode {
  const failed = resources.find((each) => each.error !== undefined);
  if (!failed) return null;
  return (
    <ErrorState
      error={failed.error}
      onRetry={() => {
        for (const each of resources) void each.reload();
      }}
    />
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state empty">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}

export function Badge({ tone = "neutral", children }: { tone?: "neutral" | "ok" | "off" | "builtin" | "warn" | "danger"; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return enabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="off">Disabled</Badge>;
}

/** A built-in tool whose calls wait for a person's approval before they run. */
export function NeedsApprovalBadge() {
  return (
    <span title="Calls wait for a person's approval (action confirmations) before they run">
      <Badge tone="warn">Needs approval</Badge>
    </span>
  );
}
