// A package staged as a list of files, the form upstream Seizu's plugin editor sends to
// POST /plugins/{plugin_id}/publish and /validate: each file carries its bytes
// (`content_base64`) or the SHA-256 of a file one of this plugin's revisions already holds, so an
// edit of one SKILL.md does not upload the unchanged assets again. A digest is looked up among
// this plugin's own files only, never among every blob in R2, so a caller cannot pull another
// plugin's content into this one. The list is packed into a zip, the one form a revision is
// kept and downloaded in, and then read like any uploaded package (package.ts).
import { type Zippable, zipSync } from "fflate";
import { type FieldIssue, ValidationError } from "../errors/domain";
import { decodePackage } from "./package";
import { LIMITS } from "./limits";
import type { StagedFile } from "./schemas";

// The mode in the upper 16 bits of a Unix host's external attributes, as a download unpacks it.
const UNIX_HOST = 3;
const REGULAR_FILE = 0o100644;
const EXECUTABLE_FILE = 0o100755;

/**
 * The staged files as a zip. `retained` answers the bytes of a digest this plugin stores, or
 * undefined; every problem is reported at once, each naming its `files[i]` field.
 */
export async function stagedZip(files: StagedFile[], retained: (digest: string) => Promise<Uint8Array | undefined>): Promise<Uint8Array> {
  const issues: FieldIssue[] = [];
  const entries: Zippable = {};
  let total = 0;
  for (const [index, file] of files.entries()) {
    const field = `files[${index}]`;
    if (Object.hasOwn(entries, file.path)) {
      issues.push({ field: `${field}.path`, rule: "duplicate_path", message: `${file.path} appears twice` });
      continue;
    }
    if ((file.content_base64 === undefined) === (file.sha256 === undefined)) {
      issues.push({ field, rule: "one_source", message: "must carry either content_base64 or sha256, not both or neither" });
      continue;
    }
    const content = file.sha256 === undefined ? bytesOf(file.content_base64 as string, `${field}.content_base64`, issues) : await retained(file.sha256);
    if (content === undefined) {
      if (file.sha256 !== undefined)
        issues.push({ field: `${field}.sha256`, rule: "unknown_content", message: "names content no revision of this plugin holds" });
      continue;
    }
    total += content.byteLength;
    const mode = file.executable ? EXECUTABLE_FILE : REGULAR_FILE;
    entries[file.path] = [content, { os: UNIX_HOST, attrs: (mode * 0x10000) >>> 0 }];
  }
  if (total > LIMITS.unpackedBytes) issues.push({ field: "files", rule: "too_large_unpacked", message: `hold more than ${LIMITS.unpackedBytes} bytes` });
  if (issues.length > 0) throw new ValidationError(issues);
  return zipSync(entries, { level: 6 });
}

function bytesOf(base64: string, field: string, issues: FieldIssue[]): Uint8Array | undefined {
  try {
    return decodePackage(base64);
  } catch {
    issues.push({ field, rule: "invalid_base64", message: "must be valid base64" });
    return undefined;
  }
}
