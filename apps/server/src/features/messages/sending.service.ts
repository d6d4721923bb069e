import {
  type ContactId,
  DEFAULT_LANGUAGE,
  groupContactId,
  isLanguage,
  type Message,
  NOTICE_CONTACT_ID,
  SELF_CHAT_ID,
  SELF_CHAT_KIND,
} from "@parley/protocol";
import { rateLimited, refuse } from "../../lib/errors.js";
import { InTurn } from "../../lib/in-turn.js";
import { translate } from "../../lib/messages.js";
import { cleanMessageHtml } from "../../lib/message-html.js";
import type { ActiveUser } from "../accounts/accounts.service.js";
import { toSender } from "../accounts/accounts.mapper.js";
import {
  selfContact,
  senderAsContact,
  toMessage,
  toSentMessage,
} from "./messages.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import type { MessageRow, ThreadLink } from "./message-store.repository.js";
import type { MessagesRepository } from "./messages.repository.js";

import type { MessagesDeps, Standing } from "./messages.deps.js";
import { type ChatRules, groupIdOf } from "./chat-rules.js";
import { announceLink } from "./link-preview.service.js";
import { resolveMentions } from "./mentions.js";
import { announceThreadReply, threadLinkOf } from "./thread-replies.js";
import {
  type FileSendInput,
  payloadOf,
  quoteOf,
  type SendInput,
} from "./send-input.js";

/** How a send is paced: typed sends are; forwards and files sent by upload are not. */
export interface SendOptions {
  /** Counts against RATE_SEND_USER and `chatInfo.sendInterval` (wire-contract.md §5.3). */
  paced?: boolean;
}

/**
 * Sending: a send is acknowledged only after its transaction commits, a repeated client id
 * answers the stored message, each conversation numbers its messages, and events go out
 * only after the commit. Also the lines the server itself writes into a chat.
 */
export class SendingService {
  private readonly repo: MessagesRepository;
  /** Each group's pushes of new messages, one after another in seq order. */
  private readonly pushesInTurn = new InTurn();

  constructor(
    private readonly deps: Pick<
      MessagesDeps,
      | "repo"
      | "clock"
      | "publish"
      | "policy"
      | "accounts"
      | "files"
      | "groups"
      | "push"
      | "sendsPerUser"
      | "keys"
      | "events"
      | "threads"
    >,
    private readonly rules: ChatRules,
  ) {
    this.repo = deps.repo;
  }

  async send(
    userId: number,
    input: SendInput | FileSendInput,
    publicUrl: string,
    options: SendOptions = {},
  ): Promise<Message> {
    // The system's entries are read, never written to (wire-contract.md §5.3).
    if (
      input.toContactId === NOTICE_CONTACT_ID ||
      input.toContactId === "system"
    )
      throw refuse("chat.systemEntry");
    // A stored file sent again (forwarded): only one the sender may see, as it was stored.
    // As a sticker (type emoji), only a picture shown in place.
    if (!("fileId" in input) && input.file_id !== undefined) {
      const file = await this.deps.files.attachment(userId, input.file_id);
      if (input.type === "emoji" && file.type !== "image")
        throw refuse("request.invalidField", { field: "type" });
      return this.send(
        userId,
        {
          id: input.id,
          toContactId: input.toContactId,
          pid: input.pid,
          ...file,
          ...(input.type === "emoji" ? { type: "emoji" as const } : {}),
        },
        publicUrl,
        options,
      );
    }
    // The reads a send starts with do not depend on one another: asked at once, on
    // PostgreSQL they cost one round trip, not three (issue 14, W8). The peer's lookup
    // counts only for a new message to a user: a retried one answers what was stored.
    const groupId = groupIdOf(input.toContactId);
    const target:
      | { kind: "self" }
      | { kind: "user"; peer: Promise<ActiveUser> }
      | { kind: "group"; groupId: number; standing: Promise<Standing> } =
      input.toContactId === SELF_CHAT_ID
        ? { kind: "self" }
        : groupId === null
          ? { kind: "user", peer: this.rules.peerOf(userId, input.toContactId) }
          : {
              kind: "group",
              groupId,
              standing: this.deps.groups.chatStanding(groupId, userId),
            };
    if (target.kind !== "self")
      (target.kind === "user" ? target.peer : target.standing).catch(
        () => undefined,
      );
    // A retried send answers what was stored, whatever has changed since. On SQLite it is
    // looked for first: a failing write rolls back the commit it shares with other sends
    // (db/group-commit.ts). On PostgreSQL each send is a statement of its own, so the
    // look is made only when a send fails (a retry breaks the unique client id): one round
    // trip less per send (issue 14, W8).
    const [existing, me] = await Promise.all([
      this.repo.findsRetriesFirst()
        ? this.repo.findByClientId(userId, input.id)
        : undefined,
      this.rules.activeUser(userId),
    ]);
    if (existing) return this.retried(existing, input, me, publicUrl);
    try {
      // Inside the try: a retry refused for its pace answers what was stored.
      if (options.paced) await this.pace(userId, input.toContactId);
      if (target.kind === "self")
        return await this.sendToSelf(me, input, publicUrl);
      return target.kind === "group"
        ? await this.sendToGroup(
            me,
            target.groupId,
            await target.standing,
            input,
            publicUrl,
          )
        : await this.sendToUser(me, await target.peer, input, publicUrl);
    } catch (error) {
      // Refused or failed: unless it was sent already (a concurrent retry won the race).
      const stored = await this.repo.findByClientId(userId, input.id);
      if (stored) return this.retried(stored, input, me, publicUrl);
      throw error;
    }
  }

