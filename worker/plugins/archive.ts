// Reading an Agent Plugin zip without trusting it. The central directory is read first, and
// the limits are checked on what it declares (file count, names and their length, file types,
// sizes, methods) before any byte is inflated. Entries are then inflated as a stream, counting
// the bytes that really come out: a header that understates a size (a zip bomb) is caught the
// moment an entry inflates past what it declared, so memory stays bounded by the limits
// whatever the archive claims.
import { Unzip, UnzipInflate, UnzipPassThrough, unzipSync } from "fflate";
import { ValidationError } from "../errors/domain";
import { LIMITS } from "./limits";
import { specialType, unixModes } from "./unix-modes";

const MiB = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

/** A refusal of the package as a whole, reported on the `package` field. */
export function packageError(rule: string, message: string): ValidationError {
  return new ValidationError([{ field: "package", rule, message }]);
}

interface Entry {
  name: string;
  declaredSize: number;
}

/** A path as a message may quote it: a long one cut short. */
const quoted = (name: string) => (name.length > 64 ? `${name.slice(0, 64)}…` : name);

/** Why a path inside the archive is unsafe to take as a package path, or undefined. */
function unsafePath(name: string): string | undefined {
  if (name.includes("\\")) return "contains a backslash";
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "is absolute";
  if (name.split("/").some((part) => part === ".." || part === ".")) return "walks out of the package (. or .. segments)";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f]/.test(name)) return "contains control characters";
  if (name.replace(/\/$/, "").split("/").includes("")) return "has an empty segment";
  return undefined;
}

/** The central directory, checked against the limits and path rules; nothing inflated yet. */
function listEntries(zip: Uint8Array): Entry[] {
  const entries: Entry[] = [];
  const seen = new Set<string>();
  let declaredTotal = 0;
  try {
    const modes = unixModes(zip);
    let index = 0;
    unzipSync(zip, {
      filter(file) {
        if (file.name.length > LIMITS.pathChars)
          throw packageError("path_too_long", `entry ${quoted(file.name)} has a path of ${file.name.length} characters; at most ${LIMITS.pathChars}`);
        const problem = unsafePath(file.name);
        if (problem) throw packageError("unsafe_path", `entry ${JSON.stringify(file.name)} ${problem}`);
        // The two walks agree (unix-modes.ts); this guards against an fflate that one day walks otherwise.
        const mode = modes[index++];
        if (mode === undefined) throw packageError("inconsistent_zip", `entry ${file.name} is past the entries its central directory counts`);
        const type = specialType(mode);
        if (type)
          throw packageError(
            "not_a_regular_file",
            `entry ${file.name} is a ${type} (Unix mode 0${mode.toString(8)}); a package holds regular files and directories only`,
          );
        if (file.name.endsWith("/")) return false;
        if (file.compression !== 0 && file.compression !== 8)
          throw packageError(
            "unsupported_compression",
            `entry ${file.name} uses compression method ${file.compression}; only stored (0) and deflate (8) are read`,
          );
        if (seen.has(file.name)) throw packageError("duplicate_entry", `entry ${file.name} appears twice`);
        seen.add(file.name);
        if (seen.size > LIMITS.files) throw packageError("too_many_files", `has more than ${LIMITS.files} files`);
        declaredTotal += file.originalSize;
        if (declaredTotal > LIMITS.unpackedBytes) throw packageError("too_large_unpacked", `unpacks to more than ${MiB(LIMITS.unpackedBytes)}`);
        entries.push({ name: file.name, declaredSize: file.originalSize });
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw packageError("not_a_zip", `is not a readable zip archive: ${(error as Error).message}`);
  }
  return entries;
}

/** Every file of the archive by path, inflated within the declared sizes and the limits. */
export function readArchive(zip: Uint8Array): Map<string, Uint8Array> {
  if (zip.byteLength > LIMITS.zipBytes) throw packageError("too_large", `is ${zip.byteLength} bytes; a package may be at most ${MiB(LIMITS.zipBytes)}`);
  const declared = new Map(listEntries(zip).map((entry) => [entry.name, entry.declaredSize]));
  const files = new Map<string, Uint8Array>();
  let failure: ValidationError | undefined;
  const unzip = new Unzip((file) => {
    if (failure || file.name.endsWith("/")) return;
    const limit = declared.get(file.name);
    if (limit === undefined) {
      failure = packageError("inconsistent_zip", `entry ${JSON.stringify(file.name)} is missing from the central directory`);
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = packageError("corrupt_entry", `entry ${file.name} cannot be inflated: ${error.message}`);
        return;
      }
      size += chunk.byteLength;
      if (size > limit) {
        failure = packageError("zip_bomb", `entry ${file.name} inflates past the ${limit} bytes its header declares`);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files.set(file.name, concat(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipPassThrough);
  unzip.register(UnzipInflate);
  try {
    unzip.push(zip, true);
  } catch (error) {
    failure ??= packageError("corrupt_entry", `cannot be read: ${(error as Error).message}`);
  }
  if (failure) throw failure;
  for (const [name, size] of declared) {
    const content = files.get(name);
    if (!content) throw packageError("inconsistent_zip", `entry ${name} is listed but its data cannot be read`);
    if (content.byteLength !== size) throw packageError("inconsistent_zip", `entry ${name} holds ${content.byteLength} bytes, not the ${size} it declares`);
  }
  return files;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
