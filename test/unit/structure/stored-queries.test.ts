// Running a stored read query (a tool's, a report panel's, a workflow query activity's) is
// written once, in worker/queries/: the token scan again on the saved text, the parameters, READ
// access mode, the bounded collect. The resources that run one take it from there, not from
// another resource's folder.
import { describe, expect, it } from "vitest";
import { sourcesMatching } from "./sources";

describe("running a stored read query", () => {
  it("re-checks the saved Cypher in worker/queries/ only", () => {
    expect(sourcesMatching(/\bcheckStoredCypher\(/, ["worker/queries/"])).toEqual([]);
  });

  it("is found where it is written (the rule reads worker/queries/)", () => {
    expect(sourcesMatching(/\bcheckStoredCypher\(/)).toEqual(["worker/queries/run.ts", "worker/queries/stored-cypher.ts"]);
  });

  it("takes nothing from the toolsets or graph folders in reports and workflows", () => {
    const reportsAndWorkflows = sourcesMatching(/from "(?:\.\.\/)+(?:toolsets|graph)\//).filter(
      (path) => path.startsWith("worker/reports/") || path.startsWith("worker/workflows/"),
    );
    expect(reportsAndWorkflows).toEqual([]);
  });
});
