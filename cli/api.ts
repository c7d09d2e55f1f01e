// The REST API as the CLI calls it: the Worker's typed client (operations by name, typed by their
// schemas, see worker/client) over the CLI's transport (http.ts), and the replies the views show,
// typed by the Worker's response schemas. Replies are not parsed again here: the Worker's tests
// hold every response to its operation's schema.
import type { z } from "zod";
import { type Client, createClient, type Plugin, type pluginRevisionResponse, type ReplyOf, type reportListItem, type versionEntry } from "../worker/api";
import type { Send } from "./http";

export type {
  ActivityTypeView,
  BuiltinTool,
  Me,
  Plugin,
  ReportVersion,
  Role,
  ScheduledQueryItem,
  ScheduledQueryVersion,
  Space,
  SpaceTree,
  Subspace,
  Tool,
  Toolset,
  WorkflowItem,
  WorkflowRun,
  WorkflowVersion,
} from "../worker/api";

export type PluginRevision = z.output<typeof pluginRevisionResponse>;
export type CallReply = ReplyOf<"toolsets_tool_call">;
export type ImportReply = ReplyOf<"toolsets_import">;
export type ExportReply = ReplyOf<"toolsets_export">;
export type SkillsetImportReply = ReplyOf<"skillsets_import">;
export type SkillsetExportReply = ReplyOf<"skillsets_export">;
export type ReportItem = z.output<typeof reportListItem>;
export type ReportImportReply = ReplyOf<"reports_import">;
export type ReportExportReply = ReplyOf<"reports_export">;
/** A seed section's import: the names of the entries created, updated and left alone. */
export type SectionImportReply = ReplyOf<"workflows_import">;
/** One entry of a resource's history (versionEntry), recording a definition of type `Definition`. */
export type Version<Definition> = Omit<z.output<ReturnType<typeof versionEntry>>, "definition"> & { definition: Definition };

/**
 * What the user gave (a file's content, a parameter list, a permission name), sent as it is: the
 * server validates it and names what is wrong, so the CLI does not check it twice. Typed as the
 * operation's body wants it.
 */
export const asGiven = <T>(value: unknown) => value as T;

/** A query string of the parameters that are set ("" for none). */
function query(parameters: Record<string, string | undefined>) {
  const set = Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return set.length > 0 ? `?${new URLSearchParams(set)}` : "";
}

export interface Api extends Client {
  /** Installs a plugin package, sent as application/zip (up to the 10 MiB package limit, beyond what base64 in JSON holds). */
  installPlugin(zip: Uint8Array, comment: string | undefined): Promise<Plugin>;
  /** A new revision based on the one read here: a publish in between makes the server refuse it (409). */
  publishPlugin(id: string, zip: Uint8Array, comment: string | undefined): Promise<Plugin>;
}

export function createApi(send: Send): Api {
  const client = createClient((request) => send(request.method, request.path, request.body));
  // A package goes to the operation's route as it is, not as its JSON body (http/plugin-upload.ts).
  const upload = (path: string, zip: Uint8Array, parameters: Record<string, string | undefined>) => send<Plugin>("POST", `${path}${query(parameters)}`, zip);
  return {
    ...client,
    installPlugin: (zip, comment) => upload("/plugins/install", zip, { comment }),
    publishPlugin: async (id, zip, comment) => {
      const current = await client.call("plugins_get", { params: { plugin_id: id } });
      return upload(`/plugins/${encodeURIComponent(id)}/publish`, zip, { base_revision: String(current.revision), comment });
    },
  };
}
