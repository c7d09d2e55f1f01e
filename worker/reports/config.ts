// A report's config, the versioned part of a report, as upstream Seizu's reporting_config:
// named queries, inputs, and rows of panels laid out on a 12-column grid. Strict, like every
// definition here: an unknown key (a top-level `panels`, a panel's legacy `size`) is an error,
// so a typo cannot silently drop a setting. Every list and number is bounded (the README's
// Limits): a config is a few hundred panels at most, placed on a grid a browser can draw.
import { MAX_STATEMENT_LENGTH } from "../cypher/length";
import { z } from "zod";
import { jsonValue } from "../kit/json-value";
import { cacheTtlSeconds } from "../results/cache-ttl";

export const PANEL_TYPES = ["table", "vertical-table", "count", "bar", "pie", "graph", "progress", "markdown"] as const;
export const GRID_COLUMNS = 12;
/** The tallest a panel may be, in grid rows (each at least 80px high in the UI). */
const GRID_MAX_HEIGHT = 100;
/** The lowest grid row a panel may start at. */
const GRID_MAX_Y = 1000;
/** Named queries of a config. */
const MAX_QUERIES = 100;
/** Every list of a config: inputs, rows, panels of a row, parameters and thresholds of a panel. */
const MAX_LIST = 50;

const text = (max: number) => z.string({ error: "must be a string" }).max(max, `must be at most ${max} characters`);
const identifier = z
  .string({ error: "must be a string" })
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must start with a letter or underscore, then letters, digits or underscores")
  .max(64, "must be at most 64 characters");
/** A key of `queries`: upstream's are often hyphenated (`seizu-runtimes-count`), and panels only look them up. */
const queryKey = z
  .string({ error: "must be a string" })
  .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, "must start with a letter or underscore, then letters, digits, hyphens or underscores")
  .max(64, "must be at most 64 characters");
const cypherRef = z
  .string({ error: "must be a string" })
  .min(1, "must not be empty")
  .max(MAX_STATEMENT_LENGTH, `must be at most ${MAX_STATEMENT_LENGTH} characters`)
  .describe("A key of `queries`, or literal Cypher");
const gridInt = (min: number, max: number) =>
  z.number({ error: "must be a number" }).int("must be an integer").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
const list = <T extends z.ZodType>(item: T, noun: string) => z.array(item).max(MAX_LIST, `must have at most ${MAX_LIST} ${noun}`);

/** A panel query's parameter: from an input, or a fixed value. */
const panelParam = z
  .object({ name: identifier, input_id: identifier.optional(), value: jsonValue.optional() })
  .strict()
  .refine((param) => (param.input_id === undefined) !== (param.value === undefined), "must have exactly one of input_id or value");

const legendSettings = z.object({ legend: z.union([text(200), z.boolean()]).optional() }).strict();

