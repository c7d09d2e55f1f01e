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

/** Requests as "METHOD /api/v1/path/{param}" → the keys read from their answer. */
type Reads = Record<string, string[]>;

/** The answers `seed` reads (seizu_cli/commands/seed.py, seed_cmd and its helpers). */
const seed: Reads = {
  "GET /api/v1/reports": ["reports[].name", "reports[].report_id"],
  "GET /api/v1/reports/{id}": none,
  "POST /api/v1/reports": ["report_id"],
  "POST /api/v1/reports/{id}/versions": none,
  "PUT /api/v1/reports/{id}/visibility": none,
  "PUT /api/v1/reports/{id}/pin": none,
  "PUT /api/v1/reports/{id}/space": none,
  "PUT /api/v1/reports/{id}/dashboard": none,
  "GET /api/v1/spaces": ["spaces[].name", "spaces[].space_id"],
  "POST /api/v1/spaces": ["space_id"],
  "PUT /api/v1/spaces/{id}": none,
  "GET /api/v1/spaces/{id}/subspaces": ["subspaces[].name", "subspaces[].subspace_id"],
  "POST /api/v1/spaces/{id}/subspaces": ["subspace_id"],
  "GET /api/v1/spaces/{id}/tree": none,
  "PUT /api/v1/spaces/{id}/overview": none,
  "GET /api/v1/scheduled-queries": ["scheduled_queries[].name", "scheduled_queries[].scheduled_query_id"],
  "POST /api/v1/scheduled-queries": ["scheduled_query_id"],
  "PUT /api/v1/scheduled-queries/{id}": none,
  "GET /api/v1/workflows": ["workflows[].name", "workflows[].workflow_id"],
  "POST /api/v1/workflows": ["workflow_id"],
  "PUT /api/v1/workflows/{id}": none,
  "GET /api/v1/toolsets": ["toolsets[].toolset_id"],
  "POST /api/v1/toolsets": none,
  "PUT /api/v1/toolsets/{id}": none,
  "GET /api/v1/toolsets/{id}/tools": ["tools[].tool_id"],
  "POST /api/v1/toolsets/{id}/tools": none,
  "PUT /api/v1/toolsets/{id}/tools/{id}": none,
  "GET /api/v1/skillsets": ["skillsets[].skillset_id"],
  "POST /api/v1/skillsets": none,
  "PUT /api/v1/skillsets/{id}": none,
  "GET /api/v1/skillsets/{id}/skills": ["skills[].skill_id"],
  "POST /api/v1/skillsets/{id}/skills": none,
  "PUT /api/v1/skillsets/{id}/skills/{id}": none,
  "GET /api/v1/plugins": ["plugins[].plugin_id"],
  "POST /api/v1/plugins/validate": none,
  "POST /api/v1/plugins/install": none,
  "PUT /api/v1/plugins/{id}": none,
};

/** The answers `export` reads (seed.py, export_cmd and the _export_* helpers). */
const exported: Reads = {
  "GET /api/v1/reports": ["reports[].name", "reports[].report_id"],
  "GET /api/v1/reports/{id}": ["config"],
  "GET /api/v1/reports/dashboard": none,
  "GET /api/v1/spaces": ["spaces[].name", "spaces[].space_id"],
  "GET /api/v1/spaces/{id}/tree": ["subspaces[].name", "subspaces[].subspace_id"],
  "GET /api/v1/scheduled-queries": none,
  "GET /api/v1/workflows": [
    "workflows[].name",
    "workflows[].schedule",
    "workflows[].watch_scans",
    "workflows[].enabled",
    "workflows[].stages",
    "workflows[].trigger_workflows",
  ],
  "GET /api/v1/toolsets": ["toolsets[].name", "toolsets[].toolset_id"],
  "GET /api/v1/toolsets/{id}/tools": ["tools[].name", "tools[].tool_id", "tools[].cypher"],
  "GET /api/v1/skillsets": ["skillsets[].name", "skillsets[].skillset_id"],
  "GET /api/v1/skillsets/{id}/skills": ["skills[].name", "skills[].skill_id", "skills[].template"],
  "GET /api/v1/plugins": none,
};

