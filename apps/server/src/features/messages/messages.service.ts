import { characterLength, Limits, type Message } from "@parley/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import { cleanMessageHtml } from "../../lib/message-html.js";
import type { Gateway } from "../../realtime/gateway.js";
import type { SystemService } from "../system/system.service.js";
import { toMessage, toSender, type SenderRow } from "./messages.mapper.js";
import {
  directConversationId,
  findByClientId,
  insertMessage,
  markConversationLast,
  markRead,
  type MessageRow,
  nextSeq,
  pageMessages,
  searchMessages,
  touchUserConversation,
} from "./messages.repository.js";

export interface SendInput {
  id: string;
  type: "text";
  content: string;
  toContactId: number | string;
  at?: string[] | undefined;
  pid?: number | undefined;
}

export interface ListInput {
  toContactId: number | string;
  page?: number | undefined;
  limit?: number | undefined;
  last_id?: number | undefined;
  type?: "all" | "text" | "image" | "video" | "file" | undefined;
  keywords?: string | undefined;
}

const HISTORY_TYPES: Record<NonNullable<ListInput["type"]>, string[]> = {
  all: ["text", "image", "voice", "video", "file", "emoji", "webrtc"],
  text: ["text"],
  image: ["image", "emoji"],
  video: ["video"],
  file: ["file"],
};

/** Text as the length rule sees it: tags other than img removed (SPEC §5 Chat). */
function visibleText(content: string): string {
  return content.replace(/<(?!img\b)[^>]*>/gi, "");
}

/**
 * One-to-one text chat: a send is acknowledged only after its transaction commits, a
 * repeated client id answers the stored message, each conversation numbers its messages,
 * and events go out only after the commit.
 */
