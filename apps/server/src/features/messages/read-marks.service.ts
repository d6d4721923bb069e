import { withReactions } from "./reactions.service.js";
import {
  AT_MSG_LIST_MAX,
  type ContactId,
  can,
  groupContactId,
  GroupRoles,
  type MemberUser,
  type Membership,
  NOTICE_CONTACT_ID,
  READ_RECEIPTS_MANAGER_MAX,
  SELF_CHAT_ID,
} from "@parley/protocol";
import { refuse } from "../../lib/errors.js";
import { toMessage } from "./messages.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import type { MessageRow } from "./message-store.repository.js";
import type { MessagesRepository } from "./messages.repository.js";

import type { MessagesDeps } from "./messages.deps.js";
import { type ChatRules, groupIdOf, unknownSender } from "./chat-rules.js";

/**
 * Read marks and receipts: a chat marked read tells the reader's devices and the senders
 * (and a group's managers) live; who of a group has read a message.
 */
export class ReadMarksService {
  private readonly repo: MessagesRepository;

  constructor(
    private readonly deps: Pick<
      MessagesDeps,
      "repo" | "publish" | "groups" | "events" | "notices"
    >,
    private readonly rules: ChatRules,
  ) {
    this.repo = deps.repo;
  }

  /** Marks a chat read: a 1:1 chat tells the other party's sockets which messages were read. */
  async read(userId: number, toContactId: ContactId): Promise<void> {
    if (toContactId === NOTICE_CONTACT_ID)
      return this.deps.notices.read(userId);
    const groupId = groupIdOf(toContactId);
    if (groupId !== null) {
      const standing = await this.deps.groups.chatStanding(groupId, userId);
      if (!standing) throw refuse("group.notFound");
      await this.readGroup(userId, groupId);
      return;
    }
    // Nothing to one's self is ever unread.
    if (toContactId === SELF_CHAT_ID) return;
    const peer = await this.rules.peerOf(userId, toContactId);
    await this.markReadWith(userId, peer.user_id);
  }

  /**
   * Moves a member's read position to the group's end, and tells the senders of what they
   * newly read (and the managers of a group under 500) so read counts grow live. Answers
   * the range of sequence numbers newly read.
   */
  async readGroup(
    userId: number,
    groupId: number,
  ): Promise<{ from: number; to: number }> {
    const conversationId = groupContactId(groupId);
    const { from, to, wrote } = await this.repo.markGroupRead(
      userId,
      conversationId,
    );
    const read = { from, to };
    if (wrote) {
      // The reader's devices clear the chat's count and mention mark (their lists are
      // read again too).
      await this.deps.events.emit("read", { userId });
      await this.deps.publish.toUsers([userId], "chatRead", {
        toContactId: conversationId,
      });
    }
    if (to <= from) return read;
    const { groups } = this.deps;
    const [senders, count] = await Promise.all([
      this.repo.listSendersBetween(conversationId, from, to),
      // Only whether it is under the limit matters: a large group is not counted whole.
      groups.memberCountUpTo(groupId, READ_RECEIPTS_MANAGER_MAX),
    ]);
    const managers =
      count < READ_RECEIPTS_MANAGER_MAX ? await groups.managerIds(groupId) : [];
    const audience = [...new Set([...senders, ...managers])].filter(
      (id) => id !== userId,
    );
    if (audience.length > 0)
      await this.deps.publish.toUsers(audience, "groupRead", {
        group_id: conversationId,
        user_id: userId,
        from_seq: from,
        to_seq: to,
      });
    return read;
  }

  async markReadWith(userId: number, peerId: number): Promise<void> {
    const changed = await this.repo.markRead(
      userId,
      directConversationId(userId, peerId),
    );
    if (changed.length === 0) return;
    const { publish } = this.deps;
    // The reader's devices clear the chat's count (their lists are read again too).
    await this.deps.events.emit("read", { userId });
    await publish.toUsers([userId], "chatRead", { toContactId: peerId });
    await publish.toUsers(
      [peerId],
      "isRead",
      changed.map((m) => ({
        id: m.client_msg_id,
        msg_id: m.msg_id,
        is_read: 1,
        toContactId: userId,
      })),
    );
    await publish.toUsers([peerId], "readAll", { toContactId: userId });
  }

