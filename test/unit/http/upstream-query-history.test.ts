// Upstream Seizu's query console keeps each person's ad-hoc queries: POST /query/adhoc answers
// the entry's history_id; GET /query-history pages the caller's own entries, newest first.
// Nobody sees or deletes another person's entries; each person keeps their newest HISTORY_MAX.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { HISTORY_MAX, QueryHistory } from "../../../worker/graph/history";
import { api } from "../../support/api";
import { freshId } from "../../support/toolsets";

const adhoc = async (query: string) => (await api("POST", "/query/adhoc", { query })).body;

beforeEach(async () => {
  expect((await api("DELETE", "/query-history")).status).toBe(204);
});

describe("POST /query/adhoc", () => {
  it("records the query in the caller's history and answers its history_id", async () => {
    const { history_id } = await adhoc("RETURN 1 AS one");
    const { status, body } = await api("GET", `/query-history/${history_id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ history_id, user_id: "local-admin", query: "RETURN 1 AS one" });
    expect(Date.parse(body.executed_at)).not.toBeNaN();
  });

  it("records nothing for a query it refuses", async () => {
    await api("POST", "/query/adhoc", { query: "CREATE (n:Refused) RETURN n" });
    expect((await api("GET", "/query-history")).body.total).toBe(0);
  });
});

describe("GET /query-history", () => {
  it("pages the caller's entries newest first, as upstream pages them", async () => {
    for (const n of [1, 2, 3]) await adhoc(`RETURN ${n} AS n`);
    const first = await api("GET", "/query-history?page=1&per_page=2");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.body.items.map((item: { query: string }) => item.query)).toEqual(["RETURN 3 AS n", "RETURN 2 AS n"]);
    const second = await api("GET", "/query-history?page=2&per_page=2");
    expect(second.body.items.map((item: { query: string }) => item.query)).toEqual(["RETURN 1 AS n"]);
    expect((await api("GET", "/query-history")).body).toMatchObject({ page: 1, per_page: 20, total: 3 });
  });

  it("refuses a page size out of bounds, naming per_page", async () => {
    const { status, body } = await api("GET", "/query-history?per_page=101");
    expect(status).toBe(400);
    expect(body.error.message).toContain("per_page");
  });

  it(`keeps each person's newest ${HISTORY_MAX} entries`, async () => {
    const someone = new QueryHistory(env.DB, freshId("person"));
    for (let n = 1; n <= HISTORY_MAX + 3; n++) await someone.record(`RETURN ${n} AS n`);
    const { items, total } = await someone.list({ page: 1, per_page: 100 });
    expect(total).toBe(HISTORY_MAX);
    expect(items[0]?.query).toBe(`RETURN ${HISTORY_MAX + 3} AS n`);
    expect(items.at(-1)?.query).toBe("RETURN 4 AS n");
  });
});

describe("another person's history", () => {
  it("is neither listed, nor read, nor deleted: their entry's id is a 404", async () => {
    const other = new QueryHistory(env.DB, freshId("other"));
    const theirs = await other.record("MATCH (secret) RETURN secret");
    expect((await api("GET", "/query-history")).body.items).toEqual([]);
    const read = await api("GET", `/query-history/${theirs.history_id}`);
    expect(read.status).toBe(404);
    expect((await api("DELETE", `/query-history/${theirs.history_id}`)).status).toBe(404);
    await api("DELETE", "/query-history");
    expect(await other.get(theirs.history_id)).toEqual(theirs);
  });
});

describe("DELETE /query-history", () => {
  it("deletes one entry of the caller's by id", async () => {
    const kept = await adhoc("RETURN 'kept' AS s");
    const gone = await adhoc("RETURN 'gone' AS s");
    expect((await api("DELETE", `/query-history/${gone.history_id}`)).status).toBe(204);
    expect((await api("GET", `/query-history/${gone.history_id}`)).status).toBe(404);
    expect((await api("GET", `/query-history/${kept.history_id}`)).status).toBe(200);
  });

  it("deletes all of the caller's entries", async () => {
    await adhoc("RETURN 1 AS one");
    expect((await api("DELETE", "/query-history")).status).toBe(204);
    expect((await api("GET", "/query-history")).body).toMatchObject({ items: [], total: 0 });
  });
});
