import { accounts, type CallRequest } from "@parley/protocol";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../api/http";
import { dropPushSubscriptionLater } from "../../api/service-worker";
import { readString, StorageKeys, write } from "../../lib/storage";
import { useSessionStore } from "../../stores/session.store";

/** What a code is for (SPEC §5): 1 login, 2 register, 3 password, 4 account. */
export type CodeType = CallRequest<typeof accounts.sendCode>["type"];

/** Logs in by password, code or token, and keeps the session. */
export function useLoginMutation() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    // The second step's refusals stay under its field (a toast would say them twice).
    mutationFn: async (body: CallRequest<typeof accounts.login>) =>
      (await call(accounts.login, body, { silent: body.totp !== undefined }))
        .data,
    onSuccess: (data, body) => {
      // A login by code is how a forgotten password is recovered: the settings then let a
      // new one be set without the old (the server allows that for a short while).
      signIn({ ...data, ...(body.code ? { byCodeAt: Date.now() } : {}) });
    },
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof accounts.register>) =>
      (await call(accounts.register, body)).data,
  });
}

/**
 * Chooses a password with an invitation link (`common/pub/welcome`); answers a login
 * ticket. A refusal is not toasted: the page says it where it stays.
 */
export function useWelcomeMutation() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof accounts.welcome>) =>
      (await call(accounts.welcome, body, { silent: true })).data,
  });
}

/** Asks for a code; a refusal is not toasted: the code field says it where it stays. */
export function useSendCodeMutation() {
  return useMutation({
    mutationFn: async (body: CallRequest<typeof accounts.sendCode>) => {
      await call(accounts.sendCode, body, { silent: true });
    },
  });
}

export function useLogoutMutation() {
  const signOut = useSessionStore((s) => s.signOut);
  return useMutation({
    mutationFn: async () => {
      // Before the session ends: the next person on this device gets none of my pushes.
      await dropPushSubscriptionLater();
      await call(accounts.logout, {}, { silent: true });
    },
    onSettled: () => {
      // Signed in by single sign-on: out at the provider too (the server sends the browser
      // to its end-session address, or back to the login screen).
      const fromSso = readString(StorageKeys.ssoLogin) === "1";
      write(StorageKeys.ssoLogin, null);
      signOut();
      if (fromSso) window.location.assign("/auth/oidc/logout");
    },
  });
}
