import {
  type FollowedThread,
  groupContactId,
  type Message,
  SELF_CHAT_ID,
  SELF_CHAT_KIND,
} from "@parley/protocol";
import type { Publish } from "../../context.js";
import { refuse } from "../../lib/errors.js";
import type { MessageRow } from "./message-store.repository.js";
import type { GroupMembers } from "./messages.deps.js";
import type { MessagesService, SeenMessage } from "./messages.service.js";
import type { ThreadsRepository } from "./threads.repository.js";

export interface ThreadsDeps {
  repo: ThreadsRepository;
  /** Whether a user can see a stored message (the history service's rule). */
  seenBy: MessagesService["seenBy"];
  /** The same rule for several messages at once (a page of followed threads' roots). */
  seenAmong: MessagesService["seenAmong"];
  /** Stored messages as one reader sees them. */
  presentFor: MessagesService["presentFor"];
  /** Groups and their members (a read interface: app.ts wires it). */
  groups: GroupMembers;
  /** Tells a reader's other devices a thread is read. */
  publish: Publish;
}

/** How many replies `getThread` answers when not asked for a number. */
const THREAD_PAGE = 20;
/** How many followed threads `getThreads` answers when not asked for a number. */
const THREADS_PAGE = 20;

/**
 * Threads (extensions.md §6), the reading side: a thread's root and replies, following it,
 * the threads one follows, and reading one. A thread is named by its root's client id; a
 * root the caller cannot see, or a message that is itself a reply, is refused as a missing
 * thread. Replies are written by sending (`thread_id`).
 */
export class ThreadsService {
  constructor(private readonly deps: ThreadsDeps) {}

  /** `getThread`: the root and up to `limit` replies after `last_id`; reads the thread. */
  async thread(
    userId: number,
    input: {
      id: string;
      last_id?: number | undefined;
      limit?: number | undefined;
    },
    publicUrl: string,
  ): Promise<{
    root: Message;
    data: Message[];
    count: number;
    following: number;
  }> {
    const { row: root, groupId } = await this.visibleRoot(userId, input.id);
    const afterSeq = await this.historyStart(userId, groupId);
    const replies = await this.deps.repo.repliesAfter(root.msg_id, {
      afterMsgId: input.last_id ?? 0,
      limit: input.limit ?? THREAD_PAGE,
      reader: userId,
      afterSeq,
    });
    await this.markRead(userId, root);
    // Presented as a page is: the root carries its `thread` (one read for the page).
    const [[shownRoot, ...data], following] = await Promise.all([
      this.deps.presentFor(userId, [root, ...replies], publicUrl),
      this.deps.repo.followingOf(root.msg_id, userId),
    ]);
    if (!shownRoot) throw refuse("thread.rootNotFound");
    return {
      root: shownRoot,
      data,
      count: shownRoot.thread?.count ?? 0,
      following: following ? 1 : 0,
    };
  }

  /** `followThread`: follows (nothing unread from now) or stops following a thread. */
  async follow(
    userId: number,
    clientId: string,
    follow: boolean,
  ): Promise<void> {
    const { row } = await this.visibleRoot(userId, clientId);
    await this.deps.repo.setFollowing(
      row.msg_id,
      userId,
      follow,
      row.created_at,
    );
  }

  /** `readThread`: nothing unread in the thread for the caller. */
  async read(userId: number, clientId: string): Promise<void> {
    const { row } = await this.visibleRoot(userId, clientId);
    await this.markRead(userId, row);
  }

  /**
   * Nothing unread in a thread for a reader; when there was, their devices hear it
   * (`threadUpdate` with unread 0, Parley's own: docs/EXTENSIONS.md), so a badge read on
   * one goes on all.
   */
  private async markRead(userId: number, root: MessageRow): Promise<void> {
    if (!(await this.deps.repo.markThreadRead(root.msg_id, userId))) return;
    const summary = (await this.deps.repo.threadSummaries([root.msg_id])).get(
      root.msg_id,
    );
    const group = root.is_group === 1;
    await this.deps.publish.toUsers([userId], "threadUpdate", {
      id: root.client_msg_id,
      toContactId: group
        ? groupContactId(root.to_user)
        : root.from_user === root.to_user
          ? SELF_CHAT_ID
          : root.from_user === userId
            ? root.to_user
            : root.from_user,
      is_group:
        !group && root.from_user === root.to_user
          ? SELF_CHAT_KIND
          : root.is_group,
      count: summary?.count ?? 0,
      lastTime: summary?.lastTime ?? root.created_at,
      unread: 0,
    });
  }

  /**
   * `getThreads`: the threads the caller follows, latest activity first, a page at a time.
   * A thread whose root they can no longer see (they left its group) is left out of the
   * page, not of the count.
   */
  async followed(
    userId: number,
    input: {
      page?: number | undefined;
      limit?: number | undefined;
      unread?: number | undefined;
    },
    publicUrl: string,
  ): Promise<{ data: FollowedThread[]; count: number }> {
    const limit = input.limit ?? THREADS_PAGE;
    const page = input.page ?? 1;
    const { rows, total } = await this.deps.repo.followedThreads(
      userId,
      (page - 1) * limit,
      limit,
      input.unread === 1,
    );
    const roots = new Map(
      (
        await this.deps.repo.messagesByMsgIds(rows.map((r) => r.root_msg_id))
      ).map((row) => [row.msg_id, row]),
    );
    const visible = await this.deps.seenAmong(userId, [...roots.values()]);
    const seen = [...roots.values()].filter((root) => visible.has(root.msg_id));
    // Each root carries its `thread`, as on a page (one read for them all).
    const shown = await this.deps.presentFor(userId, seen, publicUrl);
    const byMsgId = new Map(shown.map((message) => [message.msg_id, message]));
    const data: FollowedThread[] = [];
    for (const row of rows) {
      const root = byMsgId.get(row.root_msg_id);
      if (!root) continue;
      data.push({
        root,
        count: row.count,
        lastTime: row.lastTime,
        unread: row.unread,
      });
    }
    return { data, count: total };
  }

  /** The root a client id names, as the caller can see it; refused like a missing one. */
  private async visibleRoot(
    userId: number,
    clientId: string,
  ): Promise<SeenMessage> {
    for (const row of await this.deps.repo.findAllByClientId(
      clientId,
      userId,
    )) {
      // A reply is no thread; an event line ("… joined") has none. A withdrawn root (an
      // event line now) keeps its thread readable.
      if (row.thread_root !== null) continue;
      if (row.type === "event" && row.is_undo === 0) continue;
      const seen = await this.deps.seenBy(userId, row);
      if (seen) return seen;
    }
    throw refuse("thread.rootNotFound");
  }

  /** Where a reader's view of a group starts: after their join when its history is off. */
  private async historyStart(
    userId: number,
    groupId: number | null,
  ): Promise<number> {
    if (groupId === null) return 0;
    const standing = await this.deps.groups.chatStanding(groupId, userId);
    return standing?.setting.history === "0" ? standing.joinedSeq : 0;
  }
}