export const upstreamReads: Record<string, Reads> = {
  whoami: { "GET /api/v1/me": ["user.user_id", "user.email"] },
  seed,
  export: exported,

  "toolsets list": { "GET /api/v1/toolsets": ["toolsets[].toolset_id", "toolsets[].name"] },
  "toolsets get": { "GET /api/v1/toolsets/{id}": toolsetDetail },
  "toolsets create": { "POST /api/v1/toolsets": ["toolset_id", "name"] },
  "toolsets update": { "PUT /api/v1/toolsets/{id}": toolsetDetail },
  "toolsets delete": { "DELETE /api/v1/toolsets/{id}": none },
  "toolsets versions": { "GET /api/v1/toolsets/{id}/versions": versions },
  "toolsets version-get": { "GET /api/v1/toolsets/{id}/versions/{n}": toolsetDetail },
  "toolsets tools list": { "GET /api/v1/toolsets/{id}/tools": ["tools[].tool_id", "tools[].name"] },
  "toolsets tools get": { "GET /api/v1/toolsets/{id}/tools/{id}": toolDetail },
  "toolsets tools create": { "POST /api/v1/toolsets/{id}/tools": ["tool_id", "name"] },
  "toolsets tools update": { "PUT /api/v1/toolsets/{id}/tools/{id}": toolDetail },
  "toolsets tools delete": { "DELETE /api/v1/toolsets/{id}/tools/{id}": none },
  "toolsets tools call": { "POST /api/v1/toolsets/{id}/tools/{id}/call": none },
  "toolsets tools versions": { "GET /api/v1/toolsets/{id}/tools/{id}/versions": versions },
  "toolsets tools version-get": { "GET /api/v1/toolsets/{id}/tools/{id}/versions/{n}": toolDetail },

  "skillsets list": { "GET /api/v1/skillsets": ["skillsets[].skillset_id", "skillsets[].name"] },
  "skillsets get": { "GET /api/v1/skillsets/{id}": skillsetDetail },
  "skillsets create": { "POST /api/v1/skillsets": ["skillset_id", "name"] },
  "skillsets update": { "PUT /api/v1/skillsets/{id}": skillsetDetail },
  "skillsets delete": { "DELETE /api/v1/skillsets/{id}": none },
  "skillsets versions": { "GET /api/v1/skillsets/{id}/versions": versions },
  "skillsets version-get": { "GET /api/v1/skillsets/{id}/versions/{n}": skillsetDetail },
  "skillsets skills list": { "GET /api/v1/skillsets/{id}/skills": ["skills[].skill_id", "skills[].name"] },
  "skillsets skills get": { "GET /api/v1/skillsets/{id}/skills/{id}": skillDetail },
  "skillsets skills create": { "POST /api/v1/skillsets/{id}/skills": ["skill_id", "name"] },
  "skillsets skills update": { "PUT /api/v1/skillsets/{id}/skills/{id}": skillDetail },
  "skillsets skills delete": { "DELETE /api/v1/skillsets/{id}/skills/{id}": none },
  "skillsets skills render": { "POST /api/v1/skillsets/{id}/skills/{id}/render": none },
  "skillsets skills versions": { "GET /api/v1/skillsets/{id}/skills/{id}/versions": versions },
  "skillsets skills version-get": { "GET /api/v1/skillsets/{id}/skills/{id}/versions/{n}": skillDetail },

  "reports list": { "GET /api/v1/reports": ["reports[].report_id", "reports[].name", "reports[].current_version", "reports[].updated_at"] },
  "reports get": { "GET /api/v1/reports/{id}": reportDetail },
  "reports create": { "POST /api/v1/reports": ["report_id", "name"] },
  "reports clone": { "POST /api/v1/reports/{id}/clone": ["report_id", "name"] },
  "reports publish": { "PUT /api/v1/reports/{id}/visibility": none },
  "reports unpublish": { "PUT /api/v1/reports/{id}/visibility": none },
  "reports delete": { "DELETE /api/v1/reports/{id}": none },
  "reports set-dashboard": { "PUT /api/v1/reports/{id}/dashboard": none },
  "reports versions": { "GET /api/v1/reports/{id}/versions": versions },
  "reports version-get": { "GET /api/v1/reports/{id}/versions/{n}": reportDetail },

  "spaces list": { "GET /api/v1/spaces": ["spaces[].space_id", "spaces[].name"] },
  "spaces show": {
    "GET /api/v1/spaces/{id}/tree": ["space.space_id", "space.name", "subspaces[].subspace_id", "subspaces[].name", "reports[].report_id", "reports[].name"],
  },

  "scheduled-queries list": { "GET /api/v1/scheduled-queries": ["scheduled_queries[].scheduled_query_id", "scheduled_queries[].name"] },
  "scheduled-queries get": { "GET /api/v1/scheduled-queries/{id}": queryDetail },
  "scheduled-queries run": { "POST /api/v1/scheduled-queries/{id}/run": none },
  "scheduled-queries delete": { "DELETE /api/v1/scheduled-queries/{id}": none },
  "scheduled-queries versions": { "GET /api/v1/scheduled-queries/{id}/versions": versions },
  "scheduled-queries version-get": { "GET /api/v1/scheduled-queries/{id}/versions/{n}": queryDetail },

  "workflows list": { "GET /api/v1/workflows": ["workflows[].workflow_id", "workflows[].name"] },
  "workflows get": { "GET /api/v1/workflows/{id}": workflowDetail },
  "workflows run": { "POST /api/v1/workflows/{id}/run": ["temporal_workflow_id"] },
  "workflows delete": { "DELETE /api/v1/workflows/{id}": none },
  "workflows versions": { "GET /api/v1/workflows/{id}/versions": versions },

  "plugins validate": { "POST /api/v1/plugins/validate": none },
  "plugins install": { "POST /api/v1/plugins/install": none },
  "plugins list": { "GET /api/v1/plugins": none },
  "plugins show": { "GET /api/v1/plugins/{id}": none },
  "plugins enable": { "PUT /api/v1/plugins/{id}": none },
  "plugins disable": { "PUT /api/v1/plugins/{id}": none },
  "plugins remove": { "DELETE /api/v1/plugins/{id}": none },
  "plugins download": { "GET /api/v1/plugins/{id}/download": none },
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
export function readsOf(argv: string[], method: string, path: string): string[] | undefined {
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
