// Upstream Seizu's watch_scans editors autocomplete from GET /sync-metadata/values: the distinct
// grouptype, syncedtype and groupid values of the graph's SyncMetadata nodes.
import { describe, expect, it } from "vitest";
import { VALUE_MAX_LENGTH } from "../../../worker/workflows/watch";
import { api } from "../../support/api";
import { testNeo4j, uniqueLabel } from "../../support/neo4j";

describe("GET /sync-metadata/values", () => {
  it("lists each attribute's distinct values, in order, with groupids as text", async () => {
    const tag = uniqueLabel("sync");
    await testNeo4j().query(
      `UNWIND $scans AS scan CREATE (:SyncMetadata {grouptype: scan[0], syncedtype: scan[1], groupid: scan[2], lastupdated: 1})`,
      {
        scans: [
          [`${tag}_b`, `${tag}_Bucket`, 12345],
          [`${tag}_a`, `${tag}_Bucket`, `${tag}_account`],
          [`${tag}_a`, "", `${tag}_account`],
        ],
      },
      { accessMode: "WRITE" },
    );
    const { status, body } = await api("GET", "/sync-metadata/values");
    expect(status).toBe(200);
    const ours = (values: string[]) => values.filter((value) => value.startsWith(tag));
    expect(ours(body.grouptypes)).toEqual([`${tag}_a`, `${tag}_b`]);
    expect(ours(body.syncedtypes)).toEqual([`${tag}_Bucket`]);
    expect(body.groupids).toContain("12345");
    expect(body.groupids).toContain(`${tag}_account`);
    expect(body.syncedtypes).not.toContain("");
  });

  it("leaves out a value longer than any watch_scans pattern is matched against", async () => {
    const long = `${uniqueLabel("long")}${"x".repeat(VALUE_MAX_LENGTH)}`;
    await testNeo4j().query("CREATE (:SyncMetadata {grouptype: $long, syncedtype: 'T', groupid: 'g', lastupdated: 1})", { long }, { accessMode: "WRITE" });
    const { body } = await api("GET", "/sync-metadata/values");
    expect(body.grouptypes).not.toContain(long);
  });
});
