// Hostile zip files, built in the test, against the package reader: each is refused with a
// clear error naming the rule, before anything is stored.
import { type Zippable, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../worker/errors/domain";
import { readArchive } from "../../../worker/plugins/archive";
import { api } from "../../support/api";
import { base64, blobKeys, CENTRAL_HEADER, freshPluginId, LOCAL_HEADER, patchHeaders, pluginZip } from "../../support/plugins";

const MiB = 1024 * 1024;

function refusal(zip: Uint8Array) {
  try {
    readArchive(zip);
  } catch (error) {
    if (error instanceof ValidationError) return error.issues[0];
    throw error;
  }
  throw new Error("the archive was accepted");
}

describe("hostile plugin archives", () => {
  it.each([
    ["../evil.txt", "walks out of the package"],
    ["skills/../../evil.txt", "walks out of the package"],
    ["/etc/passwd", "is absolute"],
    ["C:/Windows/evil.dll", "is absolute"],
    ["skills\\triage\\SKILL.md", "contains a backslash"],
  ])("refuses the entry %j: path traversal", (path, message) => {
    const zip = zipSync({ [path]: new TextEncoder().encode("x") } as Zippable);
    expect(refusal(zip)).toMatchObject({ field: "package", rule: "unsafe_path", message: expect.stringContaining(message) });
  });

  it("refuses a zip bomb from its declared size before inflating it", () => {
    const zip = zipSync({ "bomb.bin": new Uint8Array(30 * MiB) }, { level: 9 });
    expect(zip.byteLength).toBeLessThan(MiB);
    expect(refusal(zip)).toMatchObject({ rule: "too_large_unpacked", message: "unpacks to more than 25 MiB" });
  });

  it("refuses an entry that inflates past the size its headers declare", () => {
    const honest = zipSync({ "bomb.bin": new Uint8Array(4 * MiB) }, { level: 9 });
    // Uncompressed size: offset 22 in a local header, 24 in a central directory header.
    const lying = patchHeaders(patchHeaders(honest, LOCAL_HEADER, 22, 100), CENTRAL_HEADER, 24, 100);
    expect(refusal(lying)).toMatchObject({ rule: "zip_bomb", message: "entry bomb.bin inflates past the 100 bytes its header declares" });
  });

  it("refuses more than 500 files", () => {
    const files: Zippable = {};
    for (let index = 0; index <= 500; index++) files[`f${index}.txt`] = new Uint8Array([1]);
    expect(refusal(zipSync(files))).toMatchObject({ rule: "too_many_files", message: "has more than 500 files" });
  });

  it("refuses a zip over 10 MiB", () => {
    const noise = crypto.getRandomValues(new Uint8Array(65536));
    const big = new Uint8Array(10 * MiB + 1);
    for (let at = 0; at < big.length; at += noise.length) big.set(noise.subarray(0, Math.min(noise.length, big.length - at)), at);
    const zip = zipSync({ "noise.bin": big }, { level: 0 });
    expect(refusal(zip)).toMatchObject({ rule: "too_large", message: expect.stringContaining("at most 10 MiB") });
  });

  it("refuses the same path twice", () => {
    const zip = zipSync({ "a.txt": new Uint8Array([1]), "b.txt": new Uint8Array([2]) });
    // The names are the last byte before the data/extra in each header: rename b.txt to a.txt everywhere.
    const renamed = zip.slice();
    for (let at = 0; at + 5 <= renamed.length; at++) if (new TextDecoder().decode(renamed.subarray(at, at + 5)) === "b.txt") renamed[at] = 0x61;
    expect(refusal(renamed)).toMatchObject({ rule: "duplicate_entry", message: "entry a.txt appears twice" });
  });

  it("refuses a compression method it does not read", () => {
    const zip = zipSync({ "a.txt": new TextEncoder().encode("hello hello hello") }, { level: 6 });
    // Method: offset 8 in a local header, 10 in a central directory header; 12 is bzip2.
    const bzip = patchHeaders(patchHeaders(zip, LOCAL_HEADER, 8, 12, 2), CENTRAL_HEADER, 10, 12, 2);
    expect(refusal(bzip)).toMatchObject({ rule: "unsupported_compression" });
  });

  it("refuses a symbolic link entry (Unix mode 0120000), naming it", () => {
    const zip = pluginZip({ id: "linked", files: { "skills/triage/notes.md": "/etc/passwd" }, unixModes: { "skills/triage/notes.md": 0o120777 } });
    expect(refusal(zip)).toEqual({
      field: "package",
      rule: "not_a_regular_file",
      message: "entry skills/triage/notes.md is a symbolic link (Unix mode 0120777); a package holds regular files and directories only",
    });
  });

  it("refuses a device entry as it refuses a link", () => {
    const zip = pluginZip({ id: "device", files: { "dev.bin": "x" }, unixModes: { "dev.bin": 0o020644 } });
    expect(refusal(zip)).toMatchObject({ rule: "not_a_regular_file", message: expect.stringContaining("entry dev.bin is a character device") });
  });

  it("reads regular files and directories that carry Unix modes", () => {
    const zip = pluginZip({ id: "modes", files: { "run.sh": "#!/bin/sh\n" }, unixModes: { "run.sh": 0o100755 } });
    expect([...readArchive(zip).keys()]).toContain("run.sh");
  });

  it("refuses an entry path longer than 256 characters before storing it", () => {
    const path = `docs/${"a".repeat(60_000)}.md`;
    expect(refusal(zipSync({ [path]: new Uint8Array([1]) }))).toEqual({
      field: "package",
      rule: "path_too_long",
      message: `entry ${path.slice(0, 64)}… has a path of 60008 characters; at most 256`,
    });
  });

  it("refuses bytes that are no zip", () => {
    expect(refusal(new TextEncoder().encode("PK? not really"))).toMatchObject({ rule: "not_a_zip" });
  });

  it("refuses a hostile package over REST with 422 and installs nothing", async () => {
    const id = freshPluginId();
    const zip = pluginZip({ id, files: { "../../outside.md": "escape" } });
    const { status, body } = await api("POST", "/plugins/install", { package_base64: base64(zip) });
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "package", rule: "unsafe_path" });
    expect((await api("GET", `/plugins/${id}`)).status).toBe(404);
  });

  it("refuses a symbolic link over REST with 422 naming the entry, writing no blob", async () => {
    const id = freshPluginId();
    const zip = pluginZip({ id, files: { "secrets.txt": "../../../../etc/shadow" }, unixModes: { "secrets.txt": 0o120777 } });
    const before = await blobKeys();
    const { status, body } = await api("POST", "/plugins/install", { package_base64: base64(zip) });
    expect(status).toBe(422);
    expect(body.error.fields).toEqual([
      expect.objectContaining({ field: "package", rule: "not_a_regular_file", message: expect.stringContaining("entry secrets.txt") }),
    ]);
    expect((await api("GET", `/plugins/${id}`)).status).toBe(404);
    expect(await blobKeys()).toEqual(before);
  });
});
