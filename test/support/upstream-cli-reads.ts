// The keys upstream Seizu's CLI reads from each answer, command by command, listed by hand from
// its source (mappedsky/seizu, seizu_cli/commands/*.py, agent-plugin branch): only the keys it
// reads as data["key"], whose absence stops the command with a KeyError (or, in `export`, drops
// the item with a warning); data.get("key") reads, which fall back to a default, are not listed.
// `-o json` prints the answer as it came and reads nothing. A path: "a.b" a key of an object,
// "a[].b" the key in every item of the list under "a".
const versions = ["versions[].version", "versions[].created_by", "versions[].created_at"];
const toolsetDetail = ["toolset_id", "name", "created_by"];
const toolDetail = ["tool_id", "toolset_id", "name", "created_by", "cypher"];
const skillsetDetail = ["skillset_id", "name", "created_by"];
const skillDetail = ["skill_id", "name", "created_by"];
const reportDetail = ["report_id", "name", "version", "created_by", "created_at"];
const queryDetail = ["scheduled_query_id", "name", "created_by", "cypher"];
const workflowDetail = ["workflow_id", "name"];
const none: string[] = [];

/** Requests as "METHOD /path/{param}" (below /api/v1) → the keys read from their answer. */
type Reads = Record<string, string[]>;

/** Requests whose answers a command reads nothing from: it only needs them to succeed. */
const unread = (...requests: string[]): Reads => Object.fromEntries(requests.map((request) => [request, none]));

/** The answers `seed` reads (seizu_cli/commands/seed.py, seed_cmd and its helpers). */
const seed: Reads = {
  "GET /reports": ["reports[].name", "reports[].report_id"],
  "POST /reports": ["report_id"],
  ...unread("GET /reports/{id}", "POST /reports/{id}/versions", "PUT /reports/{id}/visibility", "PUT /reports/{id}/pin", "PUT /reports/{id}/space"),
  "GET /spaces": ["spaces[].name", "spaces[].space_id"],
  "POST /spaces": ["space_id"],
  "GET /spaces/{id}/subspaces": ["subspaces[].name", "subspaces[].subspace_id"],
  "POST /spaces/{id}/subspaces": ["subspace_id"],
  ...unread("PUT /reports/{id}/dashboard", "PUT /spaces/{id}", "GET /spaces/{id}/tree", "PUT /spaces/{id}/overview"),
  "GET /scheduled-queries": ["scheduled_queries[].name", "scheduled_queries[].scheduled_query_id"],
  "POST /scheduled-queries": ["scheduled_query_id"],
  "GET /workflows": ["workflows[].name", "workflows[].workflow_id"],
  "POST /workflows": ["workflow_id"],
  ...unread("PUT /scheduled-queries/{id}", "PUT /workflows/{id}"),
  "GET /toolsets": ["toolsets[].toolset_id"],
  "GET /toolsets/{id}/tools": ["tools[].tool_id"],
  "GET /skillsets": ["skillsets[].skillset_id"],
  "GET /skillsets/{id}/skills": ["skills[].skill_id"],
  ...unread("POST /toolsets", "PUT /toolsets/{id}", "POST /toolsets/{id}/tools", "PUT /toolsets/{id}/tools/{id}"),
  ...unread("POST /skillsets", "PUT /skillsets/{id}", "POST /skillsets/{id}/skills", "PUT /skillsets/{id}/skills/{id}"),
  "GET /plugins": ["plugins[].plugin_id"],
  ...unread("POST /plugins/validate", "POST /plugins/install", "PUT /plugins/{id}"),
};

/** The answers `export` reads (seed.py, export_cmd and the _export_* helpers). */
const exported: Reads = {
  "GET /reports": ["reports[].name", "reports[].report_id"],
  "GET /reports/{id}": ["config"],
  "GET /reports/dashboard": none,
  "GET /spaces": ["spaces[].name", "spaces[].space_id"],
  "GET /spaces/{id}/tree": ["subspaces[].name", "subspaces[].subspace_id"],
  "GET /scheduled-queries": none,
  "GET /workflows": [
    "workflows[].name",
    "workflows[].schedule",
    "workflows[].watch_scans",
    "workflows[].enabled",
    "workflows[].stages",
    "workflows[].trigger_workflows",
  ],
  "GET /toolsets": ["toolsets[].name", "toolsets[].toolset_id"],
  "GET /toolsets/{id}/tools": ["tools[].name", "tools[].tool_id", "tools[].cypher"],
  "GET /skillsets": ["skillsets[].name", "skillsets[].skillset_id"],
  "GET /skillsets/{id}/skills": ["skills[].name", "skills[].skill_id", "skills[].template"],
  "GET /plugins": none,
};

/** Commands that read nothing from the answer to their one request: they only need it to succeed. */
const noReads = (commands: Record<string, string>): Record<string, Reads> =>
  Object.fromEntries(Object.entries(commands).map(([command, request]) => [command, unread(request)]));

/**
 * A versioned item's seven commands (list, get, create, update, delete, versions, version-get),
 * which upstream's toolsets.py and skillsets.py write alike for toolsets, tools, skillsets and
 * skills: `group` the command words, `collection` its path, `id` its id key.
 */
function versioned(group: string, collection: string, id: string, detail: string[]): Record<string, Reads> {
  const list = collection.split("/").at(-1)!;
  const item = `${collection}/{id}`;
  return {
    [`${group} list`]: { [`GET ${collection}`]: [`${list}[].${id}`, `${list}[].name`] },
    [`${group} get`]: { [`GET ${item}`]: detail },
    [`${group} create`]: { [`POST ${collection}`]: [id, "name"] },
    [`${group} update`]: { [`PUT ${item}`]: detail },
    [`${group} delete`]: { [`DELETE ${item}`]: none },
    [`${group} versions`]: { [`GET ${item}/versions`]: versions },
    [`${group} version-get`]: { [`GET ${item}/versions/{n}`]: detail },
  };
}