export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly system: SystemService,
    private readonly gateway: Gateway,
  ) {}

  private async activeUser(
    userId: number,
  ): Promise<(SenderRow & { role: number }) | undefined> {
    return this.db
      .selectFrom("users")
      .select(["user_id", "realname", "account", "avatar", "name_py", "role"])
      .where("user_id", "=", userId)
      .where("status", "=", 1)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
  }

  /** The other party of a 1:1 chat, checked the same way whether missing or forbidden. */
  private async peerOf(
    userId: number,
    toContactId: number | string,
  ): Promise<SenderRow & { role: number }> {
    if (
      typeof toContactId !== "number" ||
      toContactId <= 0 ||
      toContactId === userId
    ) {
      throw refuse("contact.notFound");
    }
    const peer = await this.db
      .selectFrom("users")
      .select(["user_id", "realname", "account", "avatar", "name_py", "role"])
      .where("user_id", "=", toContactId)
      .where("status", "=", 1)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!peer) throw refuse("contact.notFound");
    return peer;
  }

  private async mayChat(
    me: { user_id: number; role: number },
    peer: { user_id: number; role: number },
  ) {
    const { sysInfo, chatInfo } = await this.system.config();
    const staff = me.role > 0 || peer.role > 0;
    if (chatInfo.simpleChat === "0" && !staff)
      throw refuse("chat.singleDisabled");
    if (sysInfo.runMode === "2" && !staff) {
      const friends = await this.db
        .selectFrom("friends")
        .select("user_id")
        .where((eb) =>
          eb.or([
            eb.and([
              eb("user_id", "=", me.user_id),
              eb("friend_user_id", "=", peer.user_id),
            ]),
            eb.and([
              eb("user_id", "=", peer.user_id),
              eb("friend_user_id", "=", me.user_id),
            ]),
          ]),
        )
        .execute();
      if (friends.length < 2) throw refuse("chat.notFriend");
    }
  }

  async send(
    userId: number,
    input: SendInput,
    publicUrl: string,
  ): Promise<Message> {
    const existing = await findByClientId(this.db, userId, input.id);
    const me = await this.activeUser(userId);
    if (!me) throw refuse("contact.notFound");
    if (existing)
      return this.present(existing, me, publicUrl, existing.to_user);

    const peer = await this.peerOf(userId, input.toContactId);
    await this.mayChat(me, peer);
    const content = cleanMessageHtml(input.content);
    const text = visibleText(content);
    if (text.trim() === "") throw refuse("message.empty");
    if (characterLength(text) > Limits.textMessageMax)
      throw refuse("message.tooLong");

    const conversationId = directConversationId(userId, peer.user_id);
    let row: MessageRow;
    try {
      row = await this.db.transaction().execute(async (trx) => {
        const now = this.clock.now();
        const seq = await nextSeq(trx, conversationId, 0, now);
        const inserted = await insertMessage(trx, {
          conversation_id: conversationId,
          seq,
          client_msg_id: input.id,
          from_user: userId,
          to_user: peer.user_id,
          is_group: 0,
          type: input.type,
          content,
          at: "",
          pid: input.pid ?? null,
          created_at: now,
        });
        await markConversationLast(trx, conversationId, inserted.msg_id, now);
        await touchUserConversation(trx, {
          userId,
          conversationId,
          peerId: String(peer.user_id),
          isGroup: 0,
          sendTime: now,
          received: false,
        });
        await touchUserConversation(trx, {
          userId: peer.user_id,
          conversationId,
          peerId: String(userId),
          isGroup: 0,
          sendTime: now,
          received: true,
        });
        return inserted;
      });
    } catch (error) {
      // A concurrent retry with the same client id won the race: answer what it stored.
      const stored = await findByClientId(this.db, userId, input.id);
      if (stored) return this.present(stored, me, publicUrl, stored.to_user);
      throw error;
    }

    const sender = toSender(me, publicUrl);
    // Only now, after the commit: the receiver files it under the sender (wire-contract.md §2.9).
    await this.gateway.toUsers(
      [peer.user_id],
      "simple",
      toMessage(row, sender, { toContactId: userId, toUser: peer.user_id }),
    );
    await this.gateway.toUsers(
      [userId],
      "simple",
      toMessage(row, sender, {
        toContactId: peer.user_id,
        toUser: peer.user_id,
      }),
    );
    return toMessage(row, sender, {
      toContactId: peer.user_id,
      toUser: peer.user_id,
    });
  }

  private present(
    row: MessageRow,
    me: SenderRow,
    publicUrl: string,
    toUser: number,
  ): Message {
    return toMessage(row, toSender(me, publicUrl), {
      toContactId: toUser,
      toUser,
    });
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
    const peer = await this.peerOf(userId, input.toContactId);
    const conversationId = directConversationId(userId, peer.user_id);
    const me = await this.activeUser(userId);
    if (!me) throw refuse("contact.notFound");
    const senders = new Map([
      [me.user_id, toSender(me, publicUrl)],
      [peer.user_id, toSender(peer, publicUrl)],
    ]);
    const present = (row: MessageRow) => {
      const sender = senders.get(row.from_user) ?? toSender(peer, publicUrl);
      return toMessage(row, sender, {
        toContactId: row.to_user,
        toUser: row.to_user,
      });
    };

    if (input.type) {
      const limit = input.limit ?? Limits.historyPageSize;
      const { rows, total } = await searchMessages(this.db, conversationId, {
        types: HISTORY_TYPES[input.type],
        keywords: input.keywords?.trim() ?? "",
        limit,
        offset: ((input.page ?? 1) - 1) * limit,
      });
      return { messages: rows.map(present), count: total };
    }

    const limit = input.limit ?? Limits.messagePageSize;
    const cursor =
      input.last_id !== undefined && input.last_id > 0
        ? input.last_id
        : undefined;
    const rows = await pageMessages(this.db, conversationId, {
      beforeMsgId: cursor,
      limit,
      // A cursor forces page 1 (wire-contract.md §5.4).
      offset: cursor === undefined ? ((input.page ?? 1) - 1) * limit : 0,
    });
    if (cursor === undefined) await this.markReadWith(userId, peer.user_id);
    return { messages: rows.reverse().map(present), count: rows.length };
  }

  /** Marks a 1:1 chat read and tells the other party's sockets which messages were read. */
  async read(userId: number, toContactId: number | string): Promise<void> {
    const peer = await this.peerOf(userId, toContactId);
    await this.markReadWith(userId, peer.user_id);
  }

  private async markReadWith(userId: number, peerId: number): Promise<void> {
    const changed = await markRead(
      this.db,
      userId,
      directConversationId(userId, peerId),
    );
    if (changed.length === 0) return;
    await this.gateway.toUsers(
      [peerId],
      "isRead",
      changed.map((m) => ({
        id: m.client_msg_id,
        msg_id: m.msg_id,
        is_read: 1,
        toContactId: userId,
      })),
    );
    await this.gateway.toUsers([peerId], "readAll", {
      toContactId: userId,
    });
  }
}
