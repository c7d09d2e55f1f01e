// Workflows and scheduled queries as the kit's generated operations call them
// (kit/resource-service.ts, operations/generators/run-operations.ts): one resource per kind, each item named by its
// id, over the one WorkflowService that holds both kinds, their run state and their runs. The
// service is built when a method is called, not with the resource: the generated operations ask
// a resource for a guard before the body is read, and these have none, so a request is refused
// for its body before anything reaches Neo4j's settings.
import { SCHEDULED_QUERY, WORKFLOW } from "./kinds";
import type { ScheduledQueryInput, WorkflowInput } from "./schemas";
import type { WorkflowService } from "./service";

/** A seed file's section as import takes it (schemas.ts importSection). */
type SeedSection<K extends string> = { [P in K]: unknown[] } & { dry_run: boolean; force: boolean };

const quoted = (name: string) => JSON.stringify(name);

/** Workflows: either kind is read here (a scheduled query projected to stages), only workflows are changed. */
export function workflowResource(service: () => WorkflowService) {
  const describe = async (id: string) => `workflow ${quoted((await service().get(id)).name)}`;
  return {
    export: async () => ({ workflows: await service().export(WORKFLOW) }),
    import: (input: SeedSection<"workflows">) => service().import(WORKFLOW, input.workflows, input),
    list: () => service().list(),
    create: (fields: WorkflowInput) => service().create(fields),
    describeNew: async (fields: WorkflowInput) => `workflow ${quoted(fields.name)}`,
    get: (id: string) => service().get(id),
    describe,
    update: (id: string, fields: WorkflowInput) => service().replace(id, fields),
    delete: (id: string) => service().delete(id),
    versions: (id: string) => service().versions(id),
    version: (id: string, version: number) => service().version(id, version),
    requestRun: (id: string) => service().requestRun(id),
    runs: (id: string) => service().listRuns(id),
    run: (id: string, runId: string) => service().getRun(id, runId),
  };
}

/** Scheduled queries: upstream Seizu's deprecated alias of workflows, the scheduled-query kind alone. */
export function scheduledQueryResource(service: () => WorkflowService) {
  const describe = async (id: string) => `scheduled query ${quoted((await service().getQuery(id)).name)}`;
  return {
    export: async () => ({ scheduled_queries: await service().export(SCHEDULED_QUERY) }),
    import: (input: SeedSection<"scheduled_queries">) => service().import(SCHEDULED_QUERY, input.scheduled_queries, input),
    list: () => service().listQueries(),
    create: (fields: ScheduledQueryInput) => service().createQuery(fields),
    describeNew: async (fields: ScheduledQueryInput) => `scheduled query ${quoted(fields.name)}`,
    get: (id: string) => service().getQuery(id),
    describe,
    update: (id: string, fields: ScheduledQueryInput) => service().replaceQuery(id, fields),
    delete: (id: string) => service().delete(id, SCHEDULED_QUERY),
    versions: (id: string) => service().queryVersions(id),
    version: (id: string, version: number) => service().queryVersion(id, version),
    requestRun: async (id: string) => {
      const { run_requested_at, run_id, temporal_workflow_id } = await service().requestRun(id, SCHEDULED_QUERY);
      return { scheduled_query_id: id, run_requested_at, run_id, temporal_workflow_id };
    },
    runs: (id: string) => service().listRuns(id, SCHEDULED_QUERY),
    run: (id: string, runId: string) => service().getRun(id, runId, SCHEDULED_QUERY),
  };
}
