// Starting runs on Cloudflare Workflows. A run's id is the instance id and says what the run is
// for, so the same occurrence, request or parent run always names the same instance: starting
// it twice is refused by the engine (and by workflow_runs' key before that).
import type { AuditPrincipal } from "../audit/event";
import { sha256Hex } from "../digest";
import type { WorkflowKind } from "./kinds";
import type { RunTrigger } from "./schemas";

/** What the runner is given: which definition version to run, and why. */
export interface RunParams {
  run_id: string;
  workflow_id: string;
  kind: WorkflowKind;
  version: number;
  trigger: RunTrigger;
  /** The workflow ids of the chain that led here, this one last. */
  lineage: string[];
  /** Who asked for a manual run, as the audit log names them; absent for other runs (and requests from before it was kept). */
  requested_by?: AuditPrincipal | null;
}

const minuteStamp = (iso: string) => iso.slice(0, 16).replace(/[-:T]/g, "");

/** Instance ids: letters, digits, - and _, at most 100 characters (UUID ids leave room). */
export const runIds = {
  schedule: (workflowId: string, occurrence: string) => `${workflowId}-s-${minuteStamp(occurrence)}`,
  manual: (workflowId: string, requestedAt: string) => `${workflowId}-m-${Date.parse(requestedAt)}`,
  watch: (workflowId: string, scanAt: string) => `${workflowId}-w-${Date.parse(scanAt)}`,
  chain: async (workflowId: string, parentRunId: string) => `${workflowId}-c-${(await sha256Hex(parentRunId)).slice(0, 16)}`,
};

/** Creates the run's instance; one that exists already is the same run, started before. */
export async function startInstance(engine: Workflow<RunParams>, params: RunParams): Promise<void> {
  try {
    await engine.create({ id: params.run_id, params });
  } catch (error) {
    if (error instanceof Error && /already exists/i.test(error.message)) return;
    throw error;
  }
}

/** Instance states a run can still be stopped in. */
const STOPPABLE = new Set(["queued", "running", "waiting", "paused", "waitingForPause"]);

/** Terminates the run's instance if it is still going; a run whose instance was never created has nothing to stop. */
export async function terminateInstance(engine: Workflow<RunParams>, runId: string): Promise<void> {
  let instance: WorkflowInstance;
  try {
    instance = await engine.get(runId);
  } catch {
    return;
  }
  if (STOPPABLE.has((await instance.status()).status)) await instance.terminate();
}
