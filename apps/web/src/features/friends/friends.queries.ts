import {
  type FriendRequest,
  friends as friendCalls,
  type SystemNotice,
} from "@parley/protocol";
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { call } from "../../api/http";
import { toast } from "../../lib/feedback";
import { dropContact, SYSTEM_CONTACT_ID, updateContact } from "../contacts";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { refreshPerson } from "../people";
import type { RequestPaging } from "./request-paging";

/** Everything this feature caches. */
export const friendsKey = ["friends"] as const;
/** Every page of both request lists. */
export const requestsKey = [...friendsKey, "requests"] as const;
/** The system entry's lines received while the page is open. */
export const noticesKey = [...friendsKey, "notices"] as const;

/** Which list: requests I received (`is_mine` 0) or sent (1). */
export type RequestBox = "received" | "sent";

/** One page of requests and how many there are in all. */
export interface RequestPage {
  requests: FriendRequest[];
  total: number;
}

/** A page of the requests I received or sent (`friend/index`), newest first. */
export function useRequestsQuery(box: RequestBox, paging: RequestPaging) {
  return useQuery({
    queryKey: [...requestsKey, box, paging.page, paging.limit],
    queryFn: async (): Promise<RequestPage> => {
      const answer = await call(friendCalls.index, {
        is_mine: box === "sent" ? 1 : 0,
        page: paging.page,
        limit: paging.limit,
      });
      return { requests: answer.data, total: answer.count };
    },
    // Turning the page or changing its size keeps the old rows until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/** The system entry's live lines, newest first, kept while the page is open. */
export function useNoticesQuery() {
  return useQuery({
    queryKey: noticesKey,
    queryFn: () => Promise.resolve<SystemNotice[]>([]),
    initialData: [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** At most this many live lines are kept. */
const NOTICES_KEPT = 50;

/** Files a line of the system entry (it exists only as a push: nothing fetches it again). */
export function addNotice(client: QueryClient, notice: SystemNotice): void {
  client.setQueryDefaults(noticesKey, {
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  client.setQueryData<SystemNotice[]>(noticesKey, (list = []) =>
    [notice, ...list.filter((n) => n.id !== notice.id)].slice(0, NOTICES_KEPT),
  );
}

/** The entry's badge counts requests waiting for me: one fewer once I answer one. */
function answeredOne(client: QueryClient): void {
  updateContact(client, SYSTEM_CONTACT_ID, (c) => ({
    ...c,
    unread: Math.max(0, c.unread - 1),
    lastEvent: undefined,
  }));
}

/** A friendship ended: the contact leaves my list and its chat closes (the socket says so too). */
export function friendGone(client: QueryClient, userId: number): void {
  dropContact(client, userId);
  const ui = useChatUiStore.getState();
  if (ui.openContactId === userId) ui.open(null);
  refreshPerson(client, userId);
}

/** Applies to be someone's friend with a message; the toast is the server's 'to apply friend'. */
export function useApplyMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; remark: string }) =>
      call(friendCalls.add, { user_id: input.userId, remark: input.remark }),
    onSuccess: (answer, input) => {
      if (answer.msg) toast("success", answer.msg);
      refreshPerson(client, input.userId);
      void client.invalidateQueries({ queryKey: requestsKey });
    },
  });
}

/** Agrees to or refuses a request addressed to me; agreeing makes the contact appear (live). */
export function useAnswerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { request: FriendRequest; agree: boolean }) =>
      call(friendCalls.update, {
        friend_id: input.request.friend_id,
        status: input.agree ? 1 : 0,
      }),
    onSuccess: (answer, input) => {
      if (answer.msg) toast("success", answer.msg);
      answeredOne(client);
      refreshPerson(client, input.request.create_user);
      void client.invalidateQueries({ queryKey: requestsKey });
    },
  });
}

/** Ends a friendship, both ways (run mode 2). */
export function useRemoveFriendMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(friendCalls.del, { id: userId }),
    onSuccess: (answer, userId) => {
      if (answer.msg) toast("success", answer.msg);
      friendGone(client, userId);
    },
  });
}

/** The remark I show instead of a friend's name; the toast is the server's 'set success'. */
export function useSetRemarkMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; remark: string }) =>
      call(friendCalls.setNickname, {
        friend_id: input.userId,
        nickname: input.remark.trim(),
      }),
    onSuccess: (answer, input) => {
      if (answer.msg) toast("success", answer.msg);
      updateContact(client, input.userId, (c) => ({
        ...c,
        displayName: input.remark.trim(),
      }));
      refreshPerson(client, input.userId);
    },
  });
}
