import {
  type CallRequest,
  type ChatParty,
  type ConsoleGroup,
  type ConsoleMember,
  type ConsoleMessage,
  type ConsoleUser,
  DEAL_TYPES,
  manage,
  MASKED_CONTENT,
} from "@parley/protocol";
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { i18n } from "../../i18n";
import { toast } from "../../lib/feedback";

/*
 * The console's groups and message centre (issue 12): server data only, each list keyed by
 * what it asked for, so a change invalidates exactly the lists it can have touched.
 */

/** Every group list page and every member page the console holds. */
export const consoleGroupsKey = ["console", "groups"] as const;
/** Every list of the message centre: users, chats, conversations, the newest messages. */
export const consoleChatsKey = ["console", "chats"] as const;

/** What the group list asks for (`manage/Group/index`). */
export type GroupListParams = CallRequest<typeof manage.groupIndex>;
/** What a conversation asks for (`manage/message/index` with both parties). */
export type ConversationParams = CallRequest<typeof manage.messageIndex>;

/** One page of a list and how many there are in all. */
export interface Paged<T> {
  rows: T[];
  total: number;
}

/** A page of groups, searched and sorted on the server. */
export function useGroupsQuery(params: GroupListParams) {
  return useQuery({
    queryKey: [...consoleGroupsKey, "list", params],
    queryFn: async (): Promise<Paged<ConsoleGroup>> => {
      const answer = await call(manage.groupIndex, params);
      return { rows: answer.data, total: answer.count };
    },
    // A new page or sort keeps the old rows until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/** The page size of a group's member list. */
export const MEMBER_PAGE_SIZE = 20;

/** A page of a group's members: owner first, then administrators, then by joining. */
export function useGroupMembersQuery(groupId: number | null, page: number) {
  return useQuery({
    queryKey: [...consoleGroupsKey, "members", groupId, page],
    queryFn: async (): Promise<Paged<ConsoleMember>> => {
      const answer = await call(manage.groupMembers, {
        group_id: groupId ?? 0,
        page,
        limit: MEMBER_PAGE_SIZE,
      });
      return { rows: answer.data, total: answer.count };
    },
    enabled: groupId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Users matching `keywords`, for the add-members picker (nothing before any words). */
export function useUserSearchQuery(keywords: string) {
  return useQuery({
    // Under the users' key: a change on the users page refreshes the picker too.
    queryKey: ["console", "users", "pick", keywords],
    queryFn: async (): Promise<ConsoleUser[]> =>
      (await call(manage.userIndex, { keywords, page: 1, limit: 20 })).data,
    enabled: keywords !== "",
    placeholderData: keepPreviousData,
  });
}

/** A change to a group's members: its member pages and the list (owner, count) refresh. */
function groupChanged(client: QueryClient) {
  return client.invalidateQueries({ queryKey: consoleGroupsKey });
}

/** Whom a member change is about, for the call and for its toast. */
export interface MemberChange {
  group: ConsoleGroup;
  member: Pick<ConsoleMember, "user_id" | "realname">;
}

/** Puts users in a group (`manage/Group/addGroupUser`). */
export function useAddMembersMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: {
      group: ConsoleGroup;
      userIds: number[];
    }): Promise<void> => {
      await call(manage.groupAddMembers, {
        group_id: change.group.group_id,
        user_ids: change.userIds,
      });
    },
    onSuccess: (_, { group }) =>
      toast(
        "success",
        i18n.t("consoleChats:members.done.added", { group: group.name }),
      ),
    onSettled: () => groupChanged(client),
  });
}

/** Removes a member (`manage/Group/delGroupUser`); never the owner. */
export function useRemoveMemberMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ group, member }: MemberChange): Promise<void> => {
      await call(manage.groupRemoveMember, {
        group_id: group.group_id,
        user_id: member.user_id,
      });
    },
    onSuccess: (_, { group, member }) =>
      toast(
        "success",
        i18n.t("consoleChats:members.done.removed", {
          name: member.realname,
          group: group.name,
        }),
      ),
    onSettled: () => groupChanged(client),
  });
}

/** Hands a group to a member (`manage/Group/changeOwner`); the old owner stays a member. */
export function useChangeOwnerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ group, member }: MemberChange): Promise<void> => {
      await call(manage.groupChangeOwner, {
        group_id: group.group_id,
        user_id: member.user_id,
      });
    },
    onSuccess: (_, { group, member }) =>
      toast(
        "success",
        i18n.t("consoleChats:members.done.owner", {
          name: member.realname,
          group: group.name,
        }),
      ),
    onSettled: () => groupChanged(client),
  });
}

/** Makes a member an administrator (2) or an ordinary member again (3). */
export function useSetManagerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      group,
      member,
      role,
    }: MemberChange & { role: 2 | 3 }): Promise<void> => {
      await call(manage.groupSetManager, {
        group_id: group.group_id,
        user_id: member.user_id,
        role,
      });
    },
    onSuccess: (_, { member, role }) =>
      toast(
        "success",
        i18n.t(
          role === 2
            ? "consoleChats:members.done.admin"
            : "consoleChats:members.done.member",
          { name: member.realname },
        ),
      ),
    onSettled: () => groupChanged(client),
  });
}

