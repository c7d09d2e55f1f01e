// Built-in tools ({group}__{action}) as MCP tools: each carries its operation's permission and
// runs it in-process (builtin-runner.ts); a tool that changes something runs only with a
// person's approval (confirmations/gate.ts), and a definition with `confirmed_action` becomes a
// typed-confirm pair (…_prepare, …_execute) in front of that same approval.
import type { Tool, ToolAnnotations } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { BuiltinTool } from "../builtins/builtin-tool";
import { DEFINITION_FILES, enabledBuiltinTools } from "../builtins/registry";
import { annotationsOf, builtinShape, requiresConfirmation } from "../builtins/tool-shape";
import { confirmThenRun, type GateContext } from "../confirmations/gate";
import { executeInput, prepare, redeem } from "../confirmations/typed-confirm";
import { parseInput } from "../input";
import { budgetOf, type OperationContext } from "../operations/operation";
import { BUILTIN_TOOLSET_ID } from "../toolsets/schemas";
import { builtinRunner } from "./builtin-runner";
import { type McpTool, type ToolSource, toolMeta } from "./tool";

const EXECUTE_INPUT_SCHEMA = z.toJSONSchema(executeInput, { io: "input" }) as Tool["inputSchema"];

/** What a built-in tool's call needs beyond its arguments. */
export type BuiltinContext = OperationContext & GateContext;

function describeTool(
  tool: BuiltinTool,
  name: string,
  title: string,
  description: string,
  inputSchema: Tool["inputSchema"],
  annotations: ToolAnnotations,
): Omit<McpTool, "call"> {
  const tags = ["builtin", tool.group];
  const call = tool.operation.call;
  const { argumentOf } = builtinShape(tool);
  return {
    audited: {
      kind: call?.kind ?? "tool_call",
      resource: { type: "tool", id: `${BUILTIN_TOOLSET_ID}/${name}`, version: null },
      sensitive: (call?.secret ?? []).map(argumentOf),
    },
    toolsetId: BUILTIN_TOOLSET_ID,
    group: tool.group,
    tags,
    permission: tool.operation.permission,
    budget: budgetOf(tool.operation),
    definition: {
      name,
      title,
      description,
      inputSchema,
      annotations: { title, ...annotations },
      _meta: { ...toolMeta(BUILTIN_TOOLSET_ID, tags), group: tool.group, operation: tool.operation.operationId },
    },
  };
}

function toMcpTools(tool: BuiltinTool, ctx: BuiltinContext): McpTool[] {
  const { definition, operation } = tool;
  const runner = builtinRunner(tool, ctx);
  const title = definition.title ?? operation.summary;
  const description = definition.description ?? operation.summary;
  const { inputSchema } = builtinShape(tool);
  if (definition.confirmed_action) {
    const { message, action_label: label = title } = definition.confirmed_action;
    return [
      {
        ...describeTool(
          tool,
          `${tool.name}_prepare`,
          `${title}: prepare`,
          `Step 1 of 2 for "${label}": checks the arguments and returns a confirmation hash and a message to show the user. Nothing changes yet.`,
          inputSchema,
          {
            readOnlyHint: true,
            destructiveHint: false,
            idempotentHint: false,
            openWorldHint: false,
          },
        ),
        async call(args, serverCtx) {
          await runner.describe(await runner.parse(args));
          const prepared = await prepare(tool.name, args, message, label, ctx, serverCtx);
          return { content: [{ type: "text", text: JSON.stringify(prepared) }], structuredContent: prepared };
        },
      },
      {
        ...describeTool(
          tool,
          `${tool.name}_execute`,
          `${title}: execute`,
          `Step 2 of 2 for "${label}": runs the action prepared by ${tool.name}_prepare once the user has typed "confirm". Takes only the hash and the word.`,
          EXECUTE_INPUT_SCHEMA,
          annotationsOf(tool),
        ),
        async call(args, serverCtx) {
          // The typed word adds to the configured confirmation mode, never replaces it: the
          // prepared action waits for the same approval as any other write.
          const { hash } = parseInput(executeInput, args);
          const prepared = await redeem(tool.name, hash, ctx, serverCtx);
          const call = await runner.parse(prepared.args);
          const run = async () => {
            await prepared.spend();
            return runner.run(call);
          };
          if (!requiresConfirmation(tool)) return run();
          const targetName = await runner.describe(call);
          return confirmThenRun(
            { tool: `${tool.name}_execute`, title, target: call.target, targetName, args: prepared.args, typed: true },
            ctx,
            serverCtx,
            run,
          );
        },
      },
    ];
  }
  return [
    {
      ...describeTool(tool, tool.name, title, description, inputSchema, annotationsOf(tool)),
      async call(args, serverCtx) {
        const call = await runner.parse(args);
        if (!requiresConfirmation(tool)) return runner.run(call);
        const targetName = await runner.describe(call);
        return confirmThenRun({ tool: tool.name, title, target: call.target, targetName, args }, ctx, serverCtx, () => runner.run(call));
      },
    },
  ];
}

/** A typed-confirm pair is named after its definition: toolsets__delete_prepare → toolsets__delete. */
const definitionName = (name: string) => name.replace(/_(prepare|execute)$/, "");

/** The built-in tools as MCP tools: by default those MCP_ENABLED_BUILTINS enables. */
export function builtinToolSource(ctx: BuiltinContext, tools?: BuiltinTool[]): ToolSource {
  const enabled = () => tools ?? enabledBuiltinTools(ctx.config.MCP_ENABLED_BUILTINS);
  return {
    async list() {
      return enabled().flatMap((tool) => toMcpTools(tool, ctx));
    },
    async find(name) {
      const candidates = enabled().filter((tool) => tool.name === name || tool.name === definitionName(name));
      return candidates.flatMap((tool) => toMcpTools(tool, ctx)).find((candidate) => candidate.definition.name === name);
    },
    async toolsetNames() {
      return [BUILTIN_TOOLSET_ID, ...Object.keys(DEFINITION_FILES)];
    },
  };
}