  /**
   * Refuses a send past the user's rate (RATE_SEND_USER, across processes) or sooner than
   * `chatInfo.sendInterval` after their last one to the same chat. Both refusals carry
   * Retry-After, so a client's outbox waits and sends again. Notes to oneself have no
   * interval (wire-contract.md §5.3: the chat -1 skips every check) but count in the rate.
   */
  private async pace(userId: number, chat: ContactId): Promise<void> {
    const waitMs = await this.deps.sendsPerUser.take(String(userId));
    if (waitMs > 0) throw rateLimited(waitMs, "message.tooFast");
    if (chat === SELF_CHAT_ID) return;
    const seconds = Number(
      (await this.deps.policy.config()).chatInfo.sendInterval,
    );
    if (!Number.isFinite(seconds) || seconds <= 0) return;
    const now = this.deps.clock.now();
    const key = `send-interval:${userId}:${String(chat)}`;
    const intervalMs = seconds * 1000;
    if (await this.deps.keys.claim(key, String(now + intervalMs), intervalMs))
      return;
    const until = Number(await this.deps.keys.get(key));
    throw rateLimited(
      Number.isFinite(until) && until > now ? until - now : intervalMs,
      "message.tooSoon",
    );
  }

  /** Stores a one-to-one message (or a note to oneself), its quote made by the server. */
  private async storeDirect(
    from: number,
    to: number,
    input: SendInput | FileSendInput,
  ): Promise<{
    row: MessageRow;
    conversationId: string;
    thread: ThreadLink | null;
  }> {
    const conversationId = directConversationId(from, to);
    const thread = await threadLinkOf(
      this.deps,
      from,
      input,
      conversationId,
      0,
    );
    // A reply in a thread quotes its root for clients without threads (extensions.md §6).
    const pid = input.pid ?? thread?.rootMsgId;
    const payload = await this.withQuote(
      from,
      payloadOf(input),
      pid,
      conversationId,
      0,
    );
    const row = await this.repo.storeDirectMessage(
      {
        conversationId,
        clientMsgId: input.id,
        fromUser: from,
        toUser: to,
        type: payload.type,
        content: payload.content,
        pid: pid ?? null,
        fileId: payload.fileId,
        extends: payload.extends,
        thread,
      },
      () => this.deps.clock.now(),
    );
    return { row, conversationId, thread };
  }

  /** A new message to a user, once the sender may chat with them. */
  private async sendToUser(
    me: ActiveUser,
    peer: ActiveUser,
    input: SendInput | FileSendInput,
    publicUrl: string,
  ): Promise<Message> {
    const userId = me.user_id;
    await this.rules.mayChat(me, peer);
    const { row, conversationId, thread } = await this.storeDirect(
      userId,
      peer.user_id,
      input,
    );

    const mine = this.sentToUser(row, me, peer.user_id, publicUrl);
    // Only now, after the commit, as one event: the receiver files it under the sender
    // (wire-contract.md §2.9), the sender's own sockets under the receiver.
    await this.deps.publish.toEach([
      {
        userIds: [peer.user_id],
        type: "simple",
        data: { ...mine, toContactId: userId },
      },
      { userIds: [userId], type: "simple", data: mine },
    ]);
    this.deps.push.messageSent({
      message: mine,
      conversationId,
      to: { userId: peer.user_id },
      chatOf: () => userId,
      title: me.realname,
    });
    await announceThreadReply(this.deps, row, thread);
    await announceLink(this.deps.events, row);
    return mine;
  }