  /**
   * `atMsgList` to the reader's own sockets as the group's chat opens: the messages that
   * mention them (or everyone) among those this opening marked read, newest first.
   */
  async pushMentions(
    userId: number,
    groupId: number,
    read: { from: number; to: number },
    publicUrl: string,
  ): Promise<void> {
    const toContactId = groupContactId(groupId);
    const { rows, total } = await this.repo.listUnreadMentions(
      userId,
      toContactId,
      { ...read, limit: AT_MSG_LIST_MAX },
    );
    const senders = await this.rules.senders(
      rows.map((row) => row.from_user),
      publicUrl,
    );
    const list = await withReactions(
      this.repo.reactionsOf,
      rows.map((row) =>
        toMessage(
          row,
          senders.get(row.from_user) ?? unknownSender(row.from_user),
          {
            toContactId,
            toUser: toContactId,
          },
          publicUrl,
        ),
      ),
    );
    await this.deps.publish.toUsers([userId], "atMsgList", {
      list,
      count: total,
      toContactId,
    });
  }

  /** Read counts of the page's messages the reader may see receipts of (not event lines). */
  async receiptsFor(
    userId: number,
    groupId: number,
    member: Membership,
    rows: readonly MessageRow[],
  ): Promise<Map<number, { read: number; total: number }>> {
    const actor = { userId, role: 0, demoMode: false };
    const mine = rows.filter((row) => row.type !== "event");
    if (mine.length === 0) return new Map();
    const memberCount =
      member.role <= GroupRoles.admin
        ? await this.deps.groups.memberCountUpTo(
            groupId,
            READ_RECEIPTS_MANAGER_MAX,
          )
        : Number.POSITIVE_INFINITY;
    const shown = mine.filter((row) =>
      can(actor, "group.readReceipts", {
        member,
        isSender: row.from_user === userId,
        memberCount,
      }),
    );
    return this.repo.countReaders(
      groupId,
      shown.map((row) => ({ seq: row.seq, fromUser: row.from_user })),
    );
  }

  /**
   * `readers`: who of the group has read one of its messages and who not yet — for its
   * sender, and the managers of a group under 500. A message of another chat, or one the
   * caller's history does not reach, answers like a missing one.
   */
  async groupReaders(
    userId: number,
    groupId: number,
    msgId: number,
    publicUrl: string,
  ): Promise<{ read: MemberUser[]; unread: MemberUser[] }> {
    const { groups } = this.deps;
    const standing = await groups.chatStanding(groupId, userId);
    if (!standing) throw refuse("group.notFound");
    const row = await this.repo.findInConversation(
      groupContactId(groupId),
      msgId,
    );
    const hidden =
      standing.setting.history === "0" && (row?.seq ?? 0) <= standing.joinedSeq;
    if (!row || hidden || row.type === "event")
      throw refuse("message.notFound");
    const allowed = can(
      { userId, role: 0, demoMode: false },
      "group.readReceipts",
      {
        member: standing.member,
        isSender: row.from_user === userId,
        memberCount: await groups.memberCountUpTo(
          groupId,
          READ_RECEIPTS_MANAGER_MAX,
        ),
      },
    );
    if (!allowed) throw refuse("group.noPermission");
    const split = await this.repo.listReaders(groupId, {
      seq: row.seq,
      fromUser: row.from_user,
    });
    const users = await this.rules.senders(
      [...split.read, ...split.unread],
      publicUrl,
    );
    const short = (id: number): MemberUser => {
      const user = users.get(id) ?? unknownSender(id);
      return {
        id,
        displayName: user.displayName,
        account: user.account,
        name_py: user.name_py,
        avatar: user.avatar,
      };
    };
    return { read: split.read.map(short), unread: split.unread.map(short) };
  }
}
