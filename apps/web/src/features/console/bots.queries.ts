import {
  type CONSOLE_PAGE_SIZES,
  type ConsoleBot,
  manage,
} from "@parley/protocol";
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call, upload } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";
import { consoleKey } from "./console.queries";

const botsKey = [...consoleKey, "bots"] as const;

/** A page of bots and their total. */
export interface BotsPage {
  bots: ConsoleBot[];
  total: number;
}

/** The bots, newest first (`manage/Bot/index`). */
export function useBotsQuery(
  page: number,
  limit: (typeof CONSOLE_PAGE_SIZES)[number],
) {
  return useQuery({
    queryKey: [...botsKey, page, limit],
    queryFn: async (): Promise<BotsPage> => {
      const answer = await call(manage.botIndex, { page, limit });
      return { bots: answer.data, total: answer.count };
    },
    placeholderData: keepPreviousData,
  });
}

/** Makes a bot; answers its token, shown once. */
export function useAddBotMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; description: string }) =>
      (await call(manage.botAdd, body)).data,
    onSettled: () => client.invalidateQueries({ queryKey: botsKey }),
  });
}

/** A new token for a bot (the old one stops at once); answers it, shown once. */
export function useRevokeBotMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (bot: ConsoleBot) =>
      (await call(manage.botRevoke, { user_id: bot.user_id })).data,
    onSettled: () => client.invalidateQueries({ queryKey: botsKey }),
  });
}

/** Deletes a bot. */
export function useDeleteBotMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (bot: ConsoleBot) => {
      await call(manage.botDel, { user_id: bot.user_id });
    },
    onSuccess: (_, bot) =>
      toast("success", i18n.t("console:bots.deleted", { name: bot.name })),
    onSettled: () => client.invalidateQueries({ queryKey: botsKey }),
  });
}

/** A bot's picture (`manage/Bot/avatar`): the server draws it as 240×240. */
export function useBotAvatarMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ bot, file }: { bot: ConsoleBot; file: Blob }) =>
      (await upload(manage.botAvatar, file, { user_id: bot.user_id })).data,
    onSuccess: (_, { bot }) =>
      toast("success", i18n.t("console:bots.pictureSaved", { name: bot.name })),
    onSettled: () => client.invalidateQueries({ queryKey: botsKey }),
  });
}

/**
 * Enables (1) or disables (0) a bot (`manage/User/setStatus`): disabled, its token stops at
 * once; enabled again, it needs a new token.
 */
export function useSetBotStatusMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ bot, status }: { bot: ConsoleBot; status: 0 | 1 }) => {
      await call(manage.userSetStatus, { user_id: bot.user_id, status });
    },
    onSuccess: (_, { bot, status }) =>
      toast(
        "success",
        i18n.t(
          status === 1 ? "console:bots.enabled" : "console:bots.disabled",
          {
            name: bot.name,
          },
        ),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: botsKey }),
  });
}
