import {
  GlobalConfigSchema,
  type GlobalConfig,
  type UserInfo,
  UserInfoSchema,
} from "@parley/protocol";
import { create } from "zustand";
import { readJson, readString, StorageKeys, write } from "../lib/storage";

interface SessionState {
  token: string | null;
  sessionId: string | null;
  user: UserInfo | null;
  /** The global config as last fetched (SPEC §3 keeps it on the client). */
  config: GlobalConfig | null;
  signIn: (session: {
    authToken: string;
    sessionId: string;
    userInfo: UserInfo;
  }) => void;
  signOut: () => void;
  setConfig: (config: GlobalConfig) => void;
  /** Replaces the signed-in user (after a change of their own settings). */
  setUser: (user: UserInfo) => void;
}

function savedUser(): UserInfo | null {
  const parsed = UserInfoSchema.safeParse(readJson(StorageKeys.user));
  return parsed.success ? parsed.data : null;
}

function savedConfig(): GlobalConfig | null {
  const parsed = GlobalConfigSchema.safeParse(readJson(StorageKeys.config));
  return parsed.success ? parsed.data : null;
}

/** Who is signed in and the global config: session state only, restored from storage. */
export const useSessionStore = create<SessionState>((set) => {
  const token = readString(StorageKeys.token);
  const user = savedUser();
  return {
    token: token && user ? token : null,
    sessionId: readString(StorageKeys.sessionId),
    user: token ? user : null,
    config: savedConfig(),
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
    setConfig: (config) => {
      write(StorageKeys.config, config);
      set({ config });
    },
  };
});
