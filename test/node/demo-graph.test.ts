// The demo graph loader against a real Neo4j. It gets a server of its own rather than the
// run's shared one: `replace: true` deletes every node, other tests' fixtures included.
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the npm scripts
import { repoRoot, startNeo4j, stopNeo4j } from "../../scripts/neo4j/server.mjs";
// @ts-expect-error plain ESM loader shared with the npm scripts
import { demoQueries, graphIsEmpty, loadDemoGraph } from "../../scripts/demo-graph/load.mjs";

interface DemoQuery {
  id: string;
  cypher: string;
  parameters?: Record<string, { type: string; default: unknown }>;
}

const home = join(repoRoot, `.local/neo4j/demo-test-${process.pid}`);
let connection: { boltUrl: string; user: string; password: string };
let driver: Driver;

beforeAll(async () => {
  const server = await startNeo4j({ home, heap: "1g", pageCache: "256m" });
  connection = { boltUrl: server.boltUrl, user: server.user, password: server.password };
  driver = neo4j.driver(connection.boltUrl, neo4j.auth.basic(connection.user, connection.password), { disableLosslessIntegers: true });
});

afterAll(async () => {
  await driver?.close();
  await stopNeo4j(home);
  rmSync(home, { recursive: true, force: true });
});

async function read(cypher: string, parameters: Record<string, unknown> = {}) {
  const { records } = await driver.executeQuery(cypher, parameters, { routing: neo4j.routing.READ });
  return records.map((record) => record.toObject());
}

/** A value in a form that ignores map key order and prints temporals the same way every time. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (neo4j.isDateTime(value as never) || neo4j.isDate(value as never)) return `${(value as object).constructor.name}:${String(value)}`;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** A digest of every node (labels, properties) and relationship (ends, type, properties). */
async function graphDigest() {
  const hash = createHash("sha256");
  for (const row of await read("MATCH (n) RETURN labels(n) AS labels, properties(n) AS props ORDER BY n.id")) {
    hash.update(`${JSON.stringify(canonical({ labels: (row.labels as string[]).toSorted(), props: row.props }))}\n`);
  }
  for (const row of await read("MATCH (a)-[r]->(b) RETURN a.id AS from, type(r) AS type, b.id AS to, properties(r) AS props ORDER BY from, type, to")) {
    hash.update(`${JSON.stringify(canonical(row))}\n`);
  }
  return hash.digest("hex");
}

/** The single row a query returns. */
async function readOne(cypher: string) {
  const [row] = await read(cypher);
  if (!row) throw new Error(`no row from ${cypher}`);
  return row;
}

async function counts() {
  return readOne("MATCH (n) WITH count(n) AS nodes MATCH ()-[r]->() RETURN nodes, count(r) AS relationships");
}

function defaults(query: DemoQuery) {
  return Object.fromEntries(
    Object.entries(query.parameters ?? {}).map(([name, { type, default: value }]) => [name, type === "integer" ? neo4j.int(value as number) : value]),
  );
}

describe("demo graph loader", () => {
  let firstDigest: string;

  it("loads exactly the requested number of nodes into an empty database", async () => {
    expect(await graphIsEmpty(connection)).toBe(true);
    const lines: string[] = [];
    const created = await loadDemoGraph({ ...connection, nodes: 3000, log: (line: string) => lines.push(line) });

    expect(created.nodes).toBe(3000);
    expect(created.relationships).toBeGreaterThan(3000);
    expect(await counts()).toEqual(created);
    expect(await graphIsEmpty(connection)).toBe(false);
    expect(lines.at(-1)).toMatch(/3,000\/3,000 nodes \(100%\)/);
    firstDigest = await graphDigest();
  });

  it("indexes id on every label, plus the demo queries' filters, all online", async () => {
    const online = await read(
      "SHOW INDEXES YIELD name, state, labelsOrTypes, properties WHERE state = 'ONLINE' RETURN name, labelsOrTypes[0] AS label, properties",
    );
    const labels = (await read("CALL db.labels() YIELD label RETURN label")).map((row) => row.label);
    expect(labels.length).toBeGreaterThanOrEqual(12);
    for (const label of labels) expect(online).toContainEqual(expect.objectContaining({ label, properties: ["id"] }));
    for (const name of ["demo_cve_severity", "demo_ec2instance_exposed_internet", "demo_dependency_name"]) {
      expect(online.map((row) => row.name)).toContain(name);
    }
  });

  it("gives properties their Neo4j types", async () => {
    const [types] = await read(`
      MATCH (i:EC2Instance) WITH i LIMIT 1
      MATCH (r:IpRule) WITH i, r LIMIT 1
      MATCH (c:CVE) WITH i, r, c LIMIT 1
      RETURN valueType(i.launchtime) AS launchtime, valueType(i.exposed_internet) AS exposed, valueType(i.tags) AS tags,
             valueType(r.fromport) AS fromport, valueType(c.cvss_score) AS cvss, valueType(c.published) AS published`);
    expect(types).toEqual({
      launchtime: "ZONED DATETIME NOT NULL",
      exposed: "BOOLEAN NOT NULL",
      tags: "LIST<STRING NOT NULL> NOT NULL",
      fromport: "INTEGER NOT NULL",
      cvss: "FLOAT NOT NULL",
      published: "DATE NOT NULL",
    });
  });

  it("marks exactly the instances with a public address behind an open rule as exposed", async () => {
    const row = await readOne(`
      MATCH (i:EC2Instance)
      OPTIONAL MATCH (i)-[:MEMBER_OF_EC2_SECURITY_GROUP]->()<-[:MEMBER_OF_EC2_SECURITY_GROUP]-(rule:IpRule {cidr: '0.0.0.0/0'})
      WITH i, count(rule) > 0 AND i.publicipaddress IS NOT NULL AS open
      RETURN sum(CASE WHEN i.exposed_internet THEN 1 ELSE 0 END) AS exposed, sum(CASE WHEN i.exposed_internet <> open THEN 1 ELSE 0 END) AS wrong`);
    expect(row.exposed).toBeGreaterThan(0);
    expect(row.wrong).toBe(0);
  });

  it.each(demoQueries as DemoQuery[])("demo query $id returns rows", async (query) => {
    const rows = await read(query.cypher, defaults(query));
    expect(rows.length).toBeGreaterThan(0);
  });

  it("refuses a database that is not empty", async () => {
    await expect(loadDemoGraph({ ...connection, nodes: 3000, log: () => {} })).rejects.toThrow(/already holds 3000 nodes.*replace/);
    expect((await counts()).nodes).toBe(3000);
  });

  it("replaces the graph with an identical one for the same size", async () => {
    const created = await loadDemoGraph({ ...connection, nodes: 3000, replace: true, log: () => {} });
    expect(created.nodes).toBe(3000);
    expect(await graphDigest()).toBe(firstDigest);
  });

  it("generates a different graph of the requested size for another size", async () => {
    const created = await loadDemoGraph({ ...connection, nodes: 1234, replace: true, log: () => {} });
    expect(created.nodes).toBe(1234);
    expect((await counts()).nodes).toBe(1234);
    expect(await graphDigest()).not.toBe(firstDigest);
  });

  it("rejects sizes too small for the graph's shape", async () => {
    await expect(loadDemoGraph({ ...connection, nodes: 10, replace: true, log: () => {} })).rejects.toThrow(/at least 100/);
  });
});
