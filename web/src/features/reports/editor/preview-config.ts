// What the preview draws from a draft: the draft as the server would read it, with the defaults
// the schema fills in (params, inputs, rows), so a draft that leaves them out still draws. A
// draft the schema would refuse may still be drawn as far as it goes; saving says what is wrong.
import type { PanelConfig, ReportConfig, ReportInput, ReportRow } from "../../../types";

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const object = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function previewConfig(draft: unknown): ReportConfig {
  const config = object(draft);
  return {
    schema_version: 1,
    name: typeof config.name === "string" ? config.name : "",
    queries: object(config.queries) as Record<string, string>,
    inputs: list<ReportInput>(config.inputs).map((input) => ({ ...input, size: object(input).size ?? 2 }) as ReportInput),
    rows: list<ReportRow>(config.rows).map((row) => ({
      ...object(row),
      name: String(object(row).name ?? ""),
      panels: list<PanelConfig>(object(row).panels).map((panel) => ({ ...object(panel), params: list(object(panel).params) }) as PanelConfig),
    })),
  };
}
