import { useCallback, useEffect, useRef, useState } from "react";
import { describeError, get } from "./api";

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): Promise<void>;
}

/** GETs an API path (null: nothing yet), with loading and error states and a reload. */
export function useResource<T>(path: string | null): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(path !== null);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    if (path === null) return;
    const request = ++latest.current;
    setLoading(true);
    try {
      const result = await get<T>(path);
      if (request === latest.current) {
        setData(result);
        setError(undefined);
      }
    } catch (caught) {
      if (request === latest.current) setError(caught);
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [path]);

  useEffect(() => {
    setData(undefined);
    setError(undefined);
    void reload();
  }, [reload]);

  return { data, error, loading, reload };
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Seizu Edge` : "Seizu Edge";
  }, [title]);
}

export interface Action {
  busy: boolean;
  error: string | null;
  setError(error: string | null): void;
  /** Runs `action` with busy set and the previous error cleared; a failure becomes `error`. */
  run(action: () => Promise<void>): Promise<void>;
}

/** A user-triggered request (delete, restore, ...) with the busy and error states its dialog shows. */
export function useAction(describe: (error: unknown) => string = describeError): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** Whether `value` differs (compared as JSON) from what it was on first render: an edited draft. */
export function useEdited(value: unknown): boolean {
  const [initial] = useState(() => JSON.stringify(value));
  return JSON.stringify(value) !== initial;
}