  /**
   * A message to oneself (the chat -1, wire-contract.md §5.3): files and notes for one's
   * other devices. No chat rule applies, as none has anyone else to protect; it is stored
   * like a one-to-one message whose sender is its receiver, and goes to the sender's
   * sockets only.
   */
  private async sendToSelf(
    me: ActiveUser,
    input: SendInput | FileSendInput,
    publicUrl: string,
  ): Promise<Message> {
    const userId = me.user_id;
    const { row, thread } = await this.storeDirect(userId, userId, input);
    const mine = this.sentToUser(row, me, userId, publicUrl);
    await this.deps.publish.toUsers([userId], "simple", mine);
    await announceThreadReply(this.deps, row, thread);
    await announceLink(this.deps.events, row);
    return mine;
  }

  /** A one-to-one message as its send answers it (wire-contract.md §2.9 "Sent message"). */
  private sentToUser(
    row: MessageRow,
    me: ActiveUser,
    peerId: number,
    publicUrl: string,
  ): Message {
    const message = this.present(row, me, publicUrl, peerId);
    if (message.is_group !== SELF_CHAT_KIND)
      return toSentMessage(message, {
        toUser: peerId,
        contactInfo: senderAsContact(me, message, publicUrl),
      });
    // A note to oneself: the chat -1 as the writer's list shows it.
    const lang = isLanguage(me.lang) ? me.lang : DEFAULT_LANGUAGE;
    const names = {
      self: translate("chat.selfName", lang),
      selfEmpty: translate("chat.selfEmpty", lang),
    };
    return toSentMessage(message, {
      toUser: SELF_CHAT_ID,
      contactInfo: {
        ...selfContact(undefined, names, me.user_id, publicUrl),
        lastContent: message.content,
        lastSendTime: message.sendTime,
        type: message.type,
      },
    });
  }

  /** A group message as its send answers and pushes it (wire-contract.md §2.9). */
  private sentToGroup(
    row: MessageRow,
    me: ActiveUser,
    standing: NonNullable<Standing>,
    publicUrl: string,
  ): Message {
    const message = this.present(
      row,
      me,
      publicUrl,
      groupContactId(row.to_user),
      standing.member.role,
    );
    // The group as a member without its chat lists it: with this message, one unread.
    return toSentMessage(message, {
      toUser: row.to_user,
      contactInfo: {
        ...standing.contact(publicUrl),
        lastContent: message.content,
        lastSendTime: message.sendTime,
        type: message.type,
        unread: 1,
      },
    });
  }

  /**
   * The file message a sender already stored under a client id (a retried upload) as the
   * first send answered it; null when the id is new. The same id on another message is
   * refused, never answered as this one.
   */
  async alreadySent(
    userId: number,
    clientId: string,
    toContactId: ContactId,
    publicUrl: string,
    /** A file's upload (the default), or a text (a slash command's answer). */
    kind: "file" | "text" = "file",
  ): Promise<Message | null> {
    const stored = await this.repo.findByClientId(userId, clientId);
    if (!stored) return null;
    const me = await this.rules.activeUser(userId);
    const asked: SendInput | FileSendInput =
      kind === "text"
        ? { id: clientId, toContactId, type: "text", content: stored.content }
        : {
            id: clientId,
            toContactId,
            type: "file",
            content: "",
            fileId: stored.file_id ?? 0,
            extends: {},
          };
    return this.retried(stored, asked, me, publicUrl);
  }

  /**
   * A message to a group: from a member the speak rules allow, stored once, pushed once to
   * every member's sockets after the commit; mentions of members (or everyone, by a
   * manager) mark those members' chats.
   */
  private async sendToGroup(
    me: ActiveUser,
    groupId: number,
    standing: Standing,
    input: SendInput | FileSendInput,
    publicUrl: string,
  ): Promise<Message> {
    if (!standing) {
      // A former member of a disbanded group reads its history but may not add to it
      // (issue 51); anyone else finds no group.
      if (await this.deps.groups.formerStanding(groupId, me.user_id))
        throw refuse("group.disbanded");
      throw refuse("group.notFound");
    }
    this.rules.maySpeak(me, standing);
    const afterSeq = standing.setting.history === "0" ? standing.joinedSeq : 0;
    const thread = await threadLinkOf(
      this.deps,
      me.user_id,
      input,
      groupContactId(groupId),
      afterSeq,
    );
    const pid = input.pid ?? thread?.rootMsgId;
    const payload = await this.withQuote(
      me.user_id,
      payloadOf(input),
      pid,
      groupContactId(groupId),
      afterSeq,
    );
    const at =
      "at" in input
        ? await resolveMentions(
            this.deps.groups,
            groupId,
            standing.member,
            input.at ?? [],
          )
        : [];

    const row = await this.repo.storeGroupMessage(
      {
        groupId,
        clientMsgId: input.id,
        fromUser: me.user_id,
        type: payload.type,
        content: payload.content,
        at,
        pid: pid ?? null,
        extends: payload.extends,
        fileId: payload.fileId,
        thread,
      },
      () => this.deps.clock.now(),
    );
    const message = this.sentToGroup(row, me, standing, publicUrl);
    // The members are read at once, side by side with the next sends' reads, but the push
    // waits for the one before it: on PostgreSQL two reads answer in any order, and a
    // member must see the group's messages in seq order (the stores answer in that order).
    const reading = this.deps.groups.memberIds(groupId);
    reading.catch(() => undefined);
    const memberIds = await this.pushesInTurn.run(
      groupContactId(groupId),
      async () => {
        const ids = await reading;
        await this.deps.publish.toUsers(ids, "group", message);
        return ids;
      },
    );
    this.deps.push.messageSent({
      message,
      conversationId: groupContactId(groupId),
      to: { groupId, memberIds },
      chatOf: () => groupContactId(groupId),
      title: `${me.realname} · ${standing.name}`,
    });
    await announceThreadReply(this.deps, row, thread);
    await announceLink(this.deps.events, row);
    if (row.type === "text")
      await this.deps.events.emit("groupTextSent", {
        groupId,
        groupName: standing.name,
        senderId: me.user_id,
        senderName: me.realname,
        fromBot: me.is_bot === 1,
        content: row.content,
        sentAt: row.created_at,
      });
    // The sender's own copy starts its receipt: read by none yet of everyone else then in.
    return { ...message, readCount: 0, readTotal: memberIds.length - 1 };
  }

