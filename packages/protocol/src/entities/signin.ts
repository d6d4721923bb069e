import { z } from "zod/mini";

/*
 * What the wire carries of sign-in (issue 46): kept apart from its rules
 * (rules/signin.ts), since the global config every screen reads names the providers.
 */

/** Who must use two-factor: "0" nobody, "1" administrators, "2" everyone. */
export const TOTP_REQUIRED = ["0", "1", "2"] as const;
/** Who the administrators require two-factor of. */
export type TotpRequired = (typeof TOTP_REQUIRED)[number];

/** A single sign-on provider the login screen offers (`sysInfo.sso`, extensions.md §7). */
export const SsoProviderSchema = z.object({
  id: z.string(),
  /** The button's label. */
  name: z.string(),
  /** Relative: a GET of it answers a redirect to the provider. */
  url: z.string(),
});
/** A single sign-on provider. */
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

/** The sign-in settings as the console reads them: no secret, only whether one is set. */
export const SigninInfoSchema = z.object({
  totpRequired: z.enum(TOTP_REQUIRED),
  oidcIssuer: z.string(),
  oidcClientId: z.string(),
  hasOidcSecret: z.boolean(),
  oidcName: z.string(),
  oidcCreateUsers: z.enum(["0", "1"]),
  ssoOnly: z.enum(["0", "1"]),
  /** Where the provider must send people back: register it there. */
  callbackUrl: z.string(),
  ldapUrl: z.string(),
  ldapBindDn: z.string(),
  hasLdapBindPassword: z.boolean(),
  ldapBaseDn: z.string(),
  ldapFilter: z.string(),
  ldapStartTls: z.enum(["0", "1"]),
  ldapCa: z.string(),
  source: z.enum(["env", "console"]),
});
/** The sign-in settings as the console reads them. */
export type SigninInfo = z.infer<typeof SigninInfoSchema>;
