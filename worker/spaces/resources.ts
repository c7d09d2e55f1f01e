// Spaces and their sub-spaces as the kit's generated operations call them
// (kit/resource-service.ts). They are flat records, not versioned definitions: upstream Seizu
// keeps no history of a space (a rename is not a version, there is nothing to restore), and a
// name, not an id, is what must be unique, which the record's own statements enforce
// (service.ts). So they generate the record actions alone (list, create, get, update, delete),
// a change replacing the record (PUT), and sub-spaces, which have no get of their own, fewer.
import { NotFoundError } from "../errors/domain";
import type { SpaceInput } from "./schemas";
import type { SpaceService } from "./service";

/** A sub-space, named by its space and its id. */
export interface SubspaceKey {
  spaceId: string;
  id: string;
}

const quoted = (name: string) => JSON.stringify(name);

export function spaceResource(service: SpaceService) {
  return {
    list: () => service.list(),
    create: (fields: SpaceInput) => service.create(fields),
    describeNew: async (fields: SpaceInput) => `space ${quoted(fields.name)}`,
    get: (id: string) => service.get(id),
    describe: async (id: string) => `space ${quoted((await service.get(id)).name)}`,
    update: (id: string, fields: SpaceInput) => service.update(id, fields),
    delete: (id: string) => service.delete(id),
  };
}

export function subspaceResource(service: SpaceService) {
  const spaces = spaceResource(service);
  return {
    list: (spaceId: string) => service.subspaces(spaceId),
    create: (fields: { name: string }, _author: string, spaceId: string) => service.createSubspace(spaceId, fields.name),
    describeNew: async (fields: { name: string }, spaceId: string) => `sub-space ${quoted(fields.name)} of ${await spaces.describe(spaceId)}`,
    describe: async ({ spaceId, id }: SubspaceKey) => {
      const [space, subspaces] = await Promise.all([service.get(spaceId), service.subspaces(spaceId)]);
      const subspace = subspaces.find((candidate) => candidate.subspace_id === id);
      if (!subspace) throw new NotFoundError(`sub-space ${id} does not exist in space ${spaceId}`);
      return `sub-space ${quoted(subspace.name)} of space ${quoted(space.name)}`;
    },
    update: ({ spaceId, id }: SubspaceKey, fields: { name: string }) => service.updateSubspace(spaceId, id, fields.name),
    delete: ({ spaceId, id }: SubspaceKey) => service.deleteSubspace(spaceId, id),
  };
}
