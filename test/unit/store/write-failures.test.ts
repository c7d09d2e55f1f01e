// How the versioned store reports a write the database refused, whatever the schemas above it
// let through: a key taken or a stale base is a conflict (409); content the database will not
// hold (JSON nested past SQLite's 1000 levels, a value too big) is a 422 naming what it can; any
// other failure stays a bug (500). These tests get past the schemas with a store whose schema
// takes any value, as no resource's does.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConflictError, ValidationError } from "../../../worker/errors/domain";
import { reportOf } from "../../../worker/operations/error-table";
import { batchFailure, isConstraintFailure, VersionedStore } from "../../../worker/store/versioned-store";
import { nested, PAST_DATABASE_DEPTH } from "../../support/nesting";
import { freshId } from "../../support/toolsets";

const anyValue = z.object({ value: z.unknown() }).strict();
const store = () => new VersionedStore(env.DB, freshId("probe"), anyValue);
const change = { author: "tester" };

async function failureOf(write: Promise<unknown>): Promise<unknown> {
  try {
    await write;
  } catch (error) {
    return error;
  }
  throw new Error("the write succeeded");
}

describe("the versioned store: a write the database refuses", () => {
  it("creating a definition nested past the database's JSON limit is a 422 naming its field, and writes nothing", async () => {
    const probe = store();
    const error = await failureOf(probe.create("", "deep", { value: nested(PAST_DATABASE_DEPTH) }, change));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { field: "value", rule: "too_deep", message: "is not JSON the database stores: it nests more than 1000 levels of arrays and objects" },
    ]);
    expect(reportOf(error).status).toBe(422);
    expect(await probe.get("", "deep")).toBeUndefined();
  });

  it("updating to a definition nested past the database's JSON limit is a 422, never 'at version 1; based on version 1', and writes nothing", async () => {
    const probe = store();
    await probe.create("", "kept", { value: "first" }, change);
    const error = await failureOf(probe.update("", "kept", { value: nested(PAST_DATABASE_DEPTH) }, 1, change));
    expect(error).not.toBeInstanceOf(ConflictError);
    expect(reportOf(error)).toMatchObject({
      status: 422,
      code: "validation_failed",
      details: { fields: [expect.objectContaining({ field: "value", rule: "too_deep" })] },
    });
    expect(await probe.get("", "kept")).toMatchObject({ version: 1, body: { value: "first" } });
    expect((await probe.versions("", "kept")).map((entry) => entry.version)).toEqual([1]);
  });

  it("still answers a stale base version with the conflict", async () => {
    const probe = store();
    await probe.create("", "moved", { value: 1 }, change);
    await probe.update("", "moved", { value: 2 }, 1, change);
    const error = await failureOf(probe.update("", "moved", { value: 3 }, 1, change));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toContain("is at version 2; this change was based on version 1");
  });

  it("refuses a definition over 1,000,000 bytes as JSON with a 422 before writing it", async () => {
    const probe = store();
    const error = await failureOf(probe.create("", "big", { value: "é".repeat(500_000) }, change));
    expect((error as ValidationError).issues).toEqual([
      { field: "(body)", rule: "too_big", message: `${probe.kind} big is 1000012 bytes as JSON; a stored definition may be at most 1000000 bytes` },
    ]);
    expect(await probe.get("", "big")).toBeUndefined();
  });
});

describe("a failed batch of store statements (an import's)", () => {
  const conflict = "changed while it was being imported";

  it("is a 422 naming the section when the database refuses JSON nested past its limit", async () => {
    const probe = store();
    const error = await failureOf(env.DB.batch(probe.createStatements("", "deep", { value: nested(PAST_DATABASE_DEPTH) }, change, "now")));
    const failure = batchFailure(error, "toolsets", conflict);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).issues).toEqual([expect.objectContaining({ field: "toolsets", rule: "too_deep" })]);
    expect(await probe.get("", "deep")).toBeUndefined();
  });

  it("is a 422 when the database says a value is too big (SQLITE_TOOBIG), and the batch writes nothing", async () => {
    const probe = store();
    const tooBig = env.DB.prepare("SELECT zeroblob(?) AS blob").bind(1_000_000_001);
    const error = await failureOf(env.DB.batch([...probe.createStatements("", "sized", { value: 1 }, change, "now"), tooBig]));
    expect((error as Error).message).toContain("SQLITE_TOOBIG");
    expect(isConstraintFailure(error)).toBe(false);
    const failure = batchFailure(error, "reports", conflict);
    expect(reportOf(failure)).toMatchObject({
      status: 422,
      details: { fields: [{ field: "reports", rule: "too_big", message: "is too big for the database to store" }] },
    });
    expect(await probe.get("", "sized")).toBeUndefined();
  });

  it("is the conflict when another write took the key first", async () => {
    const probe = store();
    await probe.create("", "taken", { value: 1 }, change);
    const error = await failureOf(env.DB.batch(probe.createStatements("", "taken", { value: 2 }, change, "now")));
    expect(batchFailure(error, "toolsets", conflict)).toEqual(new ConflictError(conflict));
  });

  it("is neither a conflict nor a 422 when a CHECK that is not about the content fails: a 500", async () => {
    const versionZero = env.DB.prepare(
      "INSERT INTO definitions (kind, parent_id, id, version, body, created_at, created_by, updated_at, updated_by) VALUES ('probe', '', 'v0', 0, '{}', '', '', '', '')",
    );
    const error = await failureOf(env.DB.batch([versionZero]));
    expect((error as Error).message).toContain("CHECK constraint failed: version >= 1");
    expect(isConstraintFailure(error)).toBe(false);
    expect(reportOf(batchFailure(error, "toolsets", conflict))).toMatchObject({ status: 500, code: "internal" });
  });
});
