// Plugin packages uploaded as application/zip, beyond what base64 in a 4 MiB JSON body holds.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../../support/api";
import { freshPluginId, pluginZip } from "../../support/plugins";
import { checkResponse } from "../../support/response-check";

const MiB = 1024 * 1024;

async function upload(path: string, zip: Uint8Array, contentType = "application/zip") {
  const response = await exports.default.fetch(
    new Request(`http://seizu.test/api/v1${path}`, { method: "POST", headers: { "content-type": contentType }, body: zip }),
  );
  const body = await response.json<any>();
  checkResponse("POST", path.split("?")[0] as string, response.status, body);
  return { status: response.status, body };
}

/** A package with an incompressible file, so the zip is about `size` bytes. */
function bigZip(id: string, size: number, version = "1.0.0") {
  const noise = new Uint8Array(size);
  for (let at = 0; at < size; at += 65536) crypto.getRandomValues(noise.subarray(at, Math.min(at + 65536, size)));
  return pluginZip({ id, version, files: { "assets/noise.bin": noise } });
}

describe("plugin packages uploaded as application/zip", () => {
  it("installs a package larger than a JSON body may be", async () => {
    const id = freshPluginId();
    const zip = bigZip(id, 5 * MiB);
    expect(zip.byteLength).toBeGreaterThan(4 * MiB);
    const { status, body } = await upload("/plugins/install?comment=big", zip);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ id, revision: 1 });
    expect((await api("GET", `/plugins/${id}/versions`)).body.versions[0]).toMatchObject({ comment: "big", package_size: zip.byteLength });
  });

  it("publishes from base_revision in the query, refusing a stale one with 409", async () => {
    const id = freshPluginId();
    await upload("/plugins/install", pluginZip({ id }));
    expect((await upload(`/plugins/${id}/publish?base_revision=1`, pluginZip({ id, version: "2.0.0" }))).body).toMatchObject({ revision: 2 });
    expect((await upload(`/plugins/${id}/publish?base_revision=1`, pluginZip({ id, version: "3.0.0" }))).status).toBe(409);
  });

  it("requires base_revision to publish", async () => {
    const id = freshPluginId();
    await upload("/plugins/install", pluginZip({ id }));
    const { status, body } = await upload(`/plugins/${id}/publish`, pluginZip({ id, version: "2.0.0" }));
    expect(status).toBe(422);
    expect(body.error.fields[0]).toMatchObject({ field: "base_revision" });
  });

  it("refuses a package over 10 MiB with 413 and installs nothing", async () => {
    const id = freshPluginId();
    const { status, body } = await upload("/plugins/install", bigZip(id, 10 * MiB + 1024));
    expect(status).toBe(413);
    expect(body.error.code).toBe("payload_too_large");
    expect((await api("GET", `/plugins/${id}`)).status).toBe(404);
  });

  it("takes application/zip nowhere else", async () => {
    const { status } = await upload("/plugins/validate", pluginZip({ id: freshPluginId() }));
    expect(status).toBe(415);
  });
});
