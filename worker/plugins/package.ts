// An Agent Plugin package, read and checked: its manifest (plugin.json or
// .claude-plugin/plugin.json, which gives the plugin's id: manifest.ts), skills/<name>/SKILL.md with frontmatter name (equal to <name>) and description,
// an optional mcp.json, and any other files, within the limits (limits.ts). Every problem found
// is reported at once, each naming its file and field, before anything is stored.
import { parse as parseYaml } from "yaml";
import { canonicalJson, sha256Hex } from "../digest";
import { type FieldIssue, ValidationError } from "../errors/domain";
import { promptName } from "../skillsets/views";
import { packageError, readArchive } from "./archive";
import { LIMITS } from "./limits";
import { readManifest } from "./manifest";
import { json, parsed, text } from "./package-text";
import { type Manifest, skillFrontmatter, skillName } from "./schemas";

export interface PackageFile {
  path: string;
  size: number;
  /** SHA-256 of the content: its blob's key. */
  digest: string;
}

export interface PackageSkill {
  name: string;
  description: string;
  /** skills/<name>/SKILL.md */
  path: string;
  digest: string;
  allowed_tools: string[];
}

export interface PluginPackage {
  id: string;
  /** The manifest field the id comes from (manifest.ts). */
  idField: string;
  manifest: Manifest;
  skills: PackageSkill[];
  files: PackageFile[];
  /** SHA-256 over the files' paths and digests: equal content, equal digest, whatever the zip's timestamps. */
  contentDigest: string;
  /** Each file's bytes by digest, the blobs to store. */
  blobs: Map<string, Uint8Array>;
}

const SKILL_FILE = /^skills\/([^/]+)\/SKILL\.md$/;
/** The YAML frontmatter between the leading `---` lines of a SKILL.md, and the markdown after it. */
export function splitFrontmatter(source: string): { frontmatter: string; body: string } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  return match ? { frontmatter: match[1] as string, body: source.slice(match[0].length) } : undefined;
}

async function readSkill(directory: string, path: string, bytes: Uint8Array, digest: string, issues: FieldIssue[]): Promise<PackageSkill | undefined> {
  const name = skillName.safeParse(directory);
  if (!name.success) issues.push({ field: path, rule: "invalid_skill_name", message: `is in directory ${directory}, which ${name.error.issues[0]?.message}` });
  const source = text(path, bytes, issues);
  if (source === undefined) return undefined;
  const split = splitFrontmatter(source);
  if (!split) {
    issues.push({ field: path, rule: "missing_frontmatter", message: "must begin with YAML frontmatter between --- lines (name, description)" });
    return undefined;
  }
  let data: unknown;
  try {
    data = parseYaml(split.frontmatter);
  } catch (error) {
    issues.push({ field: path, rule: "invalid_frontmatter", message: `has frontmatter that is not valid YAML: ${(error as Error).message}` });
    return undefined;
  }
  const frontmatter = parsed(skillFrontmatter, data ?? {}, path, issues);
  if (!frontmatter || !name.success) return undefined;
  if (frontmatter.name !== directory) {
    issues.push({
      field: `${path}:name`,
      rule: "name_mismatch",
      message: `is ${JSON.stringify(frontmatter.name)}; it must equal the skill's directory name ${directory}`,
    });
    return undefined;
  }
  const tools = frontmatter["allowed-tools"];
  const allowed = tools === undefined ? [] : Array.isArray(tools) ? tools : tools.split(/[\s,]+/).filter(Boolean);
  const toolChars = allowed.join(" ").length;
  if (toolChars > LIMITS.allowedToolsChars) {
    issues.push({
      field: `${path}:allowed-tools`,
      rule: "too_big",
      message: `lists ${toolChars} characters of tool names; at most ${LIMITS.allowedToolsChars}`,
    });
    return undefined;
  }
  return { name: directory, description: frontmatter.description, path, digest, allowed_tools: allowed };
}

/** A skill's prompt name {plugin_id}__{skill_name} past the length MCP clients allow. */
function promptNameIssues(id: string, skill: PackageSkill): FieldIssue[] {
  const length = promptName(id, skill.name).length;
  if (length <= LIMITS.promptNameChars) return [];
  const room = LIMITS.promptNameChars - id.length - 2;
  return [
    {
      field: `${skill.path}:name`,
      rule: "prompt_name_too_long",
      message: `makes the prompt name ${promptName(id, skill.name)} ${length} characters; MCP clients allow ${LIMITS.promptNameChars}, so with plugin id ${id} a skill name may have at most ${room}`,
    },
  ];
}

/** The package in a zip, or a ValidationError listing every problem. */
export async function readPackage(zip: Uint8Array): Promise<PluginPackage> {
  const entries = readArchive(zip);
  const issues: FieldIssue[] = [];
  const files: PackageFile[] = [];
  const blobs = new Map<string, Uint8Array>();
  const digests = new Map<string, string>();
  for (const [path, bytes] of [...entries].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const digest = await sha256Hex(bytes as Uint8Array<ArrayBuffer>);
    files.push({ path, size: bytes.byteLength, digest });
    blobs.set(digest, bytes);
    digests.set(path, digest);
  }
  const manifest = readManifest(entries, issues);
  const mcp = entries.get("mcp.json");
  if (mcp) {
    const value = json("mcp.json", mcp, issues);
    if (value !== undefined && (typeof value !== "object" || value === null || Array.isArray(value)))
      issues.push({ field: "mcp.json", rule: "invalid_type", message: "must be a JSON object" });
  }
  const skills: PackageSkill[] = [];
  for (const [path, bytes] of entries) {
    const match = SKILL_FILE.exec(path);
    if (!match) continue;
    const skill = await readSkill(match[1] as string, path, bytes, digests.get(path) as string, issues);
    if (skill) skills.push(skill);
  }
  if (skills.length > LIMITS.skills)
    issues.push({ field: "skills", rule: "too_many_skills", message: `holds ${skills.length} skills; a package may hold at most ${LIMITS.skills}` });
  if (manifest) issues.push(...skills.flatMap((skill) => promptNameIssues(manifest.id, skill)));
  if (issues.length > 0 || !manifest) throw new ValidationError(issues);
  skills.sort((a, b) => (a.name < b.name ? -1 : 1));
  const contentDigest = await sha256Hex(canonicalJson(files.map((file) => [file.path, file.digest])));
  return { id: manifest.id, idField: manifest.idField, manifest: manifest.manifest, skills, files, contentDigest, blobs };
}

/** The zip in a base64 field, decoded; bad base64 is an issue of that field. */
export function decodePackage(base64: string): Uint8Array {
  try {
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    throw packageError("invalid_base64", "package_base64 is not valid base64");
  }
}
