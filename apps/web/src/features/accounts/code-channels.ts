import type { GlobalConfig, RegAuth } from "@parley/protocol";

/** Which accounts a code is asked for: regauth's kinds at registration, any at login. */
export type CodeAccounts = RegAuth | "any";

/**
 * Whether the server can send a code to any account of the given kinds (getSystemInfo's
 * codeByEmail and codeBySms): 1 phones, 2 emails, 3 and "any" either. Until the config is
 * known nothing is said, so the screens do not flash a warning.
 */
export function canSendCodes(
  config: Pick<GlobalConfig, "codeByEmail" | "codeBySms"> | undefined,
  accounts: CodeAccounts,
): boolean {
  if (!config) return true;
  switch (accounts) {
    case 0:
      return true;
    case 1:
      return config.codeBySms;
    case 2:
      return config.codeByEmail;
    case 3:
    case "any":
      return config.codeByEmail || config.codeBySms;
  }
}
