// `seizu apps list|revoke`: the MCP clients connected through the edge authorization server
// (GET /connected-apps, DELETE /connected-apps/{grant_id}). One's own need no permission; --all
// and another person's --subject need oauth:manage, which the server checks and names.
import type { Command } from "commander";
import type { ParamsOf } from "../../worker/api";
import { asGiven } from "../api";
import { connectedAppsTable } from "../apps-views";
import { confirmDeletion } from "../confirm";
import { action } from "../context";
import { addGlobalOptions } from "../options";
import { emit } from "../output";

export function registerApps(program: Command) {
  const apps = addGlobalOptions(program.command("apps")).description(
    "the MCP clients connected through the edge authorization server (MCP_AUTHORIZATION_SERVER=edge): list and revoke them",
  );

  addGlobalOptions(apps.command("list"))
    .description("list your connected apps (--all: everyone's, --subject: one person's; both need oauth:manage)")
    .option("--all", "everyone's connected apps")
    .option("--subject <subject>", "this person's connected apps (their token's sub)")
    .option("--limit <n>", "apps per page, 1–100 (default 50)")
    .option("--cursor <cursor>", "where the previous page ended (its next_cursor)")
    .action(
      action(async (context, options: { all?: boolean; subject?: string; limit?: string; cursor?: string }) => {
        const params = asGiven<ParamsOf<"connected_apps_list">>({
          all: options.all ? "true" : undefined,
          subject: options.subject,
          limit: options.limit,
          cursor: options.cursor,
        });
        emit(context.format, await context.api.call("connected_apps_list", { params }), connectedAppsTable);
      }),
    );

  addGlobalOptions(apps.command("revoke <grant_id>"))
    .description("revoke a connected app: its tokens are refused from the next request on; asks first, unless --yes")
    .option("--subject <subject>", "whose app it is, when not yours (needs oauth:manage)")
    .option("-y, --yes", "revoke without asking (needed where there is no terminal to ask on)")
    // Grant ids are random and may begin with '-', which would otherwise be read as an option.
    .addHelpText("after", "\nA grant id that begins with '-' goes after --, which ends the options:\n  seizu apps revoke --yes -- -r65gKq2x")
    .action(
      action(async (context, grantId: string, options: { subject?: string; yes?: boolean }) => {
        const what = `connected app ${grantId}${options.subject ? ` of ${options.subject}` : ""}`;
        await confirmDeletion(what, options.yes);
        await context.api.call("connected_apps_revoke", {
          params: asGiven<ParamsOf<"connected_apps_revoke">>({ grant_id: grantId, subject: options.subject }),
        });
        emit(context.format, { revoked: true, grant_id: grantId, ...(options.subject ? { subject: options.subject } : {}) }, () => `revoked ${what}`);
      }),
    );
}
