// The JSON shapes of Agent Plugins on the REST API (and MCP built-ins). `serverConfig` says
// whether the caller may see MCP server configuration (server-config.ts); without it, mcp.json
// and plugin.json's mcpServers are left out.
import { promptName } from "../skillsets/views";
import type { PackageFile, PackageSkill } from "./package";
import { isServerConfigFile, withoutServerConfig } from "./server-config";
import type { PluginHead, Revision } from "./store";

export function pluginSkillView(pluginId: string, skill: PackageSkill, enabled: boolean) {
  return {
    name: skill.name,
    description: skill.description,
    path: skill.path,
    allowed_tools: skill.allowed_tools,
    enabled,
    prompt_name: promptName(pluginId, skill.name),
  };
}

function about(revision: Revision) {
  const { manifest } = revision;
  return { name: manifest.name, package_version: manifest.version ?? null, description: manifest.description ?? "" };
}

export function filesView(files: PackageFile[], serverConfig: boolean): PackageFile[] {
  return serverConfig ? files : files.filter((file) => !isServerConfigFile(file));
}

export function revisionView(revision: Revision, serverConfig: boolean) {
  return {
    revision: revision.revision,
    ...about(revision),
    author: revision.author,
    created_at: revision.createdAt,
    comment: revision.comment,
    content_digest: revision.contentDigest,
    package_digest: revision.packageDigest,
    package_size: revision.packageSize,
    file_count: filesView(revision.files, serverConfig).length,
    skills: revision.skills.map((skill) => skill.name),
  };
}

export function pluginView(head: PluginHead, serverConfig: boolean) {
  return {
    id: head.id,
    ...about(head.current),
    enabled: head.enabled,
    revision: head.revision,
    manifest: serverConfig ? head.current.manifest : withoutServerConfig(head.current.manifest),
    content_digest: head.current.contentDigest,
    package_digest: head.current.packageDigest,
    skills: head.current.skills.map((skill) => pluginSkillView(head.id, skill, !head.disabledSkills.has(skill.name))),
    created_at: head.createdAt,
    created_by: head.createdBy,
    updated_at: head.updatedAt,
    updated_by: head.updatedBy,
  };
}

/** Media types by file extension, as upstream Seizu labels a package's files; others are bytes. */
const MEDIA_TYPES: Record<string, string> = {
  md: "text/markdown",
  json: "application/json",
  txt: "text/plain",
  py: "text/x-python",
  sh: "text/x-shellscript",
  js: "text/javascript",
  ts: "text/typescript",
  yaml: "application/yaml",
  yml: "application/yaml",
};

/** One file's content (upstream's PluginFileContent): packages keep no execute bits here, so none is executable. */
export function fileContentView(file: PackageFile, contentBase64: string) {
  const extension = file.path.includes(".") ? (file.path.split(".").pop() ?? "").toLowerCase() : "";
  return {
    path: file.path,
    media_type: MEDIA_TYPES[extension] ?? "application/octet-stream",
    content_base64: contentBase64,
    executable: false,
    etag: `"${file.digest}"`,
  };
}
