// A person as upstream Seizu's `User` shows them (GET /me's `user`, GET /users/{user_id}): the
// profile their token's claims carried. `user_id` is the token's subject, the id this server
// records as the author of every change (`created_by`), so an author can be looked up by it.
import { z } from "zod";

const optionalText = z.string().nullable();

/** What a verified token says of its caller. */
export const userProfile = z.object({
  sub: z.string(),
  iss: z.string(),
  email: optionalText,
  display_name: optionalText,
  preferred_username: optionalText,
  role: optionalText.describe("The caller's role names as their last token carried them, comma-separated"),
  /** When the token was issued (its iat), ISO 8601; null for a token without iat. */
  issued_at: optionalText,
});
export type UserProfile = z.output<typeof userProfile>;

export const userView = z.object({
  user_id: z.string().describe("The token's subject (sub): the id changes record as their author"),
  sub: z.string(),
  iss: z.string(),
  email: optionalText,
  display_name: optionalText,
  preferred_username: optionalText,
  created_at: z.string().describe("When this server first saw the person"),
  last_login: z.string().describe("When the newest token seen was issued"),
  archived_at: z.null(),
  role: optionalText,
});
export type UserView = z.output<typeof userView>;
