// What GET /workflows/activity-types shows of each activity type: enough for the UI to draw its
// form. Derived from each type's parameter schema (form.ts), never written by hand.
import { z } from "zod";

const CONFIG_FIELD_TYPES = ["string", "text", "number", "boolean", "string_list", "select", "parameters"] as const;
export type ConfigFieldType = (typeof CONFIG_FIELD_TYPES)[number];

export const configFieldView = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(CONFIG_FIELD_TYPES).describe("text: a multi-line string; parameters: a list of {name, value}"),
  required: z.boolean(),
  description: z.string().optional(),
  default: z.unknown().optional(),
  options: z.array(z.string()).optional().describe("The values a select field takes"),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
});
export type ConfigFieldView = z.output<typeof configFieldView>;

export const activityTypeView = z.object({
  type: z.string(),
  description: z.string(),
  input_required: z.boolean().describe("Whether the activity needs an input: the output of an activity in an earlier stage"),
  config_fields: z.array(configFieldView),
});
export type ActivityTypeView = z.output<typeof activityTypeView>;
