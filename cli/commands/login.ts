// `seizu login` and `seizu logout` (and upstream Seizu's `seizu auth login|logout|whoami`): sign
// in with the server's OpenID provider and keep the tokens in the credentials file, or forget them.
import type { Command } from "commander";
import { removeLogin, saveLogin } from "../auth/credentials";
import { browserLogin, deviceLogin, providerOf } from "../auth/oidc-login";
import { resolveSettings } from "../config";
import { globalOptions, addGlobalOptions } from "../options";
import { emit } from "../output";
import { positiveNumber } from "./resource";
import { registerWhoami } from "./roles";

interface LoginOptions {
  device?: boolean;
  timeout?: number;
}

/** Progress for people goes to stderr: stdout keeps only the result. */
const say = (line: string) => process.stderr.write(`${line}\n`);

function addLogin(parent: Command) {
  addGlobalOptions(parent.command("login"))
    .description("sign in with the server's OpenID provider in a browser (authorization code with PKCE) and keep the tokens for later commands")
    .option("--device", "sign in with a code entered on another device (device authorization), where the provider offers it")
    .option("--timeout <seconds>", "give up when the browser has not come back after this many seconds (default 300)", positiveNumber("--timeout"))
    .action(async (options: LoginOptions, command: Command) => {
      const flags = globalOptions(command);
      const settings = resolveSettings(flags, process.env);
      const provider = await providerOf(settings.server);
      say(`Signing in to ${settings.server} with ${provider.issuer}`);
      const login = options.device ? await deviceLogin(provider, say) : await browserLogin(provider, say, options.timeout ?? 300);
      saveLogin(settings.credentialsPath, settings.server, login);
      emit(
        flags.output ?? "table",
        { logged_in: true, server: settings.server, credentials_file: settings.credentialsPath },
        () => `logged in to ${settings.server}; tokens kept in ${settings.credentialsPath}`,
      );
    });
}

function addLogout(parent: Command) {
  addGlobalOptions(parent.command("logout"))
    .description("forget the tokens `seizu login` kept for the server")
    .action((_options: unknown, command: Command) => {
      const flags = globalOptions(command);
      const settings = resolveSettings(flags, process.env);
      const removed = removeLogin(settings.credentialsPath, settings.server);
      emit(flags.output ?? "table", { logged_out: removed, server: settings.server }, () =>
        removed ? `logged out from ${settings.server}` : `no login kept for ${settings.server}`,
      );
    });
}

export function registerLogin(program: Command) {
  addLogin(program);
  addLogout(program);
  const auth = addGlobalOptions(program.command("auth")).description("sign in and out (the same as seizu login, logout and whoami)");
  addLogin(auth);
  addLogout(auth);
  registerWhoami(auth);
}
