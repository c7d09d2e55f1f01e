// Toolsets and their tools as versioned resources, with the rules that are theirs: the built-in
// `seizu` toolset is not stored and cannot be changed, deleted or versioned here, and a tool's
// Cypher must pass validation whenever it is written (created, changed, restored).
import { ConflictError } from "../errors/domain";
import type { GuardedAction } from "../kit/resource-service";
import { type ResourceKey, VersionedResource } from "../kit/versioned-resource";
import type { CypherCheckDeps } from "../queries/run";
import { checkToolCypher } from "./check-cypher";
import { BUILTIN_TOOLSET_ID, toolBody, toolsetBody } from "./schemas";
import { toolsetView, toolView } from "./views";
import type { Db } from "../store/db";

export const TOOLSET = "toolset";
export const TOOL = "tool";

/** Refuses changes to the built-in toolset and its tools. */
export function refuseBuiltIn(toolsetId: string): void {
  if (toolsetId === BUILTIN_TOOLSET_ID) {
    throw new ConflictError(
      `${BUILTIN_TOOLSET_ID} is the built-in toolset: its tools are defined in definitions/*.yaml and cannot be changed, deleted or versioned here`,
    );
  }
}

export function toolsetResource(db: Db) {
  return new VersionedResource(
    db,
    { kind: TOOLSET, body: toolsetBody, childKinds: [TOOL] },
    {
      view: toolsetView,
      // Its id is reserved, so the built-in toolset can never be created here.
      guard: (key: ResourceKey, action: GuardedAction) => action !== "create" && refuseBuiltIn(key.id),
    },
  );
}

export function toolResource(db: Db, cypher: CypherCheckDeps) {
  return new VersionedResource(
    db,
    { kind: TOOL, body: toolBody, parentKind: TOOLSET },
    { view: toolView, guard: (key: ResourceKey) => refuseBuiltIn(key.parentId), check: (body) => checkToolCypher(body, cypher) },
  );
}

export type ToolsetResource = ReturnType<typeof toolsetResource>;
export type ToolResource = ReturnType<typeof toolResource>;
