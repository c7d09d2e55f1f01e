// How much of the operation table the kit's generators declare (versionedOperations,
// runOperations, revisionOperations) rather than each resource writing its operations out: a
// measured target of the kit, and the guard that a resource added later is added on it.
import { describe, expect, it } from "vitest";
import { isGenerated } from "../../../worker/operations/generators/generated";
import { OPERATIONS } from "../../../worker/operations";

const generated = OPERATIONS.filter(isGenerated).map((operation) => operation.operationId);

describe("generated operations", () => {
  it("make at least 100 of the operation table's operations", () => {
    expect(generated.length, generated.join(" ")).toBeGreaterThanOrEqual(100);
  });

  it("make every operation named for one of their actions, but those that say why not", () => {
    const actions = /_(export|import|list|create|get|update|delete|versions|version_get|restore|run|runs|run_get|install|publish|files|download)$/;
    const notGenerated = {
      confirmations_list: "a confirmation is a request for approval, not a resource a caller writes",
      confirmations_get: "as confirmations_list",
      plugins_create: "upstream's empty plugin: four fields packed into a plugin.json, and unlike the generated install it refuses a taken id",
      graph_history_list: "the caller's own query log, written only by POST /query/adhoc: no versions, no create or update",
      graph_history_get: "as graph_history_list",
      graph_history_delete: "as graph_history_list",
      plugins_version_get: "upstream Seizu's read of one revision, answered from the revision list's own view",
      plugins_file_get: "upstream Seizu's read of one file of a revision (a path that may hold slashes)",
      audit_list: "the audit log is written only by the queue's consumer: no versions, no create or update",
      audit_get: "as audit_list",
      audit_export: "as audit_list",
      connected_apps_list:
        "the edge authorization server's grants, kept in OAUTH_KV by its library: a person makes one by approving a client, never by a write here",
    };
    const written = OPERATIONS.filter((operation) => actions.test(operation.operationId) && !isGenerated(operation)).map((operation) => operation.operationId);
    expect(written.sort()).toEqual(Object.keys(notGenerated).sort());
  });
});
