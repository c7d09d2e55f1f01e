import { describe, expect, it } from "vitest";
import { parseNeo4jDuration } from "../../../worker/neo4j/duration";

describe("Neo4j's duration settings, as SHOW SETTINGS prints them", () => {
  it.each([
    ["30s", 30],
    ["1m", 60],
    ["1m30s", 90],
    ["500ms", 0.5],
    ["1s500ms", 1.5],
    ["0s", 0],
    ["1h", 3_600],
    ["1d1h1m1s1ms", 90_061.001],
    ["1μs500ns", 0.0000015],
  ])("reads %s as %d seconds", (text, seconds) => {
    expect(parseNeo4jDuration(text)).toBeCloseTo(seconds, 9);
  });

  it.each(["", "30", "s", "30 s", "-1s", "1.5s", "1w", "30sec", "PT30S", "30s "])("does not understand %j", (text) => {
    expect(parseNeo4jDuration(text)).toBeUndefined();
  });
});
