// Connected apps as the API shows them: each grant a person gave an MCP client through the edge
// authorization server, and the query strings of listing and revoking them. Free of
// Worker-only code: the admin UI and the CLI read these schemas (client/schemas.ts).
import { z } from "zod";

/** The library's grant ids (16 characters of base64url); anything else names no grant. */
export const GRANT_ID = /^[A-Za-z0-9_-]{16}$/;

/** A person's subject as their tokens carry it (grant-user.ts escapes it where grants are stored). */
const subject = z.string().min(1, "must not be empty").max(500, "must be at most 500 characters");

export const connectedApp = z.object({
  grant_id: z.string().describe("The grant's id: what DELETE /connected-apps/{grant_id} revokes"),
  client_id: z.string().describe("The MCP client's id: a registered client's, or its metadata document's URL"),
  client_name: z.string().describe("The client's name as the person saw it on the consent page"),
  scope: z.array(z.string()).describe("The scopes granted: mcp (everything the person's roles allow) or mcp:read"),
  access: z.enum(["full", "read_only"]).describe("full (scope mcp) or read_only (mcp:read: read-only tools alone)"),
  created_at: z.string().describe("When the person connected the app (ISO 8601)"),
  expires_at: z.string().nullable().describe("When the grant ends unless refreshed sooner (ISO 8601); null before the client took its first token"),
  subject: z.string().describe("The person who connected it (their token's sub)"),
  display_name: z.string().nullable().describe("The person's name as the provider gave it at sign-in"),
  via: z.enum(["oidc", "access"]).nullable().describe("How the person signed in: the organisation's provider or Cloudflare Access"),
});
export type ConnectedApp = z.output<typeof connectedApp>;

export const connectedAppList = z.object({
  apps: z.array(connectedApp),
  next_cursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last"),
});
export type ConnectedAppList = z.output<typeof connectedAppList>;

export const CONNECTED_APPS_PAGE_MAX = 100;

/** GET /connected-apps: the caller's own (default), one person's (subject) or everyone's (all=true). */
export const connectedAppsQuery = z
  .object({
    all: z.stringbool({ error: "must be true or false" }).default(false).describe("Everyone's connected apps (needs oauth:manage)"),
    subject: subject.optional().describe("This person's connected apps (needs oauth:manage unless it is the caller)"),
    limit: z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(CONNECTED_APPS_PAGE_MAX, `must be at most ${CONNECTED_APPS_PAGE_MAX}`)
      .default(50)
      .describe(`Apps per page (1–${CONNECTED_APPS_PAGE_MAX})`),
    cursor: z.string().min(1, "must not be empty").max(1024, "must be at most 1024 characters").optional().describe("next_cursor of the previous page"),
  })
  .superRefine((value, ctx) => {
    if (value.all && value.subject !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["subject"],
        message: "must not be given with all=true: list everyone's, or one person's",
        params: { rule: "all_or_subject" },
      });
  });
export type ConnectedAppsQuery = z.output<typeof connectedAppsQuery>;

/** DELETE /connected-apps/{grant_id}: the caller's own grant, or (subject) another person's. */
export const revokeConnectedAppParams = z.object({
  grant_id: z.string().regex(GRANT_ID, "must be a grant id as GET /connected-apps lists it (16 letters, digits, - or _)").describe("The grant's id"),
  subject: subject.optional().describe("Whose grant it is, when not the caller's (needs oauth:manage)"),
});
