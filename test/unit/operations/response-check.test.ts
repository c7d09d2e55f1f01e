// The check every api() response passes (test/support/response-check.ts) must be able to fail,
// or the Worker tests would prove nothing about the declared schemas.
import { describe, expect, it } from "vitest";
import { checkResponse, operationFor } from "../../support/response-check";

const toolset = {
  id: "a",
  toolset_id: "a",
  name: "A",
  description: "",
  enabled: true,
  built_in: false,
  version: 1,
  created_at: "t",
  created_by: "u",
  updated_at: "t",
  updated_by: "u",
  current_version: 1,
};

describe("the declared-response check of the Worker tests", () => {
  it("finds the operation of a path, static segments before parameters", () => {
    expect(operationFor("GET", "/toolsets/export")?.operationId).toBe("toolsets_export");
    expect(operationFor("GET", "/toolsets/abc?x=1")?.operationId).toBe("toolsets_get");
    expect(operationFor("POST", "/toolsets/a/tools/b/versions/2/restore")?.operationId).toBe("toolsets_tool_restore");
  });

  it("passes a body that matches the declared response", () => {
    expect(() => checkResponse("GET", "/toolsets/a", 200, toolset)).not.toThrow();
  });

  it("refuses a field the response does not declare, strict schema or not", () => {
    expect(() => checkResponse("GET", "/toolsets/a", 200, { ...toolset, secret: 1 })).toThrow(/outside its declared response/);
    const user = {
      user_id: "u",
      sub: "u",
      iss: "dev",
      email: null,
      display_name: null,
      preferred_username: null,
      created_at: "t",
      last_login: "t",
      archived_at: null,
      role: null,
    };
    const me = { subject: "u", roles: [], permissions: [], user };
    expect(() => checkResponse("GET", "/me", 200, me)).not.toThrow();
    expect(() => checkResponse("GET", "/me", 200, { ...me, secret: 1 })).toThrow(/does not declare/);
  });

  it("refuses a field of the wrong type", () => {
    expect(() => checkResponse("GET", "/toolsets/a", 200, { ...toolset, version: "1" })).toThrow(/declared response/);
  });

  it("refuses another status than the declared one", () => {
    expect(() => checkResponse("POST", "/toolsets", 200, toolset)).toThrow(/declares 201/);
    expect(() => checkResponse("DELETE", "/toolsets/a", 200, {})).toThrow(/204/);
  });

  it("refuses an error body outside the error schema", () => {
    expect(() => checkResponse("GET", "/toolsets/a", 404, { error: { code: "not_found", message: "x" } })).not.toThrow();
    expect(() => checkResponse("GET", "/toolsets/a", 404, { error: { code: "missing", message: "x" } })).toThrow(/error schema/);
  });
});
