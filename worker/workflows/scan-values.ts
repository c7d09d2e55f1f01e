// The distinct SyncMetadata values watch_scans match against (grouptype, syncedtype, groupid),
// for the editors' autocompletes (upstream Seizu's GET /sync-metadata/values). Read-only and
// bounded: at most VALUES_LIMIT values of each attribute, in order, none longer than a value
// watch_scans ever matches (watch.ts), so a graph with many accounts cannot make a large answer.
import type { Neo4jClient } from "../neo4j/client";
import { VALUE_MAX_LENGTH } from "./watch";

export const VALUES_LIMIT = 1000;

const distinct = (attribute: string) =>
  `CALL { MATCH (s:SyncMetadata) WITH DISTINCT toString(s.${attribute}) AS value
   WHERE value <> '' AND size(value) <= $maxLength RETURN value ORDER BY value LIMIT $limit }`;

const VALUES_CYPHER = `${distinct("grouptype")} WITH collect(value) AS grouptypes
${distinct("syncedtype")} WITH grouptypes, collect(value) AS syncedtypes
${distinct("groupid")} WITH grouptypes, syncedtypes, collect(value) AS groupids
RETURN grouptypes, syncedtypes, groupids`;

export interface ScanValues {
  grouptypes: string[];
  syncedtypes: string[];
  groupids: string[];
}

export async function readScanValues(neo4j: Neo4jClient): Promise<ScanValues> {
  const result = await neo4j.query(VALUES_CYPHER, { maxLength: VALUE_MAX_LENGTH, limit: VALUES_LIMIT }, { accessMode: "READ" });
  const [grouptypes, syncedtypes, groupids] = (result.rows[0] ?? [[], [], []]) as string[][];
  return { grouptypes: grouptypes ?? [], syncedtypes: syncedtypes ?? [], groupids: groupids ?? [] };
}
