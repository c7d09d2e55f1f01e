// What an Agent Plugin package may hold. The archive limits bound what the Worker reads and
// inflates; the others bound what the D1 index keeps of a revision, whose row (plugin.json, the
// file list, the skill index) must stay within D1's 2,000,000 bytes per row. At every limit at
// once, with three-byte UTF-8 characters wherever they may appear, a revision is about 1.3 MB
// (package-limits.test.ts measures it): 500 paths of 256 characters, 100 skills with a
// 1024-character description and 1024 characters of allowed tools, and plugin.json (64 KiB as
// sent, at most about 4.4 times that as written back: `1e20` becomes 21 digits).
export const LIMITS = {
  zipBytes: 10 * 1024 * 1024,
  unpackedBytes: 25 * 1024 * 1024,
  files: 500,
  /** Characters of an entry's path. */
  pathChars: 256,
  manifestBytes: 64 * 1024,
  skills: 100,
  /** Characters of a skill's description and of its allowed tools (joined by spaces). */
  descriptionChars: 1024,
  allowedToolsChars: 1024,
  /** {plugin_id}__{skill_name}: many MCP clients cap names at 64 characters. */
  promptNameChars: 64,
} as const;
