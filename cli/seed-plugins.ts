// The seed file's plugins: section, as upstream's seeder reads it: plugins keyed by id, each a
// package directory (`source`, relative to the seed file) and whether it is `enabled`. Every
// package is built and validated by the server before anything of the file is written (its
// id must be its key, as upstream requires); then each new plugin is installed, a changed one
// (its content digest differs) gets a new revision, and `enabled` is set where it differs.
import { dirname, resolve } from "node:path";
import type { Api } from "./api";
import { ApiError, UsageError } from "./errors";
import { packageBytes } from "./plugin-package";
import type { readSeedFile } from "./seed-file";

type Seed = ReturnType<typeof readSeedFile>;

interface Checked {
  id: string;
  zip: Uint8Array;
  digest: string;
  enabled: boolean;
}

export interface PluginOutcome {
  dry_run: boolean;
  created: string[];
  updated: string[];
  unchanged: string[];
}

const SOURCE_COMMENT = "Seeded";

/**
 * Each plugin's package, built and validated.
 * @returns the packages, and the problems as field issues of the file (at `source` or the key),
 *   apart from the plugins this platform cannot hold beside the file's skillsets
 */
export async function checkPlugins(api: Api, seed: Seed, file: string) {
  const checked: Checked[] = [];
  const issues: { field: string; rule: string; message: string }[] = [];
  /** Plugins whose id a skillset has (in the file or on the server): upstream keeps both apart, this platform cannot. */
  const unsupported: typeof issues = [];
  const skillsetIds = new Set([...Object.keys(seed.skillsets ?? {}), ...(await api.call("skillsets_list", {})).skillsets.map((skillset) => skillset.id)]);
  for (const [id, { source, enabled = true }] of Object.entries(seed.plugins ?? {})) {
    const field = `plugins.${id}.source`;
    if (skillsetIds.has(id)) {
      unsupported.push({
        field: `plugins.${id}`,
        rule: "unsupported",
        message: `${id} is also a skillset's id; here a plugin and a skillset cannot share an id (both name prompts ${id}__{skill}): rename one, or seed everything else with --skip-unsupported`,
      });
      continue;
    }
    let zip: Uint8Array;
    try {
      zip = packageBytes(resolve(dirname(file), source));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      issues.push({ field, rule: "package", message: error.message });
      continue;
    }
    try {
      const valid = await api.call("plugins_validate", { body: { package_base64: Buffer.from(zip).toString("base64") } });
      if (valid.plugin_id !== id)
        issues.push({ field: `plugins.${id}`, rule: "plugin_id", message: `the package's plugin id is ${valid.plugin_id}; the key must be the same` });
      else checked.push({ id, zip, digest: valid.content_digest, enabled });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      const details = error.error?.fields?.map((issue) => `${issue.field}: ${issue.message}`).join("; ");
      issues.push({ field, rule: "package", message: `the package is refused: ${details || error.message}` });
    }
  }
  return { checked, issues, unsupported };
}

export async function applyPlugins(api: Api, checked: Checked[], dryRun: boolean): Promise<PluginOutcome> {
  const outcome: PluginOutcome = { dry_run: dryRun, created: [], updated: [], unchanged: [] };
  const existing = new Map((await api.call("plugins_list", {})).plugins.map((plugin) => [plugin.id, plugin]));
  for (const { id, zip, digest, enabled } of checked) {
    const current = existing.get(id);
    const changed = current !== undefined && current.content_digest !== digest;
    if (!current) outcome.created.push(id);
    else if (changed || current.enabled !== enabled) outcome.updated.push(id);
    else outcome.unchanged.push(id);
    if (dryRun) continue;
    const written = !current ? await api.installPlugin(zip, SOURCE_COMMENT) : changed ? await api.publishPlugin(id, zip, SOURCE_COMMENT) : current;
    if (written.enabled !== enabled) await api.call("plugins_update", { params: { plugin_id: id }, body: { enabled } });
  }
  return outcome;
}
