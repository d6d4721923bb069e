import { groupContactId, SELF_CHAT_ID, SELF_CHAT_KIND } from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import type { MessageRow, ThreadLink } from "./message-store.repository.js";
import type { MessagesDeps } from "./messages.deps.js";
import type { FileSendInput, SendInput } from "./send-input.js";

/*
 * Sending a reply in a thread (extensions.md §6): the root its `thread_id` names, and
 * after the commit, the followers told. The store itself counts the reply in the thread
 * (threads.repository.ts `storeInThread`, in the send's transaction).
 */

/**
 * The root a send's `thread_id` names: a message of the same chat the sender can see, not
 * itself a reply, not withdrawn. A root out of sight is refused as a missing one. Null
 * for a send outside threads.
 */
export async function threadLinkOf(
  deps: Pick<MessagesDeps, "threads" | "repo">,
  userId: number,
  input: SendInput | FileSendInput,
  conversationId: string,
  afterSeq: number,
): Promise<ThreadLink | null> {
  const threadId = "thread_id" in input ? input.thread_id : undefined;
  if (threadId === undefined || threadId === "") return null;
  const root = (await deps.threads.findAllByClientId(threadId, userId)).find(
    (row) => row.conversation_id === conversationId,
  );
  if (
    !root ||
    root.seq <= afterSeq ||
    (root.type === "event" && root.is_undo === 0) ||
    (await deps.repo.isHiddenFor(userId, root.msg_id))
  )
    throw refuse("thread.rootNotFound");
  if (root.thread_root !== null) throw refuse("thread.notRoot");
  if (root.is_undo === 1) throw refuse("thread.rootWithdrawn");
  return {
    rootMsgId: root.msg_id,
    rootClientId: root.client_msg_id,
    rootSender: root.from_user,
    rootSeq: root.seq,
    broadcast: input.thread_broadcast === 1,
  };
}

/**
 * After a reply's commit, `threadUpdate` to each follower who still sees the chat, with
 * their own unread count and the chat as they file it.
 */
export async function announceThreadReply(
  deps: Pick<MessagesDeps, "threads" | "groups" | "publish">,
  row: MessageRow,
  thread: ThreadLink | null,
): Promise<void> {
  if (!thread) return;
  const [followers, summaries] = await Promise.all([
    deps.threads.followersOf(thread.rootMsgId),
    deps.threads.threadSummaries([thread.rootMsgId]),
  ]);
  const summary = summaries.get(thread.rootMsgId);
  if (!summary) return;
  const group = row.is_group === 1;
  const viewers = new Set(
    group
      ? await deps.groups.viewerIds(row.to_user, thread.rootSeq)
      : [row.from_user, row.to_user],
  );
  const chatOf = (userId: number): number | string => {
    if (group) return groupContactId(row.to_user);
    if (row.from_user === row.to_user) return SELF_CHAT_ID;
    return userId === row.from_user ? row.to_user : row.from_user;
  };
  await deps.publish.toEach(
    followers
      .filter((follower) => viewers.has(follower.user_id))
      .map((follower) => ({
        userIds: [follower.user_id],
        type: "threadUpdate" as const,
        data: {
          id: thread.rootClientId,
          toContactId: chatOf(follower.user_id),
          // A note to oneself is the chat -1, of kind 3 (wire-contract.md §4.4).
          is_group:
            !group && row.from_user === row.to_user
              ? SELF_CHAT_KIND
              : row.is_group,
          count: summary.count,
          lastTime: summary.lastTime,
          unread: follower.unread,
        },
      })),
  );
}
