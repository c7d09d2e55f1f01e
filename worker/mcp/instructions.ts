// What `initialize` (and 2026-07-28's `server/discover`) tells an agent about this server, as
// upstream Seizu's clients expect to find it: how tools are named, that changes wait for a
// person's approval, and the endpoint URL's filters (mcp/filters.ts) that narrow the list.
export const SERVER_INSTRUCTIONS = [
  "Seizu Edge answers questions about a Neo4j graph with read-only Cypher.",
  "Tools are named {toolset_id}__{tool_id} for user-defined tools and {group}__{action} for built-in ones (graph__query, reports__list, toolsets__create, ...);",
  "graph__schema, graph__validate_query and graph__explain help write Cypher for graph__query.",
  "Every tool that changes something (create, update, delete, run, restore) needs a person's approval before it runs:",
  "the call asks for it (a confirmation with its confirmation_url), nothing runs until the person approves, and the same call with the same arguments then runs it once.",
  "The tool list can be narrowed on the endpoint URL: ?toolsets=a,b (toolset ids, seizu for every built-in tool, or a built-in group such as graph),",
  "?include_tags=x,y (tools carrying one of the tags), ?exclude_tags=x (tools carrying none of them), and ?access=read_only (read-only tools only).",
].join(" ");
