// The skill most tests use, as plain data: no Worker imports, so the Workers pool's tests and
// the Node ones against wrangler dev can share it.

/** A skill with a required string, an optional integer with a default and an optional boolean. */
export const summarise = {
  name: "Summarise a host",
  description: "Summarises what the graph knows about one host",
  template: "Summarise host {% $host %} in at most {% $limit %} lines.{%$verbose%}",
  parameters: [
    { name: "host", type: "string", description: "Host name" },
    { name: "limit", type: "integer", description: "Lines", default: 5 },
    { name: "verbose", type: "boolean", required: false },
  ],
  triggers: ["summarise host", "host summary"],
};
