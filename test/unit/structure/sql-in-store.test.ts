// The versioned-definition tables belong to the store: SQL that names them is written in
// worker/store/ only, and every other module reads and writes them through the store's methods.
import { describe, expect, it } from "vitest";
import { sourcesMatching } from "./sources";

/** `definitions` or `definition_versions` as an SQL table: after FROM, JOIN, INTO or UPDATE, or aliased and joined. */
const NAMES_THE_TABLES = /\bdefinition_versions\b|\b(?:FROM|JOIN|INTO|UPDATE)\s+definitions\b(?!\/)|\bdefinitions\s+\w+\s+(?:JOIN|WHERE|ON)\b/i;

describe("SQL on the definition tables", () => {
  it("is written in worker/store/ only", () => {
    expect(sourcesMatching(NAMES_THE_TABLES, ["worker/store/"])).toEqual([]);
  });

  it("is found where it is written (the rule reads the store's own SQL)", () => {
    expect(sourcesMatching(NAMES_THE_TABLES)).toContain("worker/store/versioned-store.ts");
  });
});
