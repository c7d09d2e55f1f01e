// Running a stored read query (a tool's, a report panel's, a workflow query activity's) is
// written once, in worker/queries/: the token scan again on the saved text, the parameters, READ
// access mode, the bounded collect. The resources that run one take it from there, not from
// another resource's folder.
import { describe, expect, it } from "vitest";
import { sourcesMatching, workerImports } from "./sources";

/** What skillsets take from toolsets besides running queries: a skill's arguments are typed as a tool's parameters are, and a skillset names the tools it requires. */
const SHARED_WITH_TOOLS = ["worker/toolsets/parameter-types", "worker/toolsets/resources", "worker/toolsets/schemas"];

describe("running a stored read query", () => {
  it("re-checks the saved Cypher in worker/queries/ only", () => {
    expect(sourcesMatching(/\bcheckStoredCypher\(/, ["worker/queries/"])).toEqual([]);
  });

  it("is found where it is written (the rule reads worker/queries/)", () => {
    expect(sourcesMatching(/\bcheckStoredCypher\(/)).toEqual(["worker/queries/run.ts", "worker/queries/stored-cypher.ts"]);
  });

  it("takes nothing from the toolsets or graph folders in reports, workflows and skillsets", () => {
    const reaching = workerImports().filter(
      ({ from, to }) =>
        /^worker\/(?:reports|workflows|skillsets)\//.test(from) &&
        /^worker\/(?:toolsets|graph)\//.test(to) &&
        !(from.startsWith("worker/skillsets/") && SHARED_WITH_TOOLS.includes(to)),
    );
    expect(reaching).toEqual([]);
  });

  it("reads the imports it rules on (the rule sees reports taking queries/run)", () => {
    expect(workerImports()).toContainEqual({ from: "worker/reports/run-query.ts", to: "worker/queries/run" });
  });
});
