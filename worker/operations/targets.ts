// The targets of operations as a person knows them (Operation.target): one lookup per
// resource outside the versioned kit, whose resources are named by versionedOperations. A
// lookup of something missing throws the resource's NotFoundError, before anyone is asked.
import { NotFoundError } from "../errors/domain";
import { reportResource } from "../reports/resources";
import type { OperationContext } from "./operation";
import { plugins, reports, spaces } from "./services";

/** A name as the approval quotes it. */
export const quoted = (name: string) => JSON.stringify(name);

export const reportTarget = (ctx: OperationContext, id: string) => reportResource(() => reports(ctx)).describe(id);

export const spaceTarget = async (ctx: OperationContext, id: string) => `space ${quoted((await spaces(ctx).get(id)).name)}`;

export async function subspaceTarget(ctx: OperationContext, spaceId: string, id: string) {
  const [space, subspaces] = await Promise.all([spaces(ctx).get(spaceId), spaces(ctx).subspaces(spaceId)]);
  const subspace = subspaces.find((candidate) => candidate.subspace_id === id);
  if (!subspace) throw new NotFoundError(`sub-space ${id} does not exist in space ${spaceId}`);
  return `sub-space ${quoted(subspace.name)} of space ${quoted(space.name)}`;
}

export async function pluginTarget(ctx: OperationContext, id: string) {
  return `plugin ${quoted((await plugins(ctx).get(id)).name)} (${id})`;
}

export async function pluginSkillTarget(ctx: OperationContext, id: string, skill: string) {
  const plugin = await plugins(ctx).get(id);
  if (!plugin.skills.some((candidate) => candidate.name === skill)) throw new NotFoundError(`plugin ${id} has no skill ${skill} in its current revision`);
  return `skill ${skill} of plugin ${quoted(plugin.name)} (${id})`;
}