export const panelConfig = z
  .object({
    type: z.enum(PANEL_TYPES, { error: `must be one of ${PANEL_TYPES.join(", ")}` }),
    cypher: cypherRef.optional(),
    details_cypher: cypherRef.optional(),
    params: list(panelParam, "parameters").default([]),
    caption: text(500).optional(),
    hide_caption: z.boolean().optional(),
    table_id: text(200).optional(),
    markdown: text(100_000).optional(),
    threshold: z.number().optional(),
    thresholds: list(z.object({ value: z.number(), color: text(64) }).strict(), "thresholds").optional(),
    bar_settings: legendSettings.optional(),
    pie_settings: legendSettings.optional(),
    graph_settings: z
      .object({ node_label: text(200).optional(), node_color_by: text(200).optional() })
      .strict()
      .optional(),
    progress_settings: z.object({ show_label: z.boolean().optional() }).strict().optional(),
    w: gridInt(1, GRID_COLUMNS).optional(),
    h: gridInt(1, GRID_MAX_HEIGHT).optional(),
    x: gridInt(0, GRID_COLUMNS - 1).optional(),
    y: gridInt(0, GRID_MAX_Y).optional(),
    min_h: gridInt(1, GRID_MAX_HEIGHT).optional(),
    auto_height: z.boolean().optional(),
    cache_ttl_seconds: cacheTtlSeconds.optional().describe("Overrides the report's cache_ttl_seconds for this panel's queries"),
  })
  .strict()
  .superRefine((panel, ctx) => {
    if (panel.type === "markdown" && panel.markdown === undefined)
      ctx.addIssue({ code: "custom", path: ["markdown"], message: "is required for a markdown panel" });
    if (panel.type !== "markdown" && panel.cypher === undefined)
      ctx.addIssue({ code: "custom", path: ["cypher"], message: `is required for a ${panel.type} panel` });
    if ((panel.x ?? 0) + (panel.w ?? 1) > GRID_COLUMNS)
      ctx.addIssue({ code: "custom", path: ["w"], message: `x + w must be at most ${GRID_COLUMNS} (the grid has ${GRID_COLUMNS} columns)` });
    const names = panel.params.map((param) => param.name);
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i) ctx.addIssue({ code: "custom", path: ["params", i, "name"], message: `${name} is given twice` });
    });
  });
export type PanelConfig = z.output<typeof panelConfig>;

export const inputConfig = z
  .object({
    input_id: identifier,
    label: text(200),
    type: z.enum(["autocomplete", "text"], { error: "must be autocomplete or text" }),
    cypher: cypherRef.optional().describe("Autocomplete: a query returning the choices as `value` (and optionally `label`)"),
    default: z
      .object({ label: text(500), value: jsonValue })
      .strict()
      .optional(),
    size: gridInt(1, GRID_COLUMNS).default(2),
    cache_ttl_seconds: cacheTtlSeconds.optional().describe("Overrides the report's cache_ttl_seconds for this input's autocomplete query"),
  })
  .strict()
  .refine((input) => input.type !== "autocomplete" || input.cypher !== undefined, { path: ["cypher"], message: "is required for an autocomplete input" });

export const rowConfig = z
  .object({ name: text(200), hide_header: z.boolean().optional(), collapsible: z.boolean().optional(), panels: list(panelConfig, "panels").default([]) })
  .strict();

export const reportConfig = z
  .object({
    schema_version: z.literal(1, { error: "must be 1" }).default(1),
    name: text(200).default("").describe("The report's name; blank keeps the current one"),
    queries: z
      .record(queryKey, cypherRef)
      .refine((queries) => Object.keys(queries).length <= MAX_QUERIES, { message: `must have at most ${MAX_QUERIES} queries`, params: { rule: "too_big" } })
      .default({}),
    inputs: list(inputConfig, "inputs").default([]),
    rows: list(rowConfig, "rows").default([]),
    cache_ttl_seconds: cacheTtlSeconds.optional().describe("The default cache_ttl_seconds of every query of the report (panels and autocomplete inputs)"),
  })
  .strict()
  .superRefine((config, ctx) => {
    const inputIds = config.inputs.map((input) => input.input_id);
    inputIds.forEach((id, i) => {
      if (inputIds.indexOf(id) !== i) ctx.addIssue({ code: "custom", path: ["inputs", i, "input_id"], message: `${id} is used by another input` });
    });
    config.rows.forEach((row, r) => {
      row.panels.forEach((panel, p) => {
        panel.params.forEach((param, i) => {
          if (param.input_id !== undefined && !inputIds.includes(param.input_id))
            ctx.addIssue({
              code: "custom",
              path: ["rows", r, "panels", p, "params", i, "input_id"],
              message: `${param.input_id} is not an input of this report`,
            });
        });
      });
    });
  });
export type ReportConfig = z.output<typeof reportConfig>;

/** The config of a new report: its name and nothing else (upstream's "Initial version"). */
export const initialConfig = (name: string): ReportConfig => ({ schema_version: 1, name, queries: {}, inputs: [], rows: [] });
