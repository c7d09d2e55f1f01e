// Agent Plugin packages built in the test with fflate: real zip files, well-formed or hostile.
// Free of Worker imports, so Node-side tests build packages with it too.
import { type Zippable, zipSync } from "fflate";

const encoder = new TextEncoder();

export function skillMarkdown(name: string, description: string, body = `# ${name}\n\nDo the thing.\n`): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
}

export interface PackageSpec {
  id: string;
  name?: string;
  version?: string;
  /** Skill directory → SKILL.md text. */
  skills?: Record<string, string>;
  /** More files by path (text). */
  files?: Record<string, string | Uint8Array>;
  /** plugin.json replaced by this text, or left out with null. */
  manifest?: string | null;
  /** Every entry's modification time. */
  mtime?: Date;
  /** Unix modes by path (0o120777: a symbolic link), written to the central directory as a Unix host's external attributes. */
  unixModes?: Record<string, number>;
}

/** A Unix host's external attributes: the mode in the upper 16 bits. */
const UNIX_HOST = 3;
const unixAttributes = (mode: number) => ({ os: UNIX_HOST, attrs: (mode * 0x10000) >>> 0 });

/** A zip package: plugin.json, skills/<name>/SKILL.md and any other files. */
export function pluginZip(spec: PackageSpec): Uint8Array {
  const manifest = JSON.stringify({
    $schema: "https://example.com/plugin.schema.json",
    name: spec.name ?? `Plugin ${spec.id}`,
    version: spec.version ?? "1.0.0",
    description: "A test plugin",
    extensions: { "com.mappedsky.seizu": { skillsetId: spec.id } },
  });
  const entries: Zippable = {};
  if (spec.manifest !== null) entries["plugin.json"] = encoder.encode(spec.manifest ?? manifest);
  const skills = spec.skills ?? { triage: skillMarkdown("triage", "Triage an alert") };
  for (const [name, text] of Object.entries(skills)) entries[`skills/${name}/SKILL.md`] = encoder.encode(text);
  for (const [path, content] of Object.entries(spec.files ?? {})) entries[path] = typeof content === "string" ? encoder.encode(content) : content;
  for (const [path, mode] of Object.entries(spec.unixModes ?? {})) entries[path] = [entries[path] as Uint8Array, unixAttributes(mode)];
  return zipSync(entries, { level: 6, mtime: spec.mtime ?? new Date("2026-01-01T00:00:00Z") });
}

export function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Sets a little-endian 32-bit field at `offset` after every occurrence of a header signature. */
export function patchHeaders(zip: Uint8Array, signature: number, offset: number, value: number, width: 2 | 4 = 4): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at + 4 <= out.length; at++) {
    if (view.getUint32(at, true) !== signature) continue;
    if (width === 4) view.setUint32(at + offset, value, true);
    else view.setUint16(at + offset, value, true);
  }
  return out;
}

export const LOCAL_HEADER = 0x04034b50;
export const CENTRAL_HEADER = 0x02014b50;
