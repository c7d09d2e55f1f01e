// Plugin fixtures for Worker tests, installed through the REST API.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { api } from "./api";
import { base64, type PackageSpec, pluginZip } from "./plugin-zip";
import { freshId } from "./toolsets";

export * from "./plugin-zip";

export const freshPluginId = () => freshId("plg");

export async function installPlugin(spec: Partial<PackageSpec> = {}) {
  const id = spec.id ?? freshPluginId();
  const { status, body } = await api("POST", "/plugins/install", { package_base64: base64(pluginZip({ ...spec, id })) });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { id: string; revision: number; skills: { name: string; prompt_name: string; enabled: boolean }[] };
}

/** Every key in the plugin blob bucket (R2 lists at most 1000 a page). */
export async function blobKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PLUGIN_BLOBS.list(cursor ? { cursor } : {});
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}
