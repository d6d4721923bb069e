import { commands } from "@parley/protocol";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../api/http";

/** The slash commands the editor offers after `/` (extensions.md §9). */
export function useChatCommandsQuery(enabled: boolean) {
  return useQuery({
    queryKey: ["commands"],
    queryFn: async () => (await call(commands.chatCommands, {})).data,
    enabled,
    // Commands change when an administrator adds one: a few minutes' delay is fine.
    staleTime: 5 * 60_000,
  });
}

/** The text after `/` while it is still a command's name being typed, else null. */
export function commandQuery(text: string): string | null {
  const match = /^\/([A-Za-z0-9_-]*)$/.exec(text);
  return match ? (match[1] ?? "").toLowerCase() : null;
}
