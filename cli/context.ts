// What a command's action works with: the resolved settings, the REST API, the output format.
import type { Command } from "commander";
import { type Api, createApi } from "./api";
import { resolveSettings, type Settings } from "./config";
import { createTransport } from "./http";
import { globalOptions } from "./options";
import type { Format } from "./output";

export interface Context {
  settings: Settings;
  api: Api;
  format: Format;
}

function contextOf(command: Command): Context {
  const options = globalOptions(command);
  const settings = resolveSettings(options, process.env);
  return { settings, api: createApi(createTransport(settings)), format: options.output ?? "table" };
}

/**
 * Wraps a command handler: commander calls actions with the positional arguments, then the
 * command's options, then the command; handlers get the context first, then the others.
 */
export function action<Args extends unknown[]>(handler: (context: Context, ...args: Args) => Promise<void>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    await handler(contextOf(command), ...(args.slice(0, -1) as Args));
  };
}