/** Disbands a group (`manage/Group/del`): gone from the list at once, then every page afresh. */
export function useDisbandGroupMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (group: ConsoleGroup): Promise<void> => {
      await call(manage.groupDel, { group_id: group.group_id });
    },
    onSuccess: (_, group) => {
      client.setQueriesData<Paged<ConsoleGroup>>(
        { queryKey: [...consoleGroupsKey, "list"] },
        (page) =>
          page?.rows.some((g) => g.group_id === group.group_id)
            ? {
                rows: page.rows.filter((g) => g.group_id !== group.group_id),
                total: Math.max(0, page.total - 1),
              }
            : page,
      );
      toast(
        "success",
        i18n.t("consoleChats:groups.disband.done", { name: group.name }),
      );
    },
    onSettled: () =>
      Promise.all([
        groupChanged(client),
        // Its messages went with it.
        client.invalidateQueries({ queryKey: consoleChatsKey }),
      ]),
  });
}

/** The page size of the message centre's lists. */
export const CHAT_PAGE_SIZE = 20;

/** A page of users, or of one user's chats (`owner`: whose, none for users). */
export interface PartiesPage extends Paged<ChatParty> {
  owner: number | undefined;
}

/** Users by name, account or pinyin (no `user_id`), or one user's chats, newest first. */
export function usePartiesQuery(
  params: {
    user_id?: number | undefined;
    keywords: string;
    page: number;
  },
  enabled = true,
) {
  return useQuery({
    queryKey: [...consoleChatsKey, "parties", params],
    queryFn: async (): Promise<PartiesPage> => {
      const answer = await call(manage.messageContacts, {
        ...params,
        limit: CHAT_PAGE_SIZE,
      });
      return { rows: answer.data, total: answer.count, owner: params.user_id };
    },
    enabled,
    // Another page or search keeps the rows until the new ones come; another user's
    // chats never stand in for this one's.
    placeholderData: (previous) =>
      previous?.owner === params.user_id ? previous : undefined,
  });
}

/** One conversation, newest first, searched by type and words, by page. */
export function useConversationQuery(params: ConversationParams | null) {
  return useQuery({
    queryKey: [...consoleChatsKey, "conversation", params],
    queryFn: async (): Promise<Paged<ConsoleMessage>> => {
      if (params === null) return { rows: [], total: 0 };
      const answer = await call(manage.messageIndex, params);
      return { rows: answer.data, total: answer.count };
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** What the newest messages of the whole system are filtered by. */
export interface RecentFilter {
  is_group: -1 | 1 | 2;
  type: ConversationParams["type"];
}

/** The newest messages of the whole system; each older page starts below the last row. */
export function useRecentMessagesQuery(filter: RecentFilter) {
  return useInfiniteQuery({
    queryKey: [...consoleChatsKey, "recent", filter],
    queryFn: async ({ pageParam }): Promise<ConsoleMessage[]> =>
      (
        await call(manage.messageIndex, {
          ...filter,
          keywords: "",
          page: 1,
          limit: CHAT_PAGE_SIZE,
          last_id: pageParam,
        })
      ).data,
    initialPageParam: undefined as number | undefined,
    // A short page is the oldest there is.
    getNextPageParam: (last) =>
      last.length < CHAT_PAGE_SIZE ? undefined : last.at(-1)?.msg_id,
  });
}

/** A message as it shows once masked: the text everyone sees in its place. */
export function masked(message: ConsoleMessage): ConsoleMessage {
  return {
    ...message,
    type: "text",
    content: MASKED_CONTENT,
    fileName: "",
    fileSize: 0,
    preview: "",
    download: "",
  };
}

/** Applies `change` to the message `msgId` wherever the centre holds it (null: drop it). */
function patchMessage(
  client: QueryClient,
  msgId: number,
  change: (message: ConsoleMessage) => ConsoleMessage | null,
): void {
  const apply = (rows: ConsoleMessage[]) =>
    rows.flatMap((m) => {
      if (m.msg_id !== msgId) return [m];
      const next = change(m);
      return next ? [next] : [];
    });
  client.setQueriesData<Paged<ConsoleMessage>>(
    { queryKey: [...consoleChatsKey, "conversation"] },
    (page) => {
      if (!page?.rows.some((m) => m.msg_id === msgId)) return page;
      const rows = apply(page.rows);
      return {
        rows,
        total: page.total - (page.rows.length - rows.length),
      };
    },
  );
  client.setQueriesData<InfiniteData<ConsoleMessage[]>>(
    { queryKey: [...consoleChatsKey, "recent"] },
    (data) => data && { ...data, pages: data.pages.map(apply) },
  );
}

/** `delete` or `mask`: what an administrator does with an offending message. */
export type Deal = keyof typeof DEAL_TYPES;

/**
 * Deletes or masks a message for everyone (`manage/message/dealMsg`): the row disappears
 * or shows the mask at once; the conversation's pages then come afresh.
 */
export function useDealMessageMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      message,
      deal,
    }: {
      message: ConsoleMessage;
      deal: Deal;
    }): Promise<void> => {
      await call(manage.dealMsg, {
        id: message.id,
        msg_id: message.msg_id,
        dealType: DEAL_TYPES[deal],
      });
    },
    onSuccess: (_, { message, deal }) => {
      patchMessage(
        client,
        message.msg_id,
        deal === "delete" ? () => null : masked,
      );
      toast(
        "success",
        i18n.t(
          deal === "delete"
            ? "consoleChats:centre.delete.done"
            : "consoleChats:centre.mask.done",
        ),
      );
    },
    // Only the paged conversations: refetching the newest would reset "Load older".
    onSettled: () =>
      client.invalidateQueries({
        queryKey: [...consoleChatsKey, "conversation"],
      }),
  });
}
