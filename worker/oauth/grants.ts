// The grants the edge authorization server issued, as connected apps: one person's (the
// library's listUserGrants), everyone's (a scan of the grant records in OAUTH_KV, keyed
// grant:{user}:{grant id}, the user being the escaped subject of grant-user.ts), and revoking one (the library's revokeGrant, which deletes the
// grant and its tokens, so the next request with any of them is refused).
import type { GrantSummary, OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { NotFoundError } from "../errors/domain";
import type { ConnectedApp, ConnectedAppList } from "./connected-app";
import { grantMetadataSchema } from "./grant-props";
import { grantUserId, subjectOfGrantUser } from "./grant-user";
import { accessOf } from "./scopes";

export interface GrantPage {
  limit: number;
  cursor?: string | undefined;
}

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A grant as a connected app; metadata this server did not write shows the client's id for its name. */
function connectedAppOf(grant: GrantSummary): ConnectedApp {
  const metadata = grantMetadataSchema.safeParse(grant.metadata);
  return {
    grant_id: grant.id,
    client_id: grant.clientId,
    client_name: metadata.success ? metadata.data.clientName : grant.clientId,
    scope: grant.scope,
    access: accessOf(grant.scope),
    created_at: isoOf(grant.createdAt),
    expires_at: grant.expiresAt === undefined ? null : isoOf(grant.expiresAt),
    subject: subjectOfGrantUser(grant.userId),
    display_name: (metadata.success && metadata.data.displayName) || null,
    via: metadata.success ? metadata.data.via : null,
  };
}

/** Newest first within a page: KV lists keys by name, which says nothing of when. */
const newestFirst = (apps: ConnectedApp[]) => apps.sort((a, b) => b.created_at.localeCompare(a.created_at));

const grantKey = (subject: string, grantId: string) => `grant:${grantUserId(subject)}:${grantId}`;

export class ConnectedApps {
  constructor(
    private readonly helpers: OAuthHelpers,
    private readonly kv: KVNamespace,
  ) {}

  async ofPerson(subject: string, page: GrantPage): Promise<ConnectedAppList> {
    const { items, cursor } = await this.helpers.listUserGrants(grantUserId(subject), page);
    return { apps: newestFirst(items.map(connectedAppOf)), next_cursor: cursor ?? null };
  }

  async everyone(page: GrantPage): Promise<ConnectedAppList> {
    const listed = await this.kv.list({ prefix: "grant:", limit: page.limit, cursor: page.cursor ?? null });
    // A grant revoked or expired between the list and its read is left out.
    const grants = await Promise.all(listed.keys.map((key) => this.kv.get<GrantSummary>(key.name, "json")));
    const apps = grants.filter((grant): grant is GrantSummary => grant !== null).map(connectedAppOf);
    return { apps: newestFirst(apps), next_cursor: listed.list_complete ? null : listed.cursor };
  }

  /** Revokes `subject`'s grant; a grant of anyone else, or none, is not found. */
  async revoke(subject: string, grantId: string): Promise<void> {
    if ((await this.kv.get(grantKey(subject, grantId))) === null) throw new NotFoundError(`${subject} has no connected app with grant id ${grantId}`);
    await this.helpers.revokeGrant(grantId, grantUserId(subject));
  }
}
