/*
 * The values the client keeps between visits, under the keys existing clients use
 * (SPEC §3 "Session values kept on the client"). Never a password.
 */
export const StorageKeys = {
  token: "authToken",
  sessionId: "sessionId",
  user: "UserInfo",
  clientId: "client_id",
  config: "globalConfig",
  lang: "lang",
  /** The emoji the user keeps in the picker's favourites set. */
  emojiFavourites: "emojiFavourites",
  /** The user closed the offer to turn on browser notifications. */
  notifyOfferDismissed: "notifyOfferDismissed",
  /** When the session was opened by a login code (the forgotten-password path). */
  codeLoginAt: "codeLoginAt",
  /** "1" when this session came from single sign-on: logging out leaves the provider too. */
  ssoLogin: "ssoLogin",
} as const;

type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

export function readString(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readJson(key: StorageKey): unknown {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function write(key: StorageKey, value: string | object | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else
      localStorage.setItem(
        key,
        typeof value === "string" ? value : JSON.stringify(value),
      );
  } catch {
    // Private mode or a full quota: the session simply lasts this page.
  }
}
