// The targets of operations as a person knows them (Operation.target), for the operations the
// kit's generators do not make: a generated operation asks its resource's describe(), and these
// ask the same where the resource has one. A lookup of something missing throws the resource's
// NotFoundError, before anyone is asked.
import { pluginResource } from "../plugins/resources";
import { reportResource } from "../reports/resources";
import { spaceResource, subspaceResource } from "../spaces/resources";
import type { OperationContext } from "./operation";
import { plugins, reports, spaces } from "./services";

/** A name as the approval quotes it. */
export const quoted = (name: string) => JSON.stringify(name);

export const reportTarget = (ctx: OperationContext, id: string) => reportResource(() => reports(ctx)).describe(id);

export const spaceTarget = (ctx: OperationContext, id: string) => spaceResource(spaces(ctx)).describe(id);

export const subspaceTarget = (ctx: OperationContext, spaceId: string, id: string) => subspaceResource(spaces(ctx)).describe({ spaceId, id });

export const pluginTarget = (ctx: OperationContext, id: string) => pluginResource(plugins(ctx)).describe(id);
