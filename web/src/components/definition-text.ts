// A definition as text for a line diff: one `key: value` line per field with the value as
// JSON, except multi-line strings (Cypher), whose lines stay lines, indented under their key,
// so a changed line of a query shows as that line rather than as one long escaped string.
export function definitionText(definition: unknown): string {
  if (definition === null || typeof definition !== "object" || Array.isArray(definition)) return JSON.stringify(definition, null, 2);
  return Object.entries(definition)
    .map(([key, value]) =>
      typeof value === "string" && value.includes("\n")
        ? `${key}:\n${value
            .split("\n")
            .map((line) => `  ${line}`)
            .join("\n")}`
        : `${key}: ${JSON.stringify(value, null, 2)}`,
    )
    .join("\n");
}
