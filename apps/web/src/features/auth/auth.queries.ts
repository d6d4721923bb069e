import { pub } from "@parley/protocol";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../api/http";
import { useSessionStore } from "../../stores/session.store";

/** Logs in by password, code or token, and keeps the session. */
export function useLoginMutation() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: async (body: {
      account?: string;
      password?: string;
      code?: string;
      token?: string;
      rememberMe?: boolean;
      lang?: string;
    }) => (await call(pub.login, body)).data,
    onSuccess: (data) => {
      signIn(data);
    },
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (body: {
      account: string;
      realname: string;
      password: string;
      code?: string;
      inviteCode?: string;
    }) => (await call(pub.register, body)).data,
  });
}

export function useSendCodeMutation() {
  return useMutation({
    mutationFn: async (body: { account: string; type: 1 | 2 | 3 | 4 }) =>
      (await call(pub.sendCode, body)).msg,
  });
}

export function useLogoutMutation() {
  const signOut = useSessionStore((s) => s.signOut);
  return useMutation({
    mutationFn: async () => {
      await call(pub.logout, {}, { silent: true });
    },
    onSettled: () => {
      signOut();
    },
  });
}
