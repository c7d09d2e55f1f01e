// A package's manifest: plugin.json at the top, or .claude-plugin/plugin.json as Claude Code lays
// a plugin out (skills/ at the top either way). A package may carry both only when they hold the
// same manifest: two that disagree are refused, rather than one of them silently winning. The
// plugin's id is extensions."com.mappedsky.seizu".skillsetId where the manifest declares one
// (upstream Seizu's packages); a plain Agent Plugin's id is derived from its name (derivedId).
import { canonicalJson } from "../digest";
import type { FieldIssue } from "../errors/domain";
import { LIMITS } from "./limits";
import { json, parsed } from "./package-text";
import { type Manifest, manifestSchema, pluginId, SEIZU_EXTENSION } from "./schemas";

export const MANIFEST = "plugin.json";
export const CLAUDE_MANIFEST = ".claude-plugin/plugin.json";

export interface PackageManifest {
  manifest: Manifest;
  id: string;
  /** The manifest field the id comes from (skillsetId, or name when derived), for messages about it. */
  idField: string;
}

/**
 * A plain Agent Plugin's id from its name: accents dropped, lowercase, every run of other
 * characters (hyphens and spaces included: ids are lower_snake_case) one underscore, none at the
 * ends. "Incident-Kit 2" → incident_kit_2.
 */
export function derivedId(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** A manifest file's JSON, within its size limit before it is parsed at all. */
function manifestValue(path: string, bytes: Uint8Array, issues: FieldIssue[]): unknown {
  if (bytes.byteLength > LIMITS.manifestBytes) {
    issues.push({
      field: path,
      rule: "too_large",
      message: `is ${bytes.byteLength} bytes; at most ${LIMITS.manifestBytes} (${LIMITS.manifestBytes / 1024} KiB)`,
    });
    return undefined;
  }
  return json(path, bytes, issues);
}

/** The manifest's path and JSON: the one the package holds, or the first of two that agree. */
function manifestJson(entries: ReadonlyMap<string, Uint8Array>, issues: FieldIssue[]): { path: string; value: unknown } | undefined {
  const found = [MANIFEST, CLAUDE_MANIFEST].flatMap((path) => {
    const bytes = entries.get(path);
    return bytes ? [{ path, value: manifestValue(path, bytes, issues) }] : [];
  });
  const [first, second] = found;
  if (!first) {
    issues.push({
      field: MANIFEST,
      rule: "missing_manifest",
      message: `is required at the top of the package (or as ${CLAUDE_MANIFEST}, Claude Code's layout)`,
    });
    return undefined;
  }
  if (found.some((manifest) => manifest.value === undefined)) return undefined;
  if (second && canonicalJson(first.value) !== canonicalJson(second.value)) {
    issues.push({
      field: CLAUDE_MANIFEST,
      rule: "conflicting_manifests",
      message: `differs from ${MANIFEST}; a package may carry both only when they hold the same manifest: keep one of them`,
    });
    return undefined;
  }
  return first;
}

/** The package's manifest checked, with the plugin's id; undefined once its problems are recorded. */
export function readManifest(entries: ReadonlyMap<string, Uint8Array>, issues: FieldIssue[]): PackageManifest | undefined {
  const found = manifestJson(entries, issues);
  if (!found) return undefined;
  const manifest = parsed(manifestSchema, found.value, found.path, issues);
  if (!manifest) return undefined;
  const declared = manifest.extensions?.[SEIZU_EXTENSION]?.skillsetId;
  if (declared !== undefined) return { manifest, id: declared, idField: `${found.path}:extensions.${SEIZU_EXTENSION}.skillsetId` };
  const idField = `${found.path}:name`;
  const id = derivedId(manifest.name);
  const checked = pluginId.safeParse(id);
  if (checked.success) return { manifest, id, idField };
  issues.push({
    field: idField,
    rule: "underivable_id",
    message: `is ${JSON.stringify(manifest.name)}, from which no plugin id can be derived (${id ? `${id} ${checked.error.issues[0]?.message}` : "it holds no letters or digits"}): rename the plugin, or declare its id as extensions."${SEIZU_EXTENSION}".skillsetId`,
  });
  return undefined;
}
