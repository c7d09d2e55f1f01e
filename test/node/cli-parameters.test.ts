// --param as the CLI reads it: the sensitive mark, after the optional required|optional flag.
import { describe, expect, it } from "vitest";
import { parametersOption } from "../../cli/parameters";

describe("--param", () => {
  it("marks a parameter sensitive, with or without required", () => {
    expect(parametersOption({ param: ["key:string:required:sensitive", "token:string:sensitive", "n:integer:optional=3"] })).toEqual([
      { name: "key", type: "string", required: true, sensitive: true },
      { name: "token", type: "string", sensitive: true },
      { name: "n", type: "integer", required: false, default: 3 },
    ]);
  });

  it("refuses a flag it does not know, naming the syntax", () => {
    expect(() => parametersOption({ param: ["key:string:secret"] })).toThrow("name:type[:required|optional][:sensitive][=default]");
    expect(() => parametersOption({ param: ["key:string:sensitive:required"] })).toThrow("expected");
  });
});
