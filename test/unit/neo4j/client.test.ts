import { beforeAll, describe, expect, it } from "vitest";
import { Neo4jError, Neo4jTimeoutError, Neo4jUnavailableError } from "../../../worker/neo4j/errors";
import { neo4jFloat, neo4jInteger } from "../../../worker/neo4j/typed-json";
import { testNeo4j, uniqueLabel } from "../../support/neo4j";
import { recordNeo4jRequests, statementRequests } from "../../support/neo4j-requests";

const neo4j = testNeo4j();

describe("Query API client: parameters", () => {
  it("sends every JSON type and gets it back unchanged", async () => {
    const params = { s: 'héllo "quoted" \\ ünï', i: 42, f: 2.5, t: true, n: null, l: [1, "two", false], m: { nested: { deep: [1.5] } } };
    const result = await neo4j.query("RETURN $s AS s, $i AS i, $f AS f, $t AS t, $n AS n, $l AS l, $m AS m", params);
    expect(result.fields).toEqual(["s", "i", "f", "t", "n", "l", "m"]);
    expect(result.rows).toEqual([[params.s, 42, 2.5, true, null, [1, "two", false], { nested: { deep: [1.5] } }]]);
  });

  it("keeps an integral float a Float and a declared integer an Integer", async () => {
    const { rows } = await neo4j.query("RETURN valueType($f) AS f, valueType($i) AS i, valueType($plain) AS plain", {
      f: neo4jFloat(3),
      i: neo4jInteger(7),
      plain: 3,
    });
    expect(rows[0]).toEqual(["FLOAT NOT NULL", "INTEGER NOT NULL", "INTEGER NOT NULL"]);
  });

  it("round-trips integers beyond 2^53 exactly, as decimal text", async () => {
    const big = 9_007_199_254_740_993n;
    const { rows } = await neo4j.query(
      "RETURN $big AS big, $big + 1 AS next, 9223372036854775807 AS max, -9223372036854775808 AS min, 9007199254740991 AS safe",
      { big },
    );
    expect(rows[0]).toEqual(["9007199254740993", "9007199254740994", "9223372036854775807", "-9223372036854775808", 9007199254740991]);
  });

  it("rejects a number that is not an exact integer when declared one", async () => {
    await expect(neo4j.query("RETURN $x", { x: neo4jInteger(1.5) })).rejects.toThrow(RangeError);
  });
});

describe("Query API client: values", () => {
  it("maps temporal values to their ISO-8601 text", async () => {
    const { rows } = await neo4j.query(
      `RETURN date('2024-02-29') AS d, localtime('12:34:56.789') AS lt, time('12:00+01:00') AS t,
              localdatetime('2024-01-02T03:04:05') AS ldt, datetime('2024-01-02T03:04:05Z') AS odt,
              datetime('2024-07-01T10:00[Europe/Paris]') AS zdt, duration('P1Y2M3DT4H5M6.5S') AS dur`,
    );
    expect(rows[0]).toEqual([
      "2024-02-29",
      "12:34:56.789",
      "12:00:00+01:00",
      "2024-01-02T03:04:05",
      "2024-01-02T03:04:05Z",
      "2024-07-01T10:00:00+02:00[Europe/Paris]",
      "P1Y2M3DT4H5M6.5S",
    ]);
  });

  it("maps points, byte arrays and non-finite floats", async () => {
    const { rows } = await neo4j.query(
      "RETURN point({x: 1, y: 2}) AS p2, point({latitude: 1.5, longitude: 2.5, height: 3}) AS p3, 0.0/0.0 AS nan, 1.0/0.0 AS inf",
    );
    expect(rows[0]).toEqual([{ srid: 7203, x: 1, y: 2 }, { srid: 4979, x: 2.5, y: 1.5, z: 3 }, "NaN", "Infinity"]);
  });

  it("maps nodes, relationships and paths with element ids and properties", async () => {
    const label = uniqueLabel("Graph");
    const { rows } = await neo4j.query(
      `CREATE p = (a:${label}:Extra {name: 'a', n: 1})-[r:LINKS {w: 0.5}]->(b:${label} {name: 'b'}) RETURN a, r, p`,
      {},
      { accessMode: "WRITE" },
    );
    const [a, r, p] = rows[0] as [Record<string, unknown>, Record<string, unknown>, { nodes: unknown[]; relationships: unknown[] }];
    // Neo4j lists labels in the order their names were first created on the server, not as written.
    expect(a).toMatchObject({ labels: expect.arrayContaining([label, "Extra"]), properties: { name: "a", n: 1 } });
    expect(a.labels).toHaveLength(2);
    expect(a.elementId).toEqual(expect.any(String));
    expect(r).toMatchObject({ type: "LINKS", properties: { w: 0.5 }, startNodeElementId: a.elementId });
    expect(p.nodes).toHaveLength(2);
    expect(p.relationships).toEqual([r]);
    await neo4j.query(`MATCH (n:${label}) DETACH DELETE n`, {}, { accessMode: "WRITE" });
  });
});

