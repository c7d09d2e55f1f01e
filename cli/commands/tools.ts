// `seizu toolsets tools ...`: the tools of a toolset, and calling one.
import type { Command } from "commander";
import { parameterTypes } from "../../worker/toolsets/parameter-types";
import { callArguments } from "../arguments";
import { addEnabledOptions, enabledValue, requireChanges } from "../changes";
import { action } from "../context";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { collect, parametersOption } from "../parameters";
import { renderResults } from "../results";
import { toolDefinitionFields, toolFields, toolsTable } from "../views";
import { addHistoryCommands } from "./history";

const PARAM_HELP = `a parameter, name:type[:required][=default] (type: ${parameterTypes.join(", ")}); repeat for more`;
const PARAMS_JSON_HELP = `the parameters as a JSON array of {name, type, description?, required?, default?}`;

interface ParameterOptions {
  param?: string[];
  paramsJson?: string;
}

interface CreateOptions extends ParameterOptions {
  name: string;
  cypher: string;
  description?: string;
  disabled?: boolean;
}

interface UpdateOptions extends ParameterOptions {
  name?: string;
  description?: string;
  cypher?: string;
  enabled?: boolean;
  disabled?: boolean;
  comment?: string;
}

export function registerTools(toolsets: Command) {
  const tools = addGlobalOptions(toolsets.command("tools")).description("manage the tools of a toolset, and call them");

  addGlobalOptions(tools.command("list <toolset>"))
    .description("list a toolset's tools")
    .action(
      action(async (context, toolsetId: string) => {
        emit(context.format, await context.api.tools.list(toolsetId), (json) => toolsTable(json.tools));
      }),
    );

  addGlobalOptions(tools.command("get <toolset> <tool>"))
    .description("show a tool, its Cypher and parameters")
    .action(
      action(async (context, toolsetId: string, toolId: string) => {
        emit(context.format, await context.api.tools.get(toolsetId, toolId), toolFields);
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
      action(async (context, toolsetId: string, id: string, options: CreateOptions) => {
        const reply = await context.api.tools.create(toolsetId, {
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
      action(async (context, toolsetId: string, toolId: string, options: UpdateOptions) => {
        const changes = requireChanges({
          name: options.name,
          description: options.description,
          cypher: options.cypher,
          parameters: parametersOption(options),
          enabled: enabledValue(options),
        });
        const reply = await context.api.tools.update(toolsetId, toolId, changes, options.comment);
        emit(context.format, reply, (json) => `updated tool ${json.toolset_id}/${json.id} to version ${json.version}`);
      }),
    );

  addGlobalOptions(tools.command("delete <toolset> <tool>"))
    .description("delete a tool with its history")
    .action(
      action(async (context, toolsetId: string, toolId: string) => {
        await context.api.tools.delete(toolsetId, toolId);
        // The API answers 204 without a body; scripts still get JSON to parse.
        emit(context.format, { deleted: true, toolset_id: toolsetId, tool_id: toolId }, () => `deleted tool ${toolsetId}/${toolId}`);
      }),
    );

  addHistoryCommands(tools, { kind: "tool", ids: "<toolset> <tool>", history: (api) => api.tools, definition: toolDefinitionFields });

  addGlobalOptions(tools.command("call <toolset> <tool>"))
    .description("run a tool and print its rows (disabled tools can be called too)")
    .option("--arg <key=json>", "an argument as KEY=JSON_VALUE, e.g. limit=10 or label='\"CVE\"'; repeat for more", collect)
    .option("--args-json <json>", "all arguments as a JSON object; --arg values override it")
    .action(
      action(async (context, toolsetId: string, toolId: string, options: { arg?: string[]; argsJson?: string }) => {
        const reply = await context.api.tools.call(toolsetId, toolId, { arguments: callArguments(options) });
        emit(context.format, reply, (json) => renderResults(json.results));
      }),
    );
}
