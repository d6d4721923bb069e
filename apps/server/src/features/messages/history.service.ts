import type { messages as calls } from "@parley/protocol";
import {
  type CallRequest,
  groupContactId,
  GroupRoles,
  Limits,
  type Message,
  NOTICE_CONTACT_ID,
  SELF_CHAT_ID,
} from "@parley/protocol";
import { withReactions } from "./reactions.service.js";
import { refuse } from "../../lib/errors.js";
import { toSender } from "../accounts/accounts.mapper.js";
import { toMessage } from "./messages.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import type { MessageRow } from "./message-store.repository.js";
import type {
  ConversationState,
  MessagesRepository,
} from "./messages.repository.js";

import type { MessagesDeps } from "./messages.deps.js";
import { type ChatRules, groupIdOf, unknownSender } from "./chat-rules.js";
import type { ReadMarksService } from "./read-marks.service.js";

/** A history request as the call parsed it. */
export type ListInput = CallRequest<typeof calls.getMessageList>;

/** A message a user can see, and the group it is in (null for a one-to-one message). */
export interface SeenMessage {
  row: MessageRow;
  groupId: number | null;
}

/** The most mentions `getMessageList is_at=1` answers: the newest, far more than a screen. */
const MENTIONS_LIST_MAX = 200;

const HISTORY_TYPES: Record<NonNullable<ListInput["type"]>, string[]> = {
  all: ["text", "image", "voice", "video", "file", "emoji", "webrtc"],
  text: ["text"],
  image: ["image", "emoji"],
  video: ["video"],
  file: ["file"],
};

/**
 * History: pages of a chat (the first one marks it read), the history panel's search, the
 * mentions list, what one user can see of a stored message, and each chat's state for the
 * chat list. Also the history's end: a group's clearing and message retention.
 */
export class HistoryService {
  private readonly repo: MessagesRepository;

  constructor(
    private readonly deps: Pick<
      MessagesDeps,
      "repo" | "groups" | "notices" | "threads"
    >,
    private readonly rules: ChatRules,
    private readonly reads: ReadMarksService,
  ) {
    this.repo = deps.repo;
  }

  /**
   * A page of a 1:1 chat. Without `type`: the newest `limit` before `last_id`, oldest first
   * within the page, and the chat counts as read. With `type` (the history panel): newest
   * first by page, with the total.
   */
  async list(
    userId: number,
    input: ListInput,
    publicUrl: string,
  ): Promise<{ messages: Message[]; count: number }> {
    if (input.toContactId === NOTICE_CONTACT_ID)
      return this.deps.notices.history(userId, input, publicUrl);
    const groupId = groupIdOf(input.toContactId);
    if (groupId !== null)
      return this.listGroup(userId, groupId, input, publicUrl);
    const self = input.toContactId === SELF_CHAT_ID;
    const peer = self
      ? await this.rules.activeUser(userId)
      : await this.rules.peerOf(userId, input.toContactId);
    const conversationId = directConversationId(userId, peer.user_id);
    const me = await this.rules.activeUser(userId);
    const senders = new Map([
      [me.user_id, toSender(me, publicUrl)],
      [peer.user_id, toSender(peer, publicUrl)],
    ]);
    const present = (row: MessageRow) => {
      const sender = senders.get(row.from_user) ?? toSender(peer, publicUrl);
      return toMessage(
        row,
        sender,
        {
          toContactId: row.to_user,
          toUser: row.to_user,
          viewer: userId,
        },
        publicUrl,
      );
    };

    if (input.type) {
      const limit = input.limit ?? Limits.historyPageSize;
      const { rows, total } = await this.repo.searchMessages(conversationId, {
        types: HISTORY_TYPES[input.type],
        keywords: input.keywords?.trim() ?? "",
        limit,
        offset: ((input.page ?? 1) - 1) * limit,
        reader: userId,
      });
      return {
        messages: await this.withReactions(rows.map(present)),
        count: total,
      };
    }

    const limit = input.limit ?? Limits.messagePageSize;
    const cursor =
      input.last_id !== undefined && input.last_id > 0
        ? input.last_id
        : undefined;
    const rows = await this.repo.pageMessages(conversationId, {
      beforeMsgId: cursor,
      limit,
      // A cursor forces page 1 (wire-contract.md §5.4).
      offset: cursor === undefined ? ((input.page ?? 1) - 1) * limit : 0,
      reader: userId,
      rootsOnly: input.threads === 1,
    });
    if (cursor === undefined && !self)
      await this.reads.markReadWith(userId, peer.user_id);
    return {
      messages: await this.withReactions(rows.reverse().map(present)),
      count: rows.length,
    };
  }

