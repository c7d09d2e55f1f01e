// The zip a `seizu plugins install|publish` sends: a .zip file as it is, or a directory zipped
// here (its files, relative paths, in a stable order). Symbolic links are refused rather than
// followed, so a directory cannot pull in files from outside itself. The server checks the
// package (plugin.json, skills/<name>/SKILL.md, limits); this only builds it.
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { type Zippable, zipSync } from "fflate";
import { UsageError } from "./errors";

function collectFiles(root: string, directory: string, into: Zippable) {
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    const stat = lstatSync(path);
    const inside = relative(root, path).split(sep).join("/");
    if (stat.isSymbolicLink()) throw new UsageError(`${path}: is a symbolic link; a plugin directory may hold only files and directories`);
    if (stat.isDirectory()) collectFiles(root, path, into);
    else if (stat.isFile()) into[inside] = readFileSync(path);
  }
}

/** The package's bytes from a directory or a .zip file. */
export function packageBytes(path: string): Uint8Array {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    throw new UsageError(`${path}: no such file or directory (give a plugin directory or a .zip package)`);
  }
  if (stat.isFile()) return readFileSync(path);
  if (!stat.isDirectory()) throw new UsageError(`${path}: is neither a directory nor a file`);
  const files: Zippable = {};
  collectFiles(path, path, files);
  if (Object.keys(files).length === 0) throw new UsageError(`${path}: the directory holds no files`);
  return zipSync(files, { level: 9 });
}
