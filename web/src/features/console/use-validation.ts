// The read-only validation as you type: POST /graph/validate once typing pauses, its issues in
// the editor's terms (FieldIssue at a line and column), and whether the query may run.
import { useEffect, useState } from "react";
import { client, describeError } from "../../api";
import type { FieldIssue } from "../../types";

/** Typing pauses this long before the query is checked. */
const PAUSE_MS = 400;

export type Validation =
  | { state: "empty" }
  | { state: "checking" }
  | { state: "valid"; parameters: string[] }
  | { state: "invalid"; issues: FieldIssue[] }
  /** The check itself failed (network, permission): running is left to the server's own check. */
  | { state: "unchecked"; message: string };

export function useValidation(cypher: string): Validation {
  const [validation, setValidation] = useState<Validation>({ state: "empty" });
  useEffect(() => {
    if (cypher.trim() === "") {
      setValidation({ state: "empty" });
      return;
    }
    let live = true;
    setValidation({ state: "checking" });
    const timer = setTimeout(async () => {
      try {
        const result = await client.call("graph_validate_query", { body: { cypher } });
        if (!live) return;
        setValidation(
          result.valid
            ? { state: "valid", parameters: result.parameters }
            : { state: "invalid", issues: result.errors.map((error) => ({ field: "cypher", ...error })) },
        );
      } catch (error) {
        if (live) setValidation({ state: "unchecked", message: describeError(error) });
      }
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [cypher]);
  return validation;
}
