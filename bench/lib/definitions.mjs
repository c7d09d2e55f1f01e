// The toolsets the benchmark defines on the Seizu Edge it measures. Against a running stack
// (BENCH_TARGET) they are the only data it writes: each carries MARK in its description, and
// only toolsets so marked are ever deleted (left over from an interrupted run, or at the end).
import { rest, restAnswer } from "./rest.mjs";

const MARK = "Defined by npm run bench; deleted when it ends.";

/** Creates a toolset marked as the bench's, replacing one the bench left behind; refuses anyone else's. */
export async function createToolset(base, id, name) {
  const existing = await restAnswer(base, "GET", `/toolsets/${id}`);
  if (existing.status === 200) {
    if (existing.body.description !== MARK) throw new Error(`the toolset ${id} exists and is not the bench's; the bench will not touch it`);
    await rest(base, "DELETE", `/toolsets/${id}`);
  }
  await rest(base, "POST", "/toolsets", { id, name, description: MARK });
}

export const createTool = (base, toolset, tool) => rest(base, "POST", `/toolsets/${toolset}/tools`, tool);

/** Deletes the bench's toolsets among `ids` (with their tools). */
export async function deleteToolsets(base, ids) {
  for (const id of ids) {
    const existing = await restAnswer(base, "GET", `/toolsets/${id}`);
    if (existing.status === 200 && existing.body.description === MARK) await rest(base, "DELETE", `/toolsets/${id}`);
  }
}
