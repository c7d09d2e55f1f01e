// Skills as MCP prompts: every enabled skill of an enabled skillset is the prompt
// {skillset_id}__{skill_id}; prompts/get renders its template with the arguments (strings, as
// MCP prompt arguments are, read as the parameter's type). Seeing and getting prompts needs
// skills:render, as rendering does on REST. The sources are asked only on prompts/* requests,
// so tools/list and tools/call cost nothing more for them.
import { type GetPromptResult, type Prompt, ProtocolError, ProtocolErrorCode, type Server } from "@modelcontextprotocol/server";
import type { AuditEvent } from "../audit/event";
import type { Principal } from "../auth/principal";
import { ValidationError } from "../errors/domain";
import { type McpAudit, recordedCall } from "./recorded-call";
import { findSkill, listExposedSkills, type SkillWithSkillset } from "../skillsets/exposed";
import { renderSkill } from "../skillsets/render";
import { promptName } from "../skillsets/views";
import type { Db } from "../store/db";

/** The definition a prompt renders, as the audit log names it (a skill `skillset/skill`, or a plugin at its revision). */
export type PromptResource = NonNullable<AuditEvent["resource"]>;

/**
 * Where prompts come from: a full listing and a get by name (undefined: no such prompt here).
 * A get names the definition it found to `found` before rendering it, so a rendering refused
 * for its arguments is recorded against it too.
 */
export interface PromptSource {
  list(): Promise<Prompt[]>;
  get(name: string, args: Record<string, string>, found: (resource: PromptResource) => void): Promise<GetPromptResult | undefined>;
}

const PERMISSION = "skills:render";

function promptOf({ skillsetId, id, skill }: SkillWithSkillset): Prompt {
  return {
    name: promptName(skillsetId, id),
    title: skill.name,
    description: skill.description || skill.name,
    arguments: skill.parameters.map((parameter) => ({
      name: parameter.name,
      description: [parameter.description, parameter.type === "string" ? "" : `(${parameter.type})`].filter(Boolean).join(" "),
      // A parameter with a default may be left out, whatever `required` says.
      required: parameter.required && (parameter.default === undefined || parameter.default === null),
    })),
  };
}

export function skillPromptSource(db: Db): PromptSource {
  return {
    async list() {
      return (await listExposedSkills(db)).map(promptOf);
    },
    async get(name, args, found) {
      const [skillsetId, skillId, ...rest] = name.split("__");
      if (!skillsetId || !skillId || rest.length > 0) return undefined;
      const skill = await findSkill(db, skillsetId, skillId);
      if (!skill?.skill.enabled || !skill.skillset.enabled) return undefined;
      found({ type: "skill", id: `${skill.skillsetId}/${skill.id}`, version: skill.version });
      const text = renderSkill(skill, args);
      return { description: promptOf(skill).description, messages: [{ role: "user", content: { type: "text", text } }] };
    },
  };
}

/** Declares the prompts capability and answers prompts/list and prompts/get from the sources. */
export function servePrompts(server: Server, sources: PromptSource[], principal: Principal, audit?: McpAudit): void {
  // listChanged stays false: a stateless Worker never pushes list changes.
  server.registerCapabilities({ prompts: { listChanged: false } });
  const allowed = () => principal.permissions.has(PERMISSION);

  server.setRequestHandler("prompts/list", async () => {
    if (!allowed()) return { prompts: [] };
    return { prompts: (await Promise.all(sources.map((source) => source.list()))).flat() };
  });

  server.setRequestHandler("prompts/get", (request, ctx) =>
    recordedCall(audit, "prompts/get", request.params, ctx, async () => {
      const { name, arguments: args = {} } = request.params;
      if (!allowed()) {
        audit?.meter.ended("forbidden");
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} requires the permission ${PERMISSION}`);
      }
      for (const source of sources) {
        try {
          const result = await source.get(name, args, (resource) => audit?.meter.ran(resource));
          if (result) return result;
        } catch (error) {
          if (error instanceof ValidationError)
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for prompt ${name}: ${error.message}`);
          throw error;
        }
      }
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} not found (or disabled)`);
    }),
  );
}
