// log: one structured JSON line per input row on the Worker's log (Workers Logs, `wrangler
// tail`), with the chosen attributes of the row's query_return_attribute map. The first entries
// are kept in the run's result so run history shows what was logged.
import { z } from "zod";
import type { JsonObject } from "../../neo4j/json";
import { expected, maxRows, queryReturnAttribute, requiredStringList } from "./common";
import { defineActivity } from "./define";
import { formField } from "./form";
import { rowObject, rowValues } from "./rows";

const LEVELS = ["debug", "info", "warning", "error"] as const;

/** Entries kept in the result: enough to see what was logged, small enough for run history. */
const ENTRIES_IN_RESULT = 20;

const write: Record<(typeof LEVELS)[number], (line: string) => void> = {
  debug: (line) => console.log(line),
  info: (line) => console.info(line),
  warning: (line) => console.warn(line),
  error: (line) => console.error(line),
};

export const log = defineActivity({
  type: "log",
  description: "Write one structured log line per input row with chosen attributes of the row.",
  inputRequired: true,
  parameters: z
    .object({
      log_attrs: formField(requiredStringList(50, 200), { label: "Attributes", description: "Attributes of each row's query_return_attribute map to log" }),
      query_return_attribute: queryReturnAttribute,
      message: formField(z.string(expected("a string")).max(1000, "must be at most 1000 characters").optional(), {
        label: "Message",
        description: "The message of every line",
      }),
      level: formField(z.enum(LEVELS, expected("one of debug, info, warning, error")).default("info"), { label: "Level" }),
      max_rows: maxRows,
    })
    .strict(),

  async run({ workflowId, runId, activity, input = [], parameters }) {
    const { log_attrs, query_return_attribute: attribute, message, level, max_rows } = parameters;
    const entries: JsonObject[] = rowValues(input, attribute, max_rows).map((value, index) => {
      const details = rowObject(value, index, attribute);
      return Object.fromEntries(log_attrs.map((name) => [name, details[name] ?? null]));
    });
    for (const attributes of entries) {
      write[level](
        JSON.stringify({
          level,
          message: message ?? `workflow ${activity.output}`,
          workflow_id: workflowId,
          run_id: runId,
          output: activity.output,
          attributes,
        }),
      );
    }
    return { result: { rows_logged: entries.length, entries: entries.slice(0, ENTRIES_IN_RESULT) } };
  },
});
