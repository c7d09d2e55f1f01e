// Spaces hold no lists, numbers or free-form values: a name (at most 200 characters), a
// description (at most 2000) and an overview report. A nested value anywhere is a 422 naming the
// field, and changes nothing.
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { nested, PAST_DATABASE_DEPTH } from "../../support/nesting";
import { freshName } from "../../support/reports";

async function createSpace() {
  const { status, body } = await api("POST", "/spaces", { name: freshName("Bounded"), description: "kept" });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { space_id: string; name: string };
}

describe("spaces: bounds", () => {
  it("refuses a nested value where the description goes, naming it, and leaves the space as it was", async () => {
    const space = await createSpace();
    const { status, body } = await api("PUT", `/spaces/${space.space_id}`, { name: space.name, description: nested(PAST_DATABASE_DEPTH) });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "description", rule: "invalid_type", message: "must be a string" }]);
    expect((await api("GET", `/spaces/${space.space_id}`)).body).toMatchObject({ name: space.name, description: "kept" });
  });

  it("refuses a nested value as the overview report, naming it, and leaves the overview unset", async () => {
    const space = await createSpace();
    const { status, body } = await api("PUT", `/spaces/${space.space_id}/overview`, { report_id: nested(PAST_DATABASE_DEPTH, "r") });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([expect.objectContaining({ field: "report_id", rule: "invalid_type" })]);
    expect((await api("GET", `/spaces/${space.space_id}`)).body.overview_report_id).toBeNull();
  });

  it("refuses a name longer than 200 characters, naming it, and creates nothing", async () => {
    const name = `${freshName("Long")}${"x".repeat(200)}`;
    const { status, body } = await api("POST", "/spaces", { name });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([{ field: "name", rule: "too_big", message: "must be at most 200 characters" }]);
    expect((await api("GET", "/spaces")).body.spaces.some((space: { name: string }) => space.name === name)).toBe(false);
  });
});
