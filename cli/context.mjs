// What a command's action works with: the resolved settings, a REST client, the output format.
import { resolveSettings } from "./config.mjs";
import { createClient } from "./http.mjs";
import { globalOptions } from "./options.mjs";

/**
 * @typedef {{
 *   settings: import("./config.mjs").Settings,
 *   api: import("./http.mjs").Client,
 *   format: import("./output.mjs").Format,
 * }} Context
 */

/** @param {import("commander").Command} command @returns {Context} */
function contextOf(command) {
  const options = globalOptions(command);
  const settings = resolveSettings(options, process.env);
  return { settings, api: createClient(settings), format: options.output ?? "table" };
}

/**
 * Wraps a command handler: commander calls actions with the positional arguments, then the
 * command's options, then the command; handlers get the context first.
 * @param {(context: Context, ...args: any[]) => Promise<void>} handler
 */
export function action(handler) {
  return async (/** @type {any[]} */ ...args) => {
    const command = args.at(-1);
    await handler(contextOf(command), ...args.slice(0, -1));
  };
}
