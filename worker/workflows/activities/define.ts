// One activity type: its parameters (declared once, form.ts), checks beyond the schema, and its
// run. defineActivity turns a definition into what the registry holds, so the registry deals
// with every type alike while each type's run sees its own parameters fully typed.
import type { z } from "zod";
import type { Config } from "../../config";
import type { Env } from "../../env";
import { type FieldIssue, ValidationError } from "../../errors/domain";
import type { Neo4jClient } from "../../neo4j/client";
import type { JsonObject, JsonValue } from "../../neo4j/json";
import type { CypherCheckDeps } from "../../queries/run";
import type { Activity } from "../schemas";
import { ActivityError } from "./errors";
import { configFields, describedParameters } from "./form";
import { fieldAt, type Path, parameterIssues, underParameters } from "./issues";
import type { ActivityTypeView } from "./views";

export interface ActivityDeps {
  config: Config;
  env: Env;
  neo4j: Neo4jClient;
}

export interface ActivityCall {
  workflowId: string;
  runId: string;
  activity: Activity;
  /** The rows of the activity's input; undefined when it has none. */
  input: JsonObject[] | undefined;
}

export interface ActivityOutcome {
  /** Rows for later stages (query only); the other types act and summarise. */
  rows?: JsonObject[];
  result: Record<string, JsonValue>;
}

export type CheckDeps = CypherCheckDeps & { config: Config };

export interface TypedCall<P> extends ActivityCall {
  parameters: P;
}

export interface ActivityDefinition<S extends z.ZodObject> {
  type: string;
  description: string;
  /** Every type but query acts on the rows of an earlier activity. */
  inputRequired: boolean;
  parameters: S;
  /** Save-time checks the schema cannot make (settings, Neo4j); fields relative to parameters. */
  check?(parameters: z.output<S>, activity: Activity, deps: CheckDeps): Promise<FieldIssue[]> | FieldIssue[];
  run(call: TypedCall<z.output<S>>, deps: ActivityDeps): Promise<ActivityOutcome>;
}

export interface RegisteredActivity {
  view: ActivityTypeView;
  /** The parameters, each described as its form field is: what a built-in tool's input shows an LLM (builtins/tool-inputs.ts). */
  parameters: z.ZodObject;
  issues(activity: Activity, path: Path, deps: CheckDeps): Promise<FieldIssue[]>;
  run(call: ActivityCall, deps: ActivityDeps): Promise<ActivityOutcome>;
}

export function defineActivity<S extends z.ZodObject>(definition: ActivityDefinition<S>): RegisteredActivity {
  const { type, parameters } = definition;
  const known = Object.keys(parameters.shape);
  // reportInput lets a missing field be told apart from a mistyped one (issues.ts).
  const parse = (activity: Activity) => parameters.safeParse(activity.parameters, { reportInput: true });
  return {
    view: { type, description: definition.description, input_required: definition.inputRequired, config_fields: configFields(parameters) },
    parameters: describedParameters(parameters),

    async issues(activity, path, deps) {
      const issues: FieldIssue[] = [];
      if (definition.inputRequired && activity.input == null) {
        issues.push({
          field: fieldAt(path, "input"),
          rule: "required",
          message: `is required for ${type} activities: they act on the rows of an activity in an earlier stage`,
        });
      }
      const parsed = parse(activity);
      if (!parsed.success) return [...issues, ...parameterIssues(parsed.error, path, type, known)];
      if (definition.check) issues.push(...underParameters(await definition.check(parsed.data, activity, deps), path));
      return issues;
    },

    // A stored definition passed these checks when it was saved; parsing again applies the
    // defaults and refuses a row changed behind the API's back.
    async run(call, deps) {
      const parsed = parse(call.activity);
      if (!parsed.success) throw new ValidationError(parameterIssues(parsed.error, [], type, known));
      if (definition.inputRequired && call.input === undefined)
        throw new ActivityError(`${type} activity '${call.activity.output}' has no input rows to act on`);
      return definition.run({ ...call, parameters: parsed.data }, deps);
    },
  };
}