  /**
   * A page of a group's chat for a member; with the history switch off, only what was sent
   * after they joined. The first page marks the group read for them.
   */
  async listGroup(
    userId: number,
    groupId: number,
    input: ListInput,
    publicUrl: string,
  ): Promise<{ messages: Message[]; count: number }> {
    const { groups } = this.deps;
    // A former member of a disbanded group still reads its history (issue 51).
    const standing =
      (await groups.chatStanding(groupId, userId)) ??
      (await groups.formerStanding(groupId, userId));
    if (!standing) throw refuse("group.notFound");
    const conversationId = groupContactId(groupId);
    const afterSeq = standing.setting.history === "0" ? standing.joinedSeq : 0;
    let rows: MessageRow[];
    let count: number;
    if (input.is_at === 1) {
      // The message manager's mentions (wire-contract.md §5.4): what names me or everyone,
      // in what I may see of the group, the newest MENTIONS_LIST_MAX; read with the group.
      const found = await this.repo.listUnreadMentions(userId, conversationId, {
        from: afterSeq,
        to: Number.MAX_SAFE_INTEGER,
        limit: MENTIONS_LIST_MAX,
      });
      rows = found.rows.reverse();
      count = found.total;
      await this.reads.readGroup(userId, groupId);
    } else if (input.type) {
      const limit = input.limit ?? Limits.historyPageSize;
      const found = await this.repo.searchMessages(conversationId, {
        types: HISTORY_TYPES[input.type],
        keywords: input.keywords?.trim() ?? "",
        limit,
        offset: ((input.page ?? 1) - 1) * limit,
        afterSeq,
        reader: userId,
      });
      rows = found.rows;
      count = found.total;
    } else {
      const limit = input.limit ?? Limits.messagePageSize;
      const cursor =
        input.last_id !== undefined && input.last_id > 0
          ? input.last_id
          : undefined;
      rows = (
        await this.repo.pageMessages(conversationId, {
          beforeMsgId: cursor,
          limit,
          offset: cursor === undefined ? ((input.page ?? 1) - 1) * limit : 0,
          afterSeq,
          reader: userId,
          rootsOnly: input.threads === 1,
        })
      ).reverse();
      count = rows.length;
      if (cursor === undefined) {
        const read = await this.reads.readGroup(userId, groupId);
        if ((input.page ?? 1) === 1)
          await this.reads.pushMentions(userId, groupId, read, publicUrl);
      }
    }
    const fromUsers = rows.map((row) => row.from_user);
    const [senders, roles, receipts] = await Promise.all([
      this.rules.senders(fromUsers, publicUrl),
      this.deps.groups.rolesAmong(groupId, fromUsers),
      this.reads.receiptsFor(userId, groupId, standing.member, rows),
    ]);
    return {
      messages: await this.withReactions(
        rows.map((row) => {
          const message = toMessage(
            row,
            senders.get(row.from_user) ?? unknownSender(row.from_user),
            {
              toContactId: conversationId,
              toUser: conversationId,
              viewer: userId,
              // A sender who has left since is a member no more: 3, as for anyone.
              role: roles.get(row.from_user) ?? GroupRoles.member,
            },
            publicUrl,
          );
          const counted = receipts.get(row.seq);
          return counted
            ? { ...message, readCount: counted.read, readTotal: counted.total }
            : message;
        }),
      ),
      count,
    };
  }

  /**
   * Whether a user can see a stored message: a one-to-one message of theirs they have not
   * hidden, or a group message of a group they are in that their history reaches.
   */
  async seenBy(userId: number, row: MessageRow): Promise<SeenMessage | null> {
    if (!(await this.seenAmong(userId, [row])).has(row.msg_id)) return null;
    return { row, groupId: row.is_group === 1 ? row.to_user : null };
  }

