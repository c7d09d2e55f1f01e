// What a grant stores of the person who approved it. `props` are encrypted by the library with a
// key only the grant's tokens unwrap, and hold what each request needs (subject, roles, profile)
// and the provider's refresh token, if any;
// `metadata` is plain, so the connected-apps list can name the client and the person without a token.
import { z } from "zod";
import { userProfile } from "../users/schemas";

const via = z.enum(["oidc", "access"]);

export const grantPropsSchema = z.object({
  subject: z.string().min(1),
  roles: z.array(z.string()),
  profile: userProfile,
  via,
  /** The provider's refresh token, when it gave one: each refresh of the grant asks the provider again who the person is (refresh.ts). */
  upstreamRefreshToken: z.string().optional(),
});

export type GrantProps = z.output<typeof grantPropsSchema>;

export const grantMetadataSchema = z.object({
  clientName: z.string(),
  subject: z.string().min(1),
  displayName: z.string().optional(),
  via,
});

export type GrantMetadata = z.output<typeof grantMetadataSchema>;
