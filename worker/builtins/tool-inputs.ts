// Hand-written input schemas of built-in tools, for shapes an LLM fills better than the ones
// derived from the operation's schema: a definition's `input_schema` (the whole input) or
// `param_overrides.<field>.input_schema` (one argument) names one of them. They describe and do
// not parse: a call is still parsed by its operation's own schemas, as its REST route parses it,
// so a schema here can show the input better but never let more through. Each carries examples,
// and the definitions are refused at load when the operation's schema refuses one.
//
// The workflow shapes are read off the activity types (workflows/activities/), so each activity
// shows its own parameters, where the derived schema has a free `type` and an opaque `parameters`.
import { z } from "zod";
import { activityTypeSchemas } from "../workflows/activities/registry";
import { activity as declaredActivity, LIMITS, lowerSnake } from "../workflows/schemas";

const activityTypes = activityTypeSchemas();

/** Parameters may be left out where the type has nothing required. */
const parametersOf = (parameters: z.ZodObject) => (parameters.safeParse({}).success ? parameters.optional() : parameters);

const input = lowerSnake.describe(declaredActivity.shape.input.description ?? "");

/** One variant per activity type, told apart by `type`; `input` is required where the type acts on rows. */
const activity = z.discriminatedUnion(
  "type",
  activityTypes.map(({ view, parameters }) =>
    z
      .strictObject({
        type: z.literal(view.type),
        input: view.input_required ? input : input.nullish(),
        output: declaredActivity.shape.output,
        parameters: parametersOf(parameters),
      })
      .describe(view.description),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
);

const WorkflowStages = z
  .array(z.strictObject({ activities: z.array(activity).min(1).max(LIMITS.activitiesPerStage) }))
  .min(1)
  .max(LIMITS.stages)
  .describe("Stages run in order, the activities of a stage in parallel; an activity's input names the output of an activity in an earlier stage")
  .meta({
    examples: [
      [
        {
          activities: [
            {
              type: "query",
              output: "counted",
              parameters: { cypher: "UNWIND range(1, $n) AS i RETURN {n: i} AS details", parameters: [{ name: "n", value: 3 }] },
            },
          ],
        },
        { activities: [{ type: "log", input: "counted", output: "logged", parameters: { log_attrs: ["n"], message: "counted" } }] },
      ],
    ],
  });

/** The schemas a definition may name, by name. */
export const TOOL_INPUTS: Record<string, z.ZodType> = { WorkflowStages };