export const upstreamReads: Record<string, Reads> = {
  whoami: { "GET /me": ["user.user_id", "user.email"] },
  seed,
  export: exported,

  ...versioned("toolsets", "/toolsets", "toolset_id", toolsetDetail),
  ...versioned("toolsets tools", "/toolsets/{id}/tools", "tool_id", toolDetail),
  "toolsets tools call": { "POST /toolsets/{id}/tools/{id}/call": none },
  ...versioned("skillsets", "/skillsets", "skillset_id", skillsetDetail),
  ...versioned("skillsets skills", "/skillsets/{id}/skills", "skill_id", skillDetail),
  "skillsets skills render": { "POST /skillsets/{id}/skills/{id}/render": none },

  "reports list": { "GET /reports": ["reports[].report_id", "reports[].name", "reports[].current_version", "reports[].updated_at"] },
  "reports get": { "GET /reports/{id}": reportDetail },
  "reports create": { "POST /reports": ["report_id", "name"] },
  ...noReads({ "reports publish": "PUT /reports/{id}/visibility", "reports unpublish": "PUT /reports/{id}/visibility" }),
  ...noReads({ "reports delete": "DELETE /reports/{id}", "reports set-dashboard": "PUT /reports/{id}/dashboard" }),
  "reports clone": { "POST /reports/{id}/clone": ["report_id", "name"] },
  "reports versions": { "GET /reports/{id}/versions": versions },
  "reports version-get": { "GET /reports/{id}/versions/{n}": reportDetail },

  "spaces list": { "GET /spaces": ["spaces[].space_id", "spaces[].name"] },
  "spaces show": {
    "GET /spaces/{id}/tree": ["space.space_id", "space.name", "subspaces[].subspace_id", "subspaces[].name", "reports[].report_id", "reports[].name"],
  },

  "scheduled-queries list": { "GET /scheduled-queries": ["scheduled_queries[].scheduled_query_id", "scheduled_queries[].name"] },
  "scheduled-queries get": { "GET /scheduled-queries/{id}": queryDetail },
  ...noReads({ "scheduled-queries run": "POST /scheduled-queries/{id}/run", "scheduled-queries delete": "DELETE /scheduled-queries/{id}" }),
  "scheduled-queries versions": { "GET /scheduled-queries/{id}/versions": versions },
  "scheduled-queries version-get": { "GET /scheduled-queries/{id}/versions/{n}": queryDetail },

  "workflows list": { "GET /workflows": ["workflows[].workflow_id", "workflows[].name"] },
  "workflows get": { "GET /workflows/{id}": workflowDetail },
  "workflows run": { "POST /workflows/{id}/run": ["temporal_workflow_id"] },
  ...noReads({ "workflows delete": "DELETE /workflows/{id}" }),
  "workflows versions": { "GET /workflows/{id}/versions": versions },

  // seizu_cli/commands/plugins.py prints every answer as JSON and reads only `valid`, with .get.
  ...noReads({ "plugins validate": "POST /plugins/validate", "plugins install": "POST /plugins/install", "plugins list": "GET /plugins" }),
  ...noReads({ "plugins show": "GET /plugins/{id}", "plugins enable": "PUT /plugins/{id}", "plugins disable": "PUT /plugins/{id}" }),
  ...noReads({ "plugins remove": "DELETE /plugins/{id}", "plugins download": "GET /plugins/{id}/download" }),
};

/** The command an argv runs: its longest leading run of words that names one. */
export function commandOf(argv: string[]): string | undefined {
  for (let words = argv.length; words > 0; words--) {
    const name = argv.slice(0, words).join(" ");
    if (name in upstreamReads) return name;
  }
  return undefined;
}

/** The keys `command` reads from the answer to `method path`, or undefined when it makes no such request. */
export function readsOf(argv: string[], method: string, fullPath: string): string[] | undefined {
  const path = fullPath.replace(/^\/api\/v1(?=\/)/, "");
  const command = commandOf(argv);
  if (!command) return undefined;
  const asJson = argv.some((word, at) => (word === "-o" || word === "--output") && argv[at + 1] === "json");
  const reads = upstreamReads[command]!;
  // A literal path (/reports/dashboard) before the templates it would also match (/reports/{id}).
  const keys =
    reads[`${method} ${path}`] ??
    Object.entries(reads).find(([request]) => {
      const [wanted, template] = request.split(" ") as [string, string];
      return wanted === method && new RegExp(`^${template.replace(/\{id\}/g, "[^/]+").replace(/\{n\}/g, "\\d+")}$`).test(path);
    })?.[1];
  return keys && asJson ? none : keys;
}

/** The paths of `keys` that `answer` lacks, each named for the list item that lacks it. */
export function missingKeys(answer: unknown, keys: string[]): string[] {
  const missing: string[] = [];
  const walk = (node: unknown, parts: string[], at: string) => {
    if (parts.length === 0) return;
    const [part, ...rest] = parts as [string, ...string[]];
    const list = part.endsWith("[]");
    const key = list ? part.slice(0, -2) : part;
    const here = at ? `${at}.${key}` : key;
    if (node === null || typeof node !== "object" || !(key in node)) return void missing.push(here);
    const value = (node as Record<string, unknown>)[key];
    if (!list) return walk(value, rest, here);
    if (!Array.isArray(value)) return void missing.push(`${here}[]`);
    for (const [index, item] of value.entries()) walk(item, rest, `${here}[${index}]`);
  };
  for (const key of keys) walk(answer, key.split("."), "");
  return [...new Set(missing)];
}
