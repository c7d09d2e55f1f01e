// `seizu toolsets tools ...`: the tools of a toolset, and calling one.
import { callArguments } from "../arguments.mjs";
import { addEnabledOptions, enabledValue, requireChanges } from "../changes.mjs";
import { action } from "../context.mjs";
import { segment } from "../http.mjs";
import { addGlobalOptions } from "../options.mjs";
import { emit } from "../output.mjs";
import { collect, parametersOption } from "../parameters.mjs";
import { renderResults } from "../results.mjs";
import { toolFields, toolsTable } from "../views.mjs";
import { addHistoryCommands } from "./history.mjs";

const PARAM_HELP = "a parameter, name:type[:required][=default] (type: string, integer, float, boolean); repeat for more";
const PARAMS_JSON_HELP = `the parameters as a JSON array of {name, type, description?, required?, default?}`;

/**
 * @param {import("commander").Command} toolsets
 * @param {(toolsetId: string) => string} toolsetPath
 */
export function registerTools(toolsets, toolsetPath) {
  const tools = addGlobalOptions(toolsets.command("tools")).description("manage the tools of a toolset, and call them");
  const listPath = (/** @type {string} */ toolsetId) => `${toolsetPath(toolsetId)}/tools`;
  const toolPath = (/** @type {string} */ toolsetId, /** @type {string} */ toolId) => `${listPath(toolsetId)}/${segment(toolId)}`;

  addGlobalOptions(tools.command("list <toolset>"))
    .description("list a toolset's tools")
    .action(
      action(async (context, toolsetId) => {
        emit(context.format, await context.api.get(listPath(toolsetId)), (json) => toolsTable(json.tools));
      }),
    );

  addGlobalOptions(tools.command("get <toolset> <tool>"))
    .description("show a tool, its Cypher and parameters")
    .action(
      action(async (context, toolsetId, toolId) => {
        emit(context.format, await context.api.get(toolPath(toolsetId, toolId)), toolFields);
      }),
    );

  addGlobalOptions(tools.command("create <toolset> <tool>"))
    .description("create a tool (<tool> is its lower_snake_case id); its Cypher must be read-only")
    .requiredOption("--name <name>", "display name")
    .requiredOption("--cypher <query>", "the read-only Cypher query; $name refers to parameter name")
    .option("--description <text>", "what the tool does, shown to the LLM")
    .option("--param <spec>", PARAM_HELP, collect)
    .option("--params-json <json>", PARAMS_JSON_HELP)
    .option("--disabled", "create it disabled: hidden from MCP clients")
    .action(
      action(async (context, toolsetId, id, options) => {
        const reply = await context.api.post(listPath(toolsetId), {
          id,
          name: options.name,
          description: options.description,
          cypher: options.cypher,
          parameters: parametersOption(options),
          enabled: options.disabled ? false : undefined,
        });
        emit(context.format, reply, (json) => `created tool ${json.toolset_id}/${json.id} (version ${json.version})`);
      }),
    );

  const update = addGlobalOptions(tools.command("update <toolset> <tool>"))
    .description("change a tool (based on its current version; a concurrent change makes it fail)")
    .option("--name <name>", "new display name")
    .option("--description <text>", "new description")
    .option("--cypher <query>", "new Cypher query")
    .option("--param <spec>", `${PARAM_HELP}; replaces all parameters`, collect)
    .option("--params-json <json>", `${PARAMS_JSON_HELP}; replaces all parameters`);
  addEnabledOptions(update)
    .option("--comment <text>", "why, recorded in the version history")
    .action(
      action(async (context, toolsetId, toolId, options) => {
        const changes = requireChanges({
          name: options.name,
          description: options.description,
          cypher: options.cypher,
          parameters: parametersOption(options),
          enabled: enabledValue(options),
        });
        // Based on the version read here: a change made by someone else in between gets 409.
        const current = await context.api.get(toolPath(toolsetId, toolId));
        const reply = await context.api.patch(toolPath(toolsetId, toolId), { ...changes, base_version: current.version, comment: options.comment });
        emit(context.format, reply, (json) => `updated tool ${json.toolset_id}/${json.id} to version ${json.version}`);
      }),
    );

  addGlobalOptions(tools.command("delete <toolset> <tool>"))
    .description("delete a tool with its history")
    .action(
      action(async (context, toolsetId, toolId) => {
        await context.api.delete(toolPath(toolsetId, toolId));
        // The API answers 204 without a body; scripts still get JSON to parse.
        emit(context.format, { deleted: true, toolset_id: toolsetId, tool_id: toolId }, () => `deleted tool ${toolsetId}/${toolId}`);
      }),
    );

  addHistoryCommands(tools, { kind: "tool", ids: "<toolset> <tool>", path: toolPath });

  addGlobalOptions(tools.command("call <toolset> <tool>"))
    .description("run a tool and print its rows (disabled tools can be called too)")
    .option("--arg <key=json>", "an argument as KEY=JSON_VALUE, e.g. limit=10 or label='\"CVE\"'; repeat for more", collect)
    .option("--args-json <json>", "all arguments as a JSON object; --arg values override it")
    .action(
      action(async (context, toolsetId, toolId, options) => {
        const reply = await context.api.post(`${toolPath(toolsetId, toolId)}/call`, { arguments: callArguments(options) });
        emit(context.format, reply, (json) => renderResults(json.results));
      }),
    );
}
