// Version history, shared by toolsets and tools: `versions`, `version-get`, `restore`.
import { action } from "../context.mjs";
import { UsageError } from "../errors.mjs";
import { addGlobalOptions } from "../options.mjs";
import { emit } from "../output.mjs";
import { versionFields, versionsTable } from "../views.mjs";

/**
 * @param {import("commander").Command} parent
 * @param {{ kind: "toolset" | "tool" | "role", ids: string, path: (...ids: string[]) => string }} resource
 *   ids: the positional arguments naming the resource ("<toolset>" or "<toolset> <tool>");
 *   path: its REST path from those ids
 */
export function addHistoryCommands(parent, { kind, ids, path }) {
  const arity = ids.split(" ").length;

  addGlobalOptions(parent.command(`versions ${ids}`))
    .description(`list the ${kind}'s versions, newest first`)
    .action(
      action(async (context, ...args) => {
        const reply = await context.api.get(`${path(...args.slice(0, arity))}/versions`);
        emit(context.format, reply, (json) => versionsTable(json.versions));
      }),
    );

  addGlobalOptions(parent.command(`version-get ${ids} <n>`))
    .description(`show version <n> of the ${kind}`)
    .action(
      action(async (context, ...args) => {
        const version = versionNumber(args[arity]);
        const reply = await context.api.get(`${path(...args.slice(0, arity))}/versions/${version}`);
        emit(context.format, reply, (json) => versionFields(json, kind));
      }),
    );

  addGlobalOptions(parent.command(`restore ${ids} <n>`))
    .description(`make version <n> the ${kind}'s current definition again (as a new version)`)
    .action(
      action(async (context, ...args) => {
        const version = versionNumber(args[arity]);
        const reply = await context.api.post(`${path(...args.slice(0, arity))}/versions/${version}/restore`, {});
        // A tool is named with its toolset, as in the other tool commands' messages.
        const name = (/** @type {any} */ json) => (json.toolset_id ? `${json.toolset_id}/${json.id}` : json.id);
        emit(context.format, reply, (json) => `restored ${kind} ${name(json)} from version ${version} as version ${json.version}`);
      }),
    );
}

function versionNumber(/** @type {string} */ text) {
  if (!/^[1-9]\d*$/.test(text)) throw new UsageError(`version ${JSON.stringify(text)} must be a positive whole number`);
  return Number(text);
}
