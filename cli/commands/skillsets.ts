// `seizu skillsets ...`: skillsets over the REST API, with their skills (MCP prompts) under
// `seizu skillsets skills`, rendering one among them; upstream Seizu's commands and flags, with
// the version restore toolsets have.
import type { Command } from "commander";
import type { BodyOf, ReplyOf } from "../../worker/api";
import { asGiven } from "../api";
import { callArguments } from "../arguments";
import { addEnabledOptions, enabledValue, requireChanges } from "../changes";
import { action } from "../context";
import { UsageError } from "../errors";
import { addGlobalOptions } from "../options";
import { emit } from "../output";
import { skillDefinitionFields, skillFields, skillsetFields, skillsetsTable, skillsTable } from "../skillset-views";
import { kitChild, kitParent } from "./kit-parent";
import { addResourceCommands } from "./resource";

const COMMENT_HELP = "why, recorded in the version history";

/** A JSON array given on the command line (--parameters, --triggers, --tools-required); its items are the server's to check. */
function jsonList(text: string | undefined, flag: string): unknown[] | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${flag} is not valid JSON: give a JSON array, like '["a", "b"]'`);
  }
  if (!Array.isArray(value)) throw new UsageError(`${flag} must be a JSON array, like '["a", "b"]'`);
  return value;
}

interface SkillOptions {
  name?: string;
  description?: string;
  template?: string;
  parameters?: string;
  triggers?: string;
  toolsRequired?: string;
}

/** The skill's fields the options give, as the server takes them. */
const skillFieldsOf = (options: SkillOptions) => ({
  name: options.name,
  description: options.description,
  template: options.template,
  parameters: asGiven<BodyOf<"skillsets_skill_update">["parameters"]>(jsonList(options.parameters, "--parameters")),
  triggers: asGiven<string[] | undefined>(jsonList(options.triggers, "--triggers")),
  tools_required: asGiven<string[] | undefined>(jsonList(options.toolsRequired, "--tools-required")),
});

function skillOptions(command: Command, { required }: { required: boolean }) {
  const name = "-n, --name <name>";
  const template = "--template <text>";
  const withNameAndTemplate = required
    ? command.requiredOption(name, "display name").requiredOption(template, "the prompt template; {% $name %} inserts parameter name")
    : command.option(name, "new display name").option(template, "new prompt template");
  return withNameAndTemplate
    .option("-d, --description <text>", "what the skill is for")
    .option("--parameters <json>", "the template's parameters as a JSON array of {name, description?, required?, default?}")
    .option("--triggers <json>", "phrases that suggest the skill, as a JSON array of strings")
    .option("--tools-required <json>", "the MCP tools the skill needs (toolset__tool), as a JSON array of strings");
}

export function registerSkillsets(program: Command) {
  const skillsets = addGlobalOptions(program.command("skillsets")).description("manage skillsets and their skills (MCP prompts)");
  const views = { list: (json: ReplyOf<"skillsets_list">) => skillsetsTable(json.skillsets), get: skillsetFields };
  addResourceCommands(skillsets, kitParent("skillset", "skillsets", "skill", views));

  const skillViews = { list: (json: ReplyOf<"skillsets_skills_list">) => skillsTable(json.skills), get: skillFields, definition: skillDefinitionFields };
  const skills = addGlobalOptions(skillsets.command("skills")).description("manage the skills of a skillset, and render them");
  addResourceCommands(skills, {
    ...kitChild("skill", "skillset", "skillsets_skill", "show a skill and its template", skillViews),
    create: {
      description: "create a skill (<skill> is its lower_snake_case id); its template and required tools are checked",
      options: (command) => skillOptions(command, { required: true }).option("--disabled", "create it disabled: not served as a prompt"),
      body: ([, id], options: SkillOptions & { name: string; template: string; disabled?: boolean }) => ({
        id: id!,
        ...skillFieldsOf(options),
        name: options.name,
        template: options.template,
        enabled: options.disabled ? false : undefined,
      }),
      created: (json) => `created skill ${json.skillset_id}/${json.id} (version ${json.version})`,
    },
    update: {
      style: "merge",
      description: "change a skill (based on its current version; a concurrent change makes it fail)",
      options: (command) => addEnabledOptions(skillOptions(command, { required: false })).option("-c, --comment <text>", COMMENT_HELP),
      changes: (options: SkillOptions & { enabled?: boolean; disabled?: boolean }) =>
        requireChanges({ ...skillFieldsOf(options), enabled: enabledValue(options) }),
      updated: (json) => `updated skill ${json.skillset_id}/${json.id} to version ${json.version}`,
    },
    delete: { description: "delete a skill with its history" },
  });

  addGlobalOptions(skills.command("render <skillset> <skill>"))
    .description("render an enabled skill's template with arguments, as an MCP client's prompts/get does")
    .option("--args-json <json>", "the arguments as a JSON object")
    .action(
      action(async (context, skillsetId: string, skillId: string, options: { argsJson?: string }) => {
        const reply = await context.api.call("skillsets_skill_render", {
          params: { skillset_id: skillsetId, skill_id: skillId },
          body: { arguments: asGiven<Record<string, string>>(callArguments(options)) },
        });
        emit(context.format, reply, (json) => json.text);
      }),
    );
}
