import {
  type Actor,
  type GlobalConfig,
  type UserInfo,
  visitor,
} from "@parley/protocol";
import { useMemo } from "react";
import { useSessionStore } from "../../stores/session.store";
import { useGlobalConfig } from "./system.queries";

/** Who acts for the capability rules (SPEC §6): the signed-in user, or a visitor. */
export function actorOf(
  user: UserInfo | null,
  config: GlobalConfig | undefined,
): Actor {
  const demoMode = config?.demon_mode === 1;
  return user
    ? { userId: user.user_id, role: user.role, demoMode }
    : visitor(demoMode);
}

/** The current actor, for `can()`: the session's user and the config's demo mode. */
export function useActor(): Actor {
  const user = useSessionStore((s) => s.user);
  const config = useGlobalConfig();
  return useMemo(() => actorOf(user, config), [user, config]);
}
