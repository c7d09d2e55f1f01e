import { describe, expect, it } from "vitest";
import { api } from "../../support/api";

const BOOKMARK = "seizu-d1-bookmark";
const uniqueId = () => `session_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;

describe("D1 Sessions API: every request on one session, its bookmark returned", () => {
  it("answers a read with the bookmark of the session that served it", async () => {
    const { status, headers } = await api("GET", "/toolsets");
    expect(status).toBe(200);
    expect(headers.get(BOOKMARK)).toMatch(/^[0-9a-f]+(-[0-9a-f]+)*$/i);
  });

  it("reads a write back on the bookmark the write answered with", async () => {
    const id = uniqueId();
    const created = await api("POST", "/toolsets", { id, name: "Session" });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get(BOOKMARK);
    expect(bookmark).toBeTruthy();
    const { status, body, headers } = await api("GET", `/toolsets/${id}`, undefined, { headers: { [BOOKMARK]: bookmark as string } });
    expect(status).toBe(200);
    expect(body.id).toBe(id);
    // A session never moves backwards: what it answers with is at least where it started.
    expect((headers.get(BOOKMARK) as string) >= (bookmark as string)).toBe(true);
  });

  it("refuses a bookmark no response gave, naming the header, and writes nothing", async () => {
    const id = uniqueId();
    const { status, body } = await api("POST", "/toolsets", { id, name: "Refused" }, { headers: { [BOOKMARK]: "'; DROP TABLE definitions; --" } });
    expect(status).toBe(400);
    expect(body.error.message).toContain(BOOKMARK);
    expect((await api("GET", `/toolsets/${id}`)).status).toBe(404);
  });
});
