// What a grant carries: its encrypted props (who the person is, as the provider said at sign-in)
// and its plain metadata, which listing and revoking read without decrypting.
import { z } from "zod";
import { userProfile } from "../users/schemas";

export const grantProps = z.object({
  subject: z.string(),
  roles: z.array(z.string()),
  profile: userProfile,
  via: z.enum(["oidc", "access"]),
});
export type GrantProps = z.output<typeof grantProps>;

export const grantMetadata = z.object({
  clientName: z.string(),
  subject: z.string(),
  displayName: z.string().optional(),
  via: z.enum(["oidc", "access"]),
});
export type GrantMetadata = z.output<typeof grantMetadata>;
