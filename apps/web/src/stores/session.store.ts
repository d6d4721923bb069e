import { type UserInfo, UserInfoSchema } from "@parley/protocol";
import { create } from "zustand";
import { readJson, readString, StorageKeys, write } from "../lib/storage";

interface SessionState {
  token: string | null;
  sessionId: string | null;
  user: UserInfo | null;
  signIn: (session: {
    authToken: string;
    sessionId: string;
    userInfo: UserInfo;
  }) => void;
  signOut: () => void;
  /** Replaces the signed-in user (after a change of their own settings). */
  setUser: (user: UserInfo) => void;
}

function savedUser(): UserInfo | null {
  const parsed = UserInfoSchema.safeParse(readJson(StorageKeys.user));
  return parsed.success ? parsed.data : null;
}

/**
 * Who is signed in: session state only, restored from storage. The global config is server
 * data and lives in the query cache (features/system).
 */
export const useSessionStore = create<SessionState>((set) => {
  const token = readString(StorageKeys.token);
  const user = savedUser();
  return {
    token: token && user ? token : null,
    sessionId: readString(StorageKeys.sessionId),
    user: token ? user : null,
    signIn: ({ authToken, sessionId, userInfo }) => {
      write(StorageKeys.token, authToken);
      write(StorageKeys.sessionId, sessionId);
      write(StorageKeys.user, userInfo);
      set({ token: authToken, sessionId, user: userInfo });
    },
    signOut: () => {
      write(StorageKeys.token, null);
      write(StorageKeys.sessionId, null);
      write(StorageKeys.user, null);
      set({ token: null, sessionId: null, user: null });
    },
    setUser: (user) => {
      write(StorageKeys.user, user);
      set({ user });
    },
  };
});
