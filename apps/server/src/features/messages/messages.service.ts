import type { messages as calls } from "@parley/protocol";
import {
  type CallRequest,
  characterLength,
  type ContactId,
  denial,
  Limits,
  type Message,
} from "@parley/protocol";
import type { Policy, Publish, Services } from "../../context.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import { cleanMessageHtml, shownText } from "../../lib/message-html.js";
import type { ActiveUser } from "../accounts/accounts.service.js";
import { toMessage, toSender } from "./messages.mapper.js";
import {
  type ConversationState,
  directConversationId,
  type MessageRow,
  type MessagesRepository,
} from "./messages.repository.js";

/** A send as the call parsed it. */
export type SendInput = CallRequest<typeof calls.sendMessage>;
/** A history request as the call parsed it. */
export type ListInput = CallRequest<typeof calls.getMessageList>;

const HISTORY_TYPES: Record<NonNullable<ListInput["type"]>, string[]> = {
  all: ["text", "image", "voice", "video", "file", "emoji", "webrtc"],
  text: ["text"],
  image: ["image", "emoji"],
  video: ["video"],
  file: ["file"],
};

export interface MessagesDeps {
  repo: MessagesRepository;
  clock: Clock;
  publish: Publish;
  policy: Policy;
  services: Services;
}

/**
 * One-to-one text chat: a send is acknowledged only after its transaction commits, a
 * repeated client id answers the stored message, each conversation numbers its messages,
 * and events go out only after the commit.
 */
export class MessagesService {
  private readonly repo: MessagesRepository;

  constructor(private readonly deps: MessagesDeps) {
    this.repo = deps.repo;
  }

  private async activeUser(userId: number): Promise<ActiveUser> {
    const user = await this.deps.services.accounts.activeUser(userId);
    if (!user) throw refuse("contact.notFound");
    return user;
  }

  /** The other party of a 1:1 chat, checked the same way whether missing or forbidden. */
  private async peerOf(
    userId: number,
    toContactId: ContactId,
  ): Promise<ActiveUser> {
    if (
      typeof toContactId !== "number" ||
      toContactId <= 0 ||
      toContactId === userId
    ) {
      throw refuse("contact.notFound");
    }
    return this.activeUser(toContactId);
  }

  /** SPEC §6 through the capability table: single chat on, friends in run mode 2. */
  private async mayChat(me: ActiveUser, peer: ActiveUser): Promise<void> {
    const config = await this.deps.policy.config();
    const actor = this.deps.policy.actor({
      userId: me.user_id,
      role: me.role,
    });
    const needsFriendship =
      config.sysInfo.runMode === "2" && me.role <= 0 && peer.role <= 0;
    const friends =
      needsFriendship &&
      (await this.deps.services.friends.areFriends(me.user_id, peer.user_id));
    const why = denial(actor, "chat.direct", { config, peer, friends });
    if (why === "switchedOff") throw refuse("chat.singleDisabled");
    if (why !== null) throw refuse("chat.notFriend");
  }

  async send(
    userId: number,
    input: SendInput,
    publicUrl: string,
  ): Promise<Message> {
    const existing = await this.repo.findByClientId(userId, input.id);
    const me = await this.activeUser(userId);
    if (existing) return this.retried(existing, input, me, publicUrl);

    const peer = await this.peerOf(userId, input.toContactId);
    await this.mayChat(me, peer);
    const content = cleanMessageHtml(input.content);
    const text = shownText(content);
    if (text.trim() === "") throw refuse("message.empty");
    if (characterLength(text) > Limits.textMessageMax)
      throw refuse("message.tooLong");

    let row: MessageRow;
    try {
      row = await this.repo.storeDirectMessage(
        {
          conversationId: directConversationId(userId, peer.user_id),
          clientMsgId: input.id,
          fromUser: userId,
          toUser: peer.user_id,
          type: input.type,
          content,
          pid: input.pid ?? null,
        },
        () => this.deps.clock.now(),
      );
    } catch (error) {
      // A concurrent retry with the same client id won the race: answer what it stored.
      const stored = await this.repo.findByClientId(userId, input.id);
      if (stored) return this.retried(stored, input, me, publicUrl);
      throw error;
    }

    const sender = toSender(me, publicUrl);
    const { publish } = this.deps;
    // Only now, after the commit: the receiver files it under the sender (wire-contract.md §2.9).
    await publish.toUsers(
      [peer.user_id],
      "simple",
      toMessage(row, sender, { toContactId: userId, toUser: peer.user_id }),
    );
    const mine = toMessage(row, sender, {
      toContactId: peer.user_id,
      toUser: peer.user_id,
    });
    await publish.toUsers([userId], "simple", mine);
    return mine;
  }

  /**
   * A send whose client id is already stored: an identical retry answers the stored message;
   * the same id with another recipient or content is refused, never acknowledged as sent.
   */
  private retried(
    stored: MessageRow,
    input: SendInput,
    me: ActiveUser,
    publicUrl: string,
  ): Message {
    const same =
      stored.to_user === input.toContactId &&
      stored.type === input.type &&
      stored.content === cleanMessageHtml(input.content);
    if (!same) throw refuse("message.idReused");
    return this.present(stored, me, publicUrl, stored.to_user);
  }

  private present(
    row: MessageRow,
    me: ActiveUser,
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
      const { rows, total } = await this.repo.searchMessages(conversationId, {
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
    const rows = await this.repo.pageMessages(conversationId, {
      beforeMsgId: cursor,
      limit,
      // A cursor forces page 1 (wire-contract.md §5.4).
      offset: cursor === undefined ? ((input.page ?? 1) - 1) * limit : 0,
    });
    if (cursor === undefined) await this.markReadWith(userId, peer.user_id);
    return { messages: rows.reverse().map(present), count: rows.length };
  }

  /** Marks a 1:1 chat read and tells the other party's sockets which messages were read. */
  async read(userId: number, toContactId: ContactId): Promise<void> {
    const peer = await this.peerOf(userId, toContactId);
    await this.markReadWith(userId, peer.user_id);
  }

  /** The users who list a one-to-one chat with this user. */
  chatPeers(userId: number): Promise<number[]> {
    return this.repo.listChatPeers(userId);
  }

  /** A user's view of each of their conversations, for the contact list. */
  conversationStates(userId: number): Promise<ConversationState[]> {
    return this.repo.listUserConversations(userId);
  }

  private async markReadWith(userId: number, peerId: number): Promise<void> {
    const changed = await this.repo.markRead(
      userId,
      directConversationId(userId, peerId),
    );
    if (changed.length === 0) return;
    const { publish } = this.deps;
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
}
