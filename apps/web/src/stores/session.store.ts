import { type UserInfo, UserInfoSchema } from "@parley/protocol";
import { create } from "zustand";
import { readJson, readString, StorageKeys, write } from "../lib/storage";

interface SessionState {
  token: string | null;
  sessionId: string | null;
  user: UserInfo | null;
  /** When this session was opened by a login code (the forgotten-password path); else null. */
  byCodeAt: number | null;
  signIn: (session: {
    authToken: string;
    sessionId: string;
    userInfo: UserInfo;
    byCodeAt?: number;
  }) => void;
  signOut: () => void;
  /** Replaces the signed-in user (after a change of their own settings). */
  setUser: (user: UserInfo) => void;
}

function codeLoginTime(): number | null {
  const value = Number(readString(StorageKeys.codeLoginAt));
  return Number.isFinite(value) && value > 0 ? value : null;
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
    byCodeAt: token ? codeLoginTime() : null,
    signIn: ({ authToken, sessionId, userInfo, byCodeAt = null }) => {
      write(StorageKeys.token, authToken);
      write(StorageKeys.sessionId, sessionId);
      write(StorageKeys.user, userInfo);
      write(
        StorageKeys.codeLoginAt,
        byCodeAt === null ? null : String(byCodeAt),
      );
      set({ token: authToken, sessionId, user: userInfo, byCodeAt });
    },
    signOut: () => {
      write(StorageKeys.token, null);
      write(StorageKeys.sessionId, null);
      write(StorageKeys.user, null);
      write(StorageKeys.codeLoginAt, null);
      set({ token: null, sessionId: null, user: null, byCodeAt: null });
    },
    setUser: (user) => {
      write(StorageKeys.user, user);
      set({ user });
    },
  };
});
