// A versioned form's draft: the item's id and definition as the person edits them, whether they
// changed since the form opened, and loading another version into them (after a conflict).
import { useRef, useState } from "react";
import { useEdited } from "../hooks";

export interface Draft<D> {
  value: D;
  /** The setter of one field; the same function on every render. */
  set<K extends keyof D>(key: K): (value: D[K]) => void;
  /** A field changed since the form opened. */
  edited: boolean;
  replace(value: D): void;
}

/** `compared`: what counts as the draft's content when telling whether it changed (not editor keys). */
export function useDraft<D extends object>(initial: () => D, compared: (draft: D) => unknown = (draft) => draft): Draft<D> {
  const [value, setValue] = useState(initial);
  const setters = useRef<{ [K in keyof D]?: (value: D[K]) => void }>({});
  const edited = useEdited(compared(value));
  const set = <K extends keyof D>(key: K) => {
    const setter = setters.current[key] ?? ((field: D[K]) => setValue((draft) => ({ ...draft, [key]: field })));
    setters.current[key] = setter;
    return setter;
  };
  return { value, set, edited, replace: setValue };
}