  /**
   * Which of several stored messages a user can see, by msg_id: a group's message while
   * they are in it (after their join when its history is off), a one-to-one message of
   * theirs; never one they hid. One read of what they hid, one standing per group.
   */
  async seenAmong(
    userId: number,
    rows: readonly MessageRow[],
  ): Promise<Set<number>> {
    const hidden = await this.deps.repo.hiddenAmong(
      userId,
      rows.map((row) => row.msg_id),
    );
    const standings = new Map<
      number,
      Awaited<ReturnType<typeof this.deps.groups.chatStanding>>
    >();
    const seen = new Set<number>();
    for (const row of rows) {
      if (hidden.has(row.msg_id)) continue;
      if (row.is_group === 1) {
        if (!standings.has(row.to_user))
          standings.set(
            row.to_user,
            await this.deps.groups.chatStanding(row.to_user, userId),
          );
        const standing = standings.get(row.to_user);
        if (!standing) continue;
        if (standing.setting.history === "0" && row.seq <= standing.joinedSeq)
          continue;
      } else if (
        row.is_group !== 0 ||
        (row.from_user !== userId && row.to_user !== userId)
      )
        continue;
      seen.add(row.msg_id);
    }
    return seen;
  }

  /** A stored message by its key, when the user can see it; undefined like a missing one. */
  async visibleMessage(
    userId: number,
    msgId: number,
  ): Promise<SeenMessage | undefined> {
    const row = await this.deps.repo.findByMsgId(msgId);
    return (row && (await this.seenBy(userId, row))) ?? undefined;
  }

  /** Stored messages as one reader sees them, each filed under its chat's contact id. */
  async presentFor(
    viewer: number,
    rows: readonly MessageRow[],
    publicUrl: string,
  ): Promise<Message[]> {
    const senders = await this.rules.senders(
      rows.map((row) => row.from_user),
      publicUrl,
    );
    return this.withReactions(
      rows.map((row) => {
        const contact =
          row.is_group === 1
            ? groupContactId(row.to_user)
            : row.from_user === viewer
              ? row.to_user
              : row.from_user;
        return toMessage(
          row,
          senders.get(row.from_user) ?? unknownSender(row.from_user),
          { toContactId: contact, toUser: contact, viewer },
          publicUrl,
        );
      }),
    );
  }

  /**
   * Messages with their reactions and, for roots with replies, their threads (extensions.md
   * §1, §6): each read for the page at once.
   */
  async withReactions<M extends Message>(messages: M[]): Promise<M[]> {
    const [reacted, threads] = await Promise.all([
      withReactions(this.repo.reactionsOf, messages),
      this.deps.threads.threadSummaries(
        messages.filter((m) => m.thread_id === "").map((m) => m.msg_id),
      ),
    ]);
    if (threads.size === 0) return reacted;
    return reacted.map((message) => {
      const summary = threads.get(message.msg_id);
      return summary
        ? {
            ...message,
            thread: {
              count: summary.count,
              lastTime: summary.lastTime,
              user_ids: summary.user_ids,
            },
          }
        : message;
    });
  }

  /**
   * Clears a group's history (the owner's `clearMessage`): every message it had when the
   * clearing began, in batches. Answers the files they carried, for the files feature.
   */
  clearGroupHistory(groupId: number): Promise<number[]> {
    return this.repo.clearGroupMessages(groupId);
  }

  /**
   * Message retention: deletes up to `batch` messages sent before `cutoff` (ms), oldest
   * first; replies quoting them lose the quoted text. Answers how many went and their files.
   */
  deleteMessagesBefore(
    cutoff: number,
    batch: number,
  ): Promise<{ count: number; fileIds: number[] }> {
    return this.repo.deleteMessagesBefore(cutoff, batch);
  }

  /** Every pair of people whose one-to-one chat holds messages, each pair once. */
  chatPairs(): Promise<[number, number][]> {
    return this.repo.listChatPairs();
  }

  /** The users who list a one-to-one chat with this user. */
  chatPeers(userId: number): Promise<number[]> {
    return this.repo.listChatPeers(userId);
  }

  /** A user's view of each of their conversations, for the contact list. */
  conversationStates(userId: number): Promise<ConversationState[]> {
    return this.repo.listUserConversations(userId);
  }

  /** A user's view of their one-to-one chat with a peer, if they have one. */
  async conversationState(
    userId: number,
    peerId: number,
  ): Promise<ConversationState | undefined> {
    const [state] = await this.repo.listUserConversations(
      userId,
      String(peerId),
    );
    return state;
  }
}
