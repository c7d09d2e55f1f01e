// `seizu toolsets tools ...`: the tools of a toolset, and calling one.
import type { Command } from "commander";
import { type Parameter, parameterTypes, type ReplyOf } from "../../worker/api";
import { asGiven } from "../api";
import { callArguments } from "../arguments";
import { addEnabledOptions, enabledValue, requireChanges } from "../changes";
import { action } from "../context";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { collect, parametersOption } from "../parameters";
import { renderResults } from "../results";
import { toolDefinitionFields, toolFields, toolsTable } from "../views";
import { kitChild } from "./kit-parent";
import { addResourceCommands } from "./resource";

const PARAM_HELP = `a parameter, name:type[:required][:sensitive][=default] (type: ${parameterTypes.join(", ")}); repeat for more`;
const PARAMS_JSON_HELP = `the parameters as a JSON array of {name, type, description?, required?, default?}`;
const PARAMETERS_HELP = "the same as --params-json, upstream Seizu's name";
const CACHE_TTL_HELP = "serve its results from the edge cache for this many seconds (0: off; at most 86400)";

/** A number as typed; anything else as given, for the server to refuse naming the field. */
const cacheTtl = (text: string) => asGiven<number>(/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text);

interface ParameterOptions {
  param?: string[];
  paramsJson?: string;
  parameters?: string;
}

interface CreateOptions extends ParameterOptions {
  name: string;
  cypher: string;
  description?: string;
  disabled?: boolean;
  cacheTtlSeconds?: number;
}

interface UpdateOptions extends ParameterOptions {
  name?: string;
  description?: string;
  cypher?: string;
  enabled?: boolean;
  disabled?: boolean;
  comment?: string;
  cacheTtlSeconds?: number;
}

export function registerTools(toolsets: Command) {
  const tools = addGlobalOptions(toolsets.command("tools")).description("manage the tools of a toolset, and call them");
  /** The parameters as given: their types and defaults are the server's to check. */
  const parameters = (options: ParameterOptions) => asGiven<Parameter[] | undefined>(parametersOption(options));

  const toolViews = { list: (json: ReplyOf<"toolsets_tools_list">) => toolsTable(json.tools), get: toolFields, definition: toolDefinitionFields };
  addResourceCommands(tools, {
    ...kitChild("tool", "toolset", "toolsets_tool", "show a tool, its Cypher and parameters", toolViews),
    create: {
      description: "create a tool (<tool> is its lower_snake_case id); its Cypher must be read-only",
      options: (command) =>
        command
          .requiredOption("-n, --name <name>", "display name")
          .requiredOption("--cypher <query>", "the read-only Cypher query; $name refers to parameter name")
          .option("-d, --description <text>", "what the tool does, shown to the LLM")
          .option("--param <spec>", PARAM_HELP, collect)
          .option("--params-json <json>", PARAMS_JSON_HELP)
          .option("--parameters <json>", PARAMETERS_HELP)
          .option("--disabled", "create it disabled: hidden from MCP clients")
          .option("--cache-ttl-seconds <seconds>", CACHE_TTL_HELP, cacheTtl),
      body: ([, id], options: CreateOptions) => ({
        id,
        name: options.name,
        description: options.description,
        cypher: options.cypher,
        parameters: parameters(options),
        enabled: options.disabled ? false : undefined,
        cache_ttl_seconds: options.cacheTtlSeconds,
      }),
      created: (json) => `created tool ${json.toolset_id}/${json.id} (version ${json.version})`,
    },
    update: {
      style: "merge",
      description: "change a tool (based on its current version; a concurrent change makes it fail)",
      options: (command) =>
        addEnabledOptions(
          command
            .option("-n, --name <name>", "new display name")
            .option("-d, --description <text>", "new description")
            .option("--cypher <query>", "new Cypher query")
            .option("--param <spec>", `${PARAM_HELP}; replaces all parameters`, collect)
            .option("--params-json <json>", `${PARAMS_JSON_HELP}; replaces all parameters`)
            .option("--parameters <json>", `${PARAMETERS_HELP}; replaces all parameters`)
            .option("--cache-ttl-seconds <seconds>", CACHE_TTL_HELP, cacheTtl),
        ).option("-c, --comment <text>", "why, recorded in the version history"),
      changes: (options: UpdateOptions) =>
        requireChanges({
          name: options.name,
          description: options.description,
          cypher: options.cypher,
          parameters: parameters(options),
          enabled: enabledValue(options),
          cache_ttl_seconds: options.cacheTtlSeconds,
        }),
      updated: (json) => `updated tool ${json.toolset_id}/${json.id} to version ${json.version}`,
    },
    delete: { description: "delete a tool with its history" },
  });

  addGlobalOptions(tools.command("call <toolset> <tool>"))
    .description("run a tool and print its rows (disabled tools can be called too)")
    .option("--arg <key=json>", "an argument as KEY=JSON_VALUE, e.g. limit=10 or label='\"CVE\"'; repeat for more", collect)
    .option("--args-json <json>", "all arguments as a JSON object; --arg values override it")
    .action(
      action(async (context, toolsetId: string, toolId: string, options: { arg?: string[]; argsJson?: string }) => {
        const reply = await context.api.call("toolsets_tool_call", {
          params: { toolset_id: toolsetId, tool_id: toolId },
          body: { arguments: callArguments(options) },
        });
        emit(context.format, reply, (json) => renderResults(json.results));
      }),
    );
}
