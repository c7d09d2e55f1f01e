// `seizu export`: the server's user-defined toolsets written back into the seed file.
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { seedFilePath } from "../config.mjs";
import { action } from "../context.mjs";
import { LocalFailure, UsageError } from "../errors.mjs";
import { withToolsets } from "../export-document.mjs";
import { addGlobalOptions } from "../options.mjs";
import { emit, print } from "../output.mjs";

/** @param {import("commander").Command} program */
export function registerExport(program) {
  addGlobalOptions(program.command("export"), { config: false })
    .description("write the server's toolsets into the seed file's toolsets: section (other sections are kept)")
    .option("--config <file>", "the YAML seed file (default: seed_file from seizu.conf)")
    .option("--dry-run", "print the resulting YAML instead of writing the file")
    .action(
      action(async (context, options) => {
        const file = seedFilePath(options.config, context.settings);
        // Built-in toolsets are not part of the export: they are not the seed file's to define.
        const { toolsets } = await context.api.get("/toolsets/export");
        const yaml = withToolsets(file, readExisting(file), toolsets);
        if (options.dryRun) {
          print(yaml);
          return;
        }
        writeReplacing(file, yaml);
        const tools = Object.values(toolsets).reduce((count, toolset) => count + Object.keys(toolset.tools ?? {}).length, 0);
        const summary = { file, toolsets: Object.keys(toolsets).length, tools };
        emit(context.format, summary, (json) => `wrote ${json.toolsets} toolsets and ${json.tools} tools to ${json.file}`);
      }),
    );
}

/** The file's content, or "" when it does not exist yet (export then creates it). */
function readExisting(/** @type {string} */ file) {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return "";
    throw new UsageError(`cannot read seed file ${file}: ${/** @type {Error} */ (error).message}`);
  }
}

/** Written beside the file and renamed over it, so an interrupted export leaves the old file whole. */
function writeReplacing(/** @type {string} */ file, /** @type {string} */ text) {
  const temporary = `${file}.${process.pid}.tmp`;
  let mode;
  try {
    mode = statSync(file).mode & 0o777;
  } catch {
    mode = 0o644;
  }
  try {
    writeFileSync(temporary, text, { mode });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new LocalFailure(`cannot write seed file ${file}: ${/** @type {Error} */ (error).message}`);
  }
}
