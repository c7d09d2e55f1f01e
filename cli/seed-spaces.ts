// The seed file's upstream-only placements, applied after every section is written: the
// spaces: section (spaces and sub-spaces matched by name, as upstream's seeder and the API do:
// their ids are the server's), each report's `space`/`subspace` and `pinned`, and each space's
// overview. Only what differs is written, so re-seeding an unchanged file writes nothing (unless
// forced); a report whose file gives no `space` (no `pinned`) is left where it is, as upstream.
// The file's cross-references are checked when it is read (seed-file.ts), before any write.
import type { Api } from "./api";
import { ApiError } from "./errors";
import type { readSeedFile } from "./seed-file";

type Seed = ReturnType<typeof readSeedFile>;

export interface PlacementOutcome {
  dry_run: boolean;
  /** "Space" or "Space / Sub-space" names. */
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Report ids whose space, sub-space, pin or role as a space's overview was (would be) written. */
  placed: string[];
}

const same = (a: string, b: string) => a === b;

/** The report as it is, or undefined for one the seed creates (a dry run has not yet). */
async function currentReport(api: Api, reportId: string) {
  try {
    return await api.call("reports_get", { params: { report_id: reportId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

export async function applyPlacements(api: Api, seed: Seed, dryRun: boolean, force: boolean): Promise<PlacementOutcome> {
  const outcome: PlacementOutcome = { dry_run: dryRun, created: [], updated: [], unchanged: [], placed: [] };
  const spaceIds = new Map<string, string | null>();
  const subspaceIds = new Map<string, string | null>();
  const existing = seed.spaces ? (await api.call("spaces_list", {})).spaces : [];
  for (const [key, space] of Object.entries(seed.spaces ?? {})) {
    const description = space.description ?? "";
    let found = existing.find((candidate) => same(candidate.name, space.name));
    if (!found) outcome.created.push(space.name);
    else if (force || found.description !== description) outcome.updated.push(space.name);
    else outcome.unchanged.push(space.name);
    if (!dryRun && !found) found = await api.call("spaces_create", { body: { name: space.name, description } });
    else if (!dryRun && found && (force || found.description !== description))
      found = await api.call("spaces_update", { params: { space_id: found.space_id }, body: { name: space.name, description } });
    spaceIds.set(key, found?.space_id ?? null);
    const subspaces = found ? (await api.call("spaces_list_subspaces", { params: { space_id: found.space_id } })).subspaces : [];
    for (const [subKey, { name }] of Object.entries(space.subspaces ?? {})) {
      let sub = subspaces.find((candidate) => same(candidate.name, name));
      (sub ? outcome.unchanged : outcome.created).push(`${space.name} / ${name}`);
      if (!dryRun && !sub && found) sub = await api.call("spaces_create_subspace", { params: { space_id: found.space_id }, body: { name } });
      subspaceIds.set(`${key}/${subKey}`, sub?.subspace_id ?? null);
    }
  }

  for (const [reportId, { pinned, space, subspace }] of Object.entries(seed.placements)) {
    if (pinned === undefined && space === undefined) continue;
    const report = await currentReport(api, reportId);
    const spaceKey = space?.replaceAll("-", "_");
    const spaceId = spaceKey === undefined ? undefined : spaceIds.get(spaceKey);
    const subspaceId = spaceKey !== undefined && subspace !== undefined ? (subspaceIds.get(`${spaceKey}/${subspace.replaceAll("-", "_")}`) ?? null) : null;
    const move = space !== undefined && (force || !report || report.space_id !== spaceId || report.subspace_id !== subspaceId);
    const pin = pinned !== undefined && (force || report?.pinned !== pinned);
    if (move || pin) outcome.placed.push(reportId);
    if (dryRun) continue;
    if (move) await api.call("spaces_set_report_space", { params: { report_id: reportId }, body: { space_id: spaceId ?? null, subspace_id: subspaceId } });
    if (pin) await api.call("reports_pin", { params: { report_id: reportId }, body: { pinned } });
  }

  for (const [key, space] of Object.entries(seed.spaces ?? {})) {
    const spaceId = spaceIds.get(key);
    if (space.overview === undefined) continue;
    const current = spaceId ? (await api.call("spaces_get_tree", { params: { space_id: spaceId } })).space.overview_report_id : null;
    if (!force && current === space.overview) continue;
    if (!outcome.placed.includes(space.overview)) outcome.placed.push(space.overview);
    if (!dryRun && spaceId) await api.call("spaces_set_overview", { params: { space_id: spaceId }, body: { report_id: space.overview } });
  }
  return outcome;
}
