// What a command's action works with: the resolved settings, the REST API, the output format.
import type { Command } from "commander";
import { type Api, createApi } from "./api";
import { readLogin, saveLogin } from "./auth/credentials";
import { currentToken } from "./auth/oidc-login";
import { resolveSettings, type Settings } from "./config";
import { createDownload, createTransport, type Download } from "./http";
import { globalOptions } from "./options";
import type { Format } from "./output";

export interface Context {
  settings: Settings;
  api: Api;
  /** A reply that is a file, streamed (GET /audit/export). */
  download: Download;
  format: Format;
}

/** The token given (flag, environment, seizu.conf), else the one `seizu login` stored for the server. */
async function tokenOf(settings: Settings) {
  if (settings.token) return settings.token;
  const login = readLogin(settings.credentialsPath, settings.server);
  return login && currentToken(login, settings.server, (refreshed) => saveLogin(settings.credentialsPath, settings.server, refreshed));
}

async function contextOf(command: Command): Promise<Context> {
  const options = globalOptions(command);
  const settings = resolveSettings(options, process.env);
  const token = await tokenOf(settings);
  return {
    settings,
    api: createApi(createTransport({ server: settings.server, token })),
    download: createDownload({ server: settings.server, token }),
    format: options.output ?? "table",
  };
}

/**
 * Wraps a command handler: commander calls actions with the positional arguments, then the
 * command's options, then the command; handlers get the context first, then the others.
 */
export function action<Args extends unknown[]>(handler: (context: Context, ...args: Args) => Promise<void>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    await handler(await contextOf(command), ...(args.slice(0, -1) as Args));
  };
}