describe("Query API client: access mode and errors", () => {
  it("refuses a write in READ mode, the default", async () => {
    const label = uniqueLabel("ReadOnly");
    const error = await neo4j.query(`CREATE (:${label})`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Neo4jError);
    expect((error as Neo4jError).code).toBe("Neo.ClientError.Statement.AccessMode");
    const { rows } = await neo4j.query(`MATCH (n:${label}) RETURN count(n)`);
    expect(rows).toEqual([[0]]);
  });

  it("surfaces syntax errors with Neo4j's code and position", async () => {
    const error = (await neo4j.query("MATCH (n RETURN n").catch((e: unknown) => e)) as Neo4jError;
    expect(error).toBeInstanceOf(Neo4jError);
    expect(error.code).toBe("Neo.ClientError.Statement.SyntaxError");
    expect(error.isClientError).toBe(true);
    expect(error.position).toMatchObject({ line: 1 });
  });

  it("surfaces an error raised after rows started streaming", async () => {
    const stream = await neo4j.open("UNWIND range(1, 20000) AS x RETURN 10 / (x - 15000) AS y");
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const batch of stream) for (const row of batch) seen.push(row);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Neo4jError);
    expect((error as Neo4jError).code).toBe("Neo.ClientError.Statement.ArithmeticError");
  });

  it("rejects wrong credentials with a typed error", async () => {
    const error = await testNeo4j({ auth: { kind: "basic", user: "neo4j", password: "wrong-password" } })
      .query("RETURN 1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Neo4jError);
    expect((error as Neo4jError).code).toMatch(/^Neo\.ClientError\.Security\./);
  });

  it("reports a server that is down as unavailable, quickly", async () => {
    const started = Date.now();
    const error = await testNeo4j({ url: "http://127.0.0.1:9" })
      .query("RETURN 1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Neo4jUnavailableError);
    expect((error as Error).message).toContain("127.0.0.1:9");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

// The test Neo4j's own limit is 30 s: a query with that limit is one auto-commit request, any
// other opens a transaction naming its limit. Access mode, counters and errors are the same both ways.
const WAYS = [
  { way: "as one auto-commit request", timeoutSeconds: 30, paths: [""] },
  { way: "in a transaction, committed", timeoutSeconds: 29, paths: ["/tx", expect.stringMatching(/^\/tx\/\w+\/commit$/)] },
];

for (const { way, timeoutSeconds, paths } of WAYS) {
  describe(`Query API client: a write sent ${way}`, () => {
    beforeAll(async () => {
      expect(await neo4j.checkServerTimeout()).toBe(30);
    });

    it("is refused in READ mode", async () => {
      const label = uniqueLabel("ReadOnlyWay");
      const statement = `CREATE (:${label})`;
      const { result: error, requests } = await recordNeo4jRequests(() => neo4j.query(statement, {}, { timeoutSeconds }).catch((e: unknown) => e));
      expect((error as Neo4jError).code).toBe("Neo.ClientError.Statement.AccessMode");
      expect(statementRequests(requests, statement).map((request) => request.path)).toEqual([paths[0]]);
      expect((await neo4j.query(`MATCH (n:${label}) RETURN count(n)`)).rows).toEqual([[0]]);
    });

    it("is committed before the result counts as done, with its counters", async () => {
      const label = uniqueLabel("Committed");
      const { result, requests } = await recordNeo4jRequests(() =>
        neo4j.query(`CREATE (:${label} {n: 1}), (:${label} {n: 2})`, {}, { accessMode: "WRITE", includeCounters: true, timeoutSeconds }),
      );
      expect(result.counters).toMatchObject({ nodesCreated: 2, propertiesSet: 2, containsUpdates: true });
      expect(requests.filter((request) => request.method === "POST").map((request) => request.path)).toEqual(paths);
      expect((await neo4j.query(`MATCH (n:${label}) RETURN count(n)`)).rows).toEqual([[2]]);
      await neo4j.query(`MATCH (n:${label}) DELETE n`, {}, { accessMode: "WRITE" });
    });

    it("that breaks a constraint fails with Neo4j's error and leaves the graph as it was", async () => {
      const label = uniqueLabel("Unique");
      await neo4j.query(`CREATE CONSTRAINT ${label}_id FOR (n:${label}) REQUIRE n.id IS UNIQUE`, {}, { accessMode: "WRITE" });
      const error = await neo4j
        .query(`CREATE (:${label} {id: 1}) CREATE (:${label} {id: 1})`, {}, { accessMode: "WRITE", timeoutSeconds })
        .catch((e: unknown) => e);
      expect((error as Neo4jError).code).toBe("Neo.ClientError.Schema.ConstraintValidationFailed");
      expect((await neo4j.query(`MATCH (n:${label}) RETURN count(n)`)).rows).toEqual([[0]]);
      await neo4j.query(`DROP CONSTRAINT ${label}_id`, {}, { accessMode: "WRITE" });
    });
  });
}

describe("Query API client: time limits and streaming", () => {
  it("stops a query that runs past its time limit", async () => {
    const started = Date.now();
    const error = await neo4j
      .query("UNWIND range(1, 100000000) AS x MATCH (n) WHERE n.never = x RETURN count(*)", {}, { timeoutSeconds: 1 })
      .catch((e: unknown) => e);
    const timedOut = error instanceof Neo4jTimeoutError || (error instanceof Neo4jError && error.isTimeout);
    expect(timedOut, String(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("stops early on a large stream and cancels the rest", async () => {
    const started = Date.now();
    const stream = await neo4j.open("UNWIND range(1, 50000000) AS x RETURN x, 'padding-' + toString(x) AS s");
    expect(stream.fields).toEqual(["x", "s"]);
    const rows: unknown[] = [];
    reading: for await (const batch of stream) {
      for (const row of batch) {
        rows.push(row);
        if (rows.length === 1000) break reading;
      }
    }
    expect(rows).toHaveLength(1000);
    expect(rows[999]).toEqual([1000, "padding-1000"]);
    expect(Date.now() - started).toBeLessThan(10_000);
    const { rows: after } = await neo4j.query("RETURN 1");
    expect(after).toEqual([[1]]);
  });

  it("returns the plan and notifications of EXPLAIN without running the query", async () => {
    const label = uniqueLabel("Explain");
    const { plan, notifications } = await neo4j.explain(`MATCH (a:${label}), (b:${label}) RETURN a, b`);
    expect(plan.operatorType).toBe("ProduceResults");
    expect(JSON.stringify(plan)).toContain("CartesianProduct");
    expect(notifications.map((n) => n.code)).toContain("Neo.ClientNotification.Statement.CartesianProduct");
  });
});