  /**
   * A reply's quote (SPEC §3 Message `extends.quote`): made by the server from the quoted
   * message itself, which must be in the same chat and within the sender's sight — a
   * client's own copy of it is never trusted. Withdrawn messages are not quoted.
   */
  private async withQuote(
    userId: number,
    payload: ReturnType<typeof payloadOf>,
    pid: number | undefined,
    conversationId: string,
    afterSeq: number,
  ): Promise<ReturnType<typeof payloadOf>> {
    if (pid === undefined || pid === 0) return payload;
    const quoted = await this.repo.findInConversation(conversationId, pid);
    const visible =
      quoted &&
      quoted.seq > afterSeq &&
      quoted.is_undo === 0 &&
      quoted.type !== "event" &&
      !(await this.repo.isHiddenFor(userId, quoted.msg_id));
    if (!visible) throw refuse("message.notFound");
    const sender = await this.deps.accounts.activeUser(quoted.from_user);
    return {
      ...payload,
      extends: {
        ...payload.extends,
        quote: quoteOf(quoted, sender?.realname ?? ""),
      },
    };
  }

  /**
   * A send whose client id is already stored: an identical retry answers the stored message;
   * the same id with another recipient or content is refused, never acknowledged as sent.
   */
  private async retried(
    stored: MessageRow,
    input: SendInput | FileSendInput,
    me: ActiveUser,
    publicUrl: string,
  ): Promise<Message> {
    const addressed =
      stored.is_group === 1
        ? groupIdOf(input.toContactId) === stored.to_user
        : input.toContactId === SELF_CHAT_ID
          ? stored.to_user === me.user_id
          : stored.to_user === input.toContactId;
    // A file's retry is the same upload again: its address is new, its client id is not.
    const same =
      addressed &&
      ("fileId" in input
        ? stored.file_id !== null
        : stored.type === input.type &&
          stored.content === cleanMessageHtml(input.content));
    if (!same) throw refuse("message.idReused");
    if (stored.is_group !== 1)
      return this.sentToUser(stored, me, stored.to_user, publicUrl);
    const standing = await this.deps.groups.chatStanding(
      stored.to_user,
      me.user_id,
    );
    // Sent, and the sender has left the group since: answered as a member would see it.
    const message = standing
      ? this.sentToGroup(stored, me, standing, publicUrl)
      : this.present(stored, me, publicUrl, groupContactId(stored.to_user));
    // A retry answers as the first send did: with the sender's receipt, as it stands now.
    const receipt = (
      await this.repo.countReaders(stored.to_user, [
        { seq: stored.seq, fromUser: stored.from_user },
      ])
    ).get(stored.seq);
    return receipt
      ? { ...message, readCount: receipt.read, readTotal: receipt.total }
      : message;
  }

  private present(
    row: MessageRow,
    me: ActiveUser,
    publicUrl: string,
    toUser: number | string,
    role?: number,
  ): Message {
    return toMessage(
      row,
      toSender(me, publicUrl),
      {
        toContactId: toUser,
        toUser,
        ...(role === undefined ? {} : { role }),
      },
      publicUrl,
    );
  }
}

export type { FileSendInput, SendInput } from "./send-input.js";
