// The Unix file type of each entry of a zip, from its central directory: the upper 16 bits of
// an entry's external attributes hold the Unix mode. fflate does not report them, so the
// directory is walked here exactly as fflate's unzipSync walks it (the end record found
// backwards from the end, its zip64 form when present, then one header after another), and the
// i-th type read here is the i-th entry fflate lists. A symbolic link stored as a plain file is
// what a person who downloads the package and unzips it would get as a link (zip-slip).
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const TYPE_MASK = 0o170000;

/** File types other than regular files and directories, by their Unix mode bits. */
const SPECIAL_TYPES = new Map([
  [0o120000, "symbolic link"],
  [0o010000, "named pipe"],
  [0o020000, "character device"],
  [0o060000, "block device"],
  [0o140000, "socket"],
]);

/**
 * The Unix mode of each central directory entry, in order (0 where a writer set none). Throws
 * a RangeError for a directory that runs past the end of the bytes.
 */
export function unixModes(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  let end = zip.byteLength - 22;
  while (u32(end) !== END_OF_DIRECTORY) {
    if (end === 0 || zip.byteLength - end > 65558) throw new RangeError("no end of central directory record");
    end--;
  }
  let count = u16(end + 8);
  let offset = u32(end + 16);
  if (end >= 20 && u32(end - 20) === ZIP64_LOCATOR) {
    const zip64 = u32(end - 12);
    if (u32(zip64) === ZIP64_END_OF_DIRECTORY) {
      count = u32(zip64 + 32);
      offset = u32(zip64 + 48);
    }
  }
  const modes: number[] = [];
  for (let index = 0; index < count; index++) {
    modes.push(u32(offset + 38) >>> 16);
    offset += 46 + u16(offset + 28) + u16(offset + 30) + u16(offset + 32);
  }
  return modes;
}

/** What a mode makes of an entry, when it is neither a regular file nor a directory. */
export function specialType(mode: number): string | undefined {
  return SPECIAL_TYPES.get(mode & TYPE_MASK);
}
