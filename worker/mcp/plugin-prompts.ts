// The skills of enabled Agent Plugins as MCP prompts {plugin_id}__{skill}, beside skillset
// skills (prompts.ts): a skill switched off, or a disabled plugin, is not served. The prompt is
// the SKILL.md's markdown after its frontmatter, read from R2; it takes no arguments.
import type { Prompt } from "@modelcontextprotocol/server";
import { BlobStore } from "../plugins/blobs";
import { splitFrontmatter } from "../plugins/package";
import { PluginStore } from "../plugins/store";
import { bindSkillArguments } from "../skillsets/arguments";
import { promptName } from "../skillsets/views";
import type { PromptSource } from "./prompts";
import type { Db } from "../store/db";

export function pluginPromptSource(db: Db, bucket: R2Bucket): PromptSource {
  const store = new PluginStore(db);
  return {
    async list() {
      return (await store.listEnabled()).flatMap((head) =>
        head.current.skills
          .filter((skill) => !head.disabledSkills.has(skill.name))
          .map((skill): Prompt => ({ name: promptName(head.id, skill.name), title: skill.name, description: skill.description, arguments: [] })),
      );
    },
    async get(name, args, found) {
      const [pluginId, skillName, ...rest] = name.split("__");
      if (!pluginId || !skillName || rest.length > 0) return undefined;
      const head = await store.get(pluginId);
      const skill = head?.current.skills.find((candidate) => candidate.name === skillName);
      if (!head?.enabled || !skill || head.disabledSkills.has(skill.name)) return undefined;
      found({ type: "plugin", id: head.id, version: head.revision });
      // No parameters: any argument is refused by name, as for a skillset skill.
      bindSkillArguments([], args);
      const content = new TextDecoder().decode(await new BlobStore(bucket).get(skill.digest));
      const text = splitFrontmatter(content)?.body ?? content;
      return { description: skill.description, messages: [{ role: "user", content: { type: "text", text } }] };
    },
  };
}
