import { randomUUID } from "node:crypto";
import type { ConsoleMessage, messages as calls } from "@parley/protocol";
import {
  AT_MSG_LIST_MAX,
  type CallRequest,
  characterLength,
  clipText,
  type ContactId,
  can,
  DEFAULT_LANGUAGE,
  denial,
  groupContactId,
  GroupRoles,
  isLanguage,
  isMuted,
  Limits,
  type MemberUser,
  type GroupSettings,
  type Membership,
  type Message,
  type MessageSender,
  NOTICE_CONTACT_ID,
  READ_RECEIPTS_MANAGER_MAX,
  SELF_CHAT_ID,
  SELF_CHAT_KIND,
  textToHtml,
} from "@parley/protocol";
import type { Policy, Publish } from "../../context.js";
import { type Clock, formatDateTime } from "../../lib/clock.js";
import { rateLimited, refuse } from "../../lib/errors.js";
import type { Limiter } from "../../lib/rate-limits.js";
import type { SharedKeys } from "../../lib/shared-keys.js";
import { InTurn } from "../../lib/in-turn.js";
import { translate } from "../../lib/messages.js";
import { parseJsonObject } from "../../lib/json.js";
import {
  cleanMessageHtml,
  oneLineText,
  shownText,
} from "../../lib/message-html.js";
import type { ActiveUser } from "../accounts/accounts.service.js";
import {
  selfContact,
  senderAsContact,
  toMessage,
  toSender,
  toSentMessage,
} from "./messages.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import type { MessageRow } from "./message-store.repository.js";
import type {
  ConversationState,
  MessagesRepository,
} from "./messages.repository.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { ContactChanges } from "../contacts/contacts.ports.js";
import type { Attachments } from "../files/files.ports.js";
import type { Friendship } from "../friends/friends.ports.js";
import type { GroupMembership } from "../groups/groups.ports.js";
import type { NoticeFeed } from "../notices/notices.ports.js";
import type { MessagePush } from "../push/push.ports.js";

export type { ConversationState } from "./messages.repository.js";

/** A send as the call parsed it. */
export type SendInput = CallRequest<typeof calls.sendMessage>;
/**
 * A message carrying a stored file (the files feature's uploads): its type, its content
 * (the file's address), the file and what the message says of it.
 */
export interface FileSendInput {
  id: string;
  toContactId: ContactId;
  pid?: number | undefined;
  type: "image" | "voice" | "video" | "file" | "emoji";
  content: string;
  fileId: number;
  extends: Record<string, unknown>;
}

/** What a send stores: typed text made safe, or a file as the files feature describes it. */
function payloadOf(input: SendInput | FileSendInput): {
  type: string;
  content: string;
  fileId: number | null;
  extends: Record<string, unknown>;
} {
  if ("fileId" in input)
    return {
      type: input.type,
      content: input.content,
      fileId: input.fileId,
      extends: input.extends,
    };
  return {
    type: input.type,
    content: checkedContent(input.content),
    fileId: null,
    extends: {},
  };
}

/** The most mentions `getMessageList is_at=1` answers: the newest, far more than a screen. */
const MENTIONS_LIST_MAX = 200;

/** How much of a quoted message a reply keeps (characters). */
const QUOTE_MAX = 200;

/** A history request as the call parsed it. */
export type ListInput = CallRequest<typeof calls.getMessageList>;

/** A message a user can see, and the group it is in (null for a one-to-one message). */
export interface SeenMessage {
  row: MessageRow;
  groupId: number | null;
}

const HISTORY_TYPES: Record<NonNullable<ListInput["type"]>, string[]> = {
  all: ["text", "image", "voice", "video", "file", "emoji", "webrtc"],
  text: ["text"],
  image: ["image", "emoji"],
  video: ["video"],
  file: ["file"],
};

/** The group number of a `group-N` contact id, or null for a user id. */
function groupIdOf(id: ContactId): number | null {
  return typeof id === "string" ? Number(id.slice(id.indexOf("-") + 1)) : null;
}

/** A sender who is no longer in the directory (disabled or deleted). */
function unknownSender(userId: number): MessageSender {
  return {
    id: userId,
    user_id: userId,
    realname: "",
    displayName: "",
    account: "",
    avatar: "",
    name_py: "",
  };
}

/** Typed content made safe, refused when empty or too long to read (SPEC §5). */
function checkedContent(raw: string): string {
  const content = cleanMessageHtml(raw);
  const text = shownText(content);
  if (text.trim() === "") throw refuse("message.empty");
  if (characterLength(text) > Limits.textMessageMax)
    throw refuse("message.tooLong");
  return content;
}

/** A member's standing in a group as the groups feature answers it; null for none. */
type Standing = Awaited<ReturnType<MessagesDeps["groups"]["chatStanding"]>>;

export interface MessagesDeps {
  repo: MessagesRepository;
  clock: Clock;
  publish: Publish;
  policy: Policy;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /** Friendships (a port: app.ts wires it). */
  friends: Friendship;
  /** Stored files (a port: app.ts wires it). */
  files: Attachments;
  /** Groups and their members (a port: app.ts wires it). */
  groups: GroupMembership;
  /** Web Push (a port: app.ts wires it). */
  push: MessagePush;
  /** System notices (a port: app.ts wires it). */
  notices: NoticeFeed;
  /** Chat lists kept current (a port: app.ts wires it). */
  contacts: ContactChanges;
  /** Sends per user in a window, every chat together (RATE_SEND_USER). */
  sendsPerUser: Limiter;
  /** When each user last sent to each chat, for `chatInfo.sendInterval`; every process sees it. */
  keys: SharedKeys;
}

/** What this service asks of other features (app.ts wires each one). */
export type MessagesPorts = Pick<
  MessagesDeps,
  "accounts" | "friends" | "files" | "groups" | "push" | "notices" | "contacts"
>;

/** How a send is paced: typed sends are; forwards and files sent by upload are not. */
export interface SendOptions {
  /** Counts against RATE_SEND_USER and `chatInfo.sendInterval` (wire-contract.md §5.3). */
  paced?: boolean;
}

/**
 * One-to-one text chat: a send is acknowledged only after its transaction commits, a
 * repeated client id answers the stored message, each conversation numbers its messages,
 * and events go out only after the commit.
 */
export class MessagesService {
  private readonly repo: MessagesRepository;
  /** Each group's pushes of new messages, one after another in seq order. */
  private readonly pushesInTurn = new InTurn();

  constructor(private readonly deps: MessagesDeps) {
    this.repo = deps.repo;
  }

  private async activeUser(userId: number): Promise<ActiveUser> {
    const user = await this.deps.accounts.activeUser(userId);
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
      (await this.deps.friends.areFriends(me.user_id, peer.user_id));
    const why = denial(actor, "chat.direct", { config, peer, friends });
    if (why === "switchedOff") throw refuse("chat.singleDisabled");
    if (why !== null) throw refuse("chat.notFriend");
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
          ? { kind: "user", peer: this.peerOf(userId, input.toContactId) }
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
      this.activeUser(userId),
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
  ): Promise<{ row: MessageRow; conversationId: string }> {
    const conversationId = directConversationId(from, to);
    const payload = await this.withQuote(
      from,
      payloadOf(input),
      input.pid,
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
        pid: input.pid ?? null,
        fileId: payload.fileId,
        extends: payload.extends,
      },
      () => this.deps.clock.now(),
    );
    return { row, conversationId };
  }

  /** A new message to a user, once the sender may chat with them. */
  private async sendToUser(
    me: ActiveUser,
    peer: ActiveUser,
    input: SendInput | FileSendInput,
    publicUrl: string,
  ): Promise<Message> {
    const userId = me.user_id;
    await this.mayChat(me, peer);
    const { row, conversationId } = await this.storeDirect(
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
    const { row } = await this.storeDirect(userId, userId, input);
    const mine = this.sentToUser(row, me, userId, publicUrl);
    await this.deps.publish.toUsers([userId], "simple", mine);
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
   * A call's record (a `webrtc` message from the caller, wire-contract.md §5.10), stored
   * like any one-to-one message once the caller may call; the call's id is its client id,
   * so a repeated `calling` answers the record already stored.
   */
  async storeCallRecord(call: {
    id: string;
    caller: number;
    callee: number;
    content: string;
    extends: Record<string, unknown>;
  }): Promise<MessageRow> {
    const stored = await this.repo.findByClientId(call.caller, call.id);
    if (stored) return stored;
    return this.repo.storeDirectMessage(
      {
        conversationId: directConversationId(call.caller, call.callee),
        clientMsgId: call.id,
        fromUser: call.caller,
        toUser: call.callee,
        type: "webrtc",
        content: call.content,
        pid: null,
        extends: call.extends,
      },
      () => this.deps.clock.now(),
    );
  }

  /**
   * A call's record that no `webrtc` step announces (a call that found the callee in
   * another call): pushed to the callee like any message, so their chat shows the missed
   * call at once.
   */
  async announceCallRecord(
    row: MessageRow,
    caller: ActiveUser,
    publicUrl: string,
  ): Promise<void> {
    await this.deps.publish.toUsers(
      [row.to_user],
      "simple",
      toMessage(
        row,
        toSender(caller, publicUrl),
        { toContactId: caller.user_id, toUser: row.to_user },
        publicUrl,
      ),
    );
  }

  /** A call's record once it ends: how it ended and how long it lasted. */
  updateCallRecord(
    msgId: number,
    content: string,
    extendsValue: Record<string, unknown>,
  ): Promise<void> {
    return this.repo.updateCallRecord(
      msgId,
      content,
      JSON.stringify(extendsValue),
    );
  }

  /** Whether a user may chat one-to-one with another now: refused as a send would be. */
  async mayChatWith(
    userId: number,
    peerId: number,
  ): Promise<{ me: ActiveUser; peer: ActiveUser }> {
    const me = await this.activeUser(userId);
    const peer = await this.peerOf(userId, peerId);
    await this.mayChat(me, peer);
    return { me, peer };
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
  ): Promise<Message | null> {
    const stored = await this.repo.findByClientId(userId, clientId);
    if (!stored) return null;
    const me = await this.activeUser(userId);
    return this.retried(
      stored,
      {
        id: clientId,
        toContactId,
        type: "file",
        content: "",
        fileId: stored.file_id ?? 0,
        extends: {},
      },
      me,
      publicUrl,
    );
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
    this.maySpeak(me, standing);
    const payload = await this.withQuote(
      me.user_id,
      payloadOf(input),
      input.pid,
      groupContactId(groupId),
      standing.setting.history === "0" ? standing.joinedSeq : 0,
    );
    const at =
      "at" in input
        ? await this.mentions(groupId, standing.member, input.at ?? [])
        : [];

    const row = await this.repo.storeGroupMessage(
      {
        groupId,
        clientMsgId: input.id,
        fromUser: me.user_id,
        type: payload.type,
        content: payload.content,
        at,
        pid: input.pid ?? null,
        extends: payload.extends,
        fileId: payload.fileId,
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
    const ext = parseJsonObject(quoted.extends);
    const text =
      quoted.file_id === null
        ? oneLineText(quoted.content)
        : typeof ext.fileName === "string"
          ? ext.fileName
          : "";
    return {
      ...payload,
      extends: {
        ...payload.extends,
        quote: {
          msg_id: quoted.msg_id,
          // HTML like every message's content: the reader's text, escaped.
          content: textToHtml(clipText(text, QUOTE_MAX)),
          user_id: quoted.from_user,
          realname: sender?.realname ?? "",
          type: quoted.type,
        },
      },
    };
  }

  /** The mentioned members of a send: ids of members, and 0 (everyone) from a manager only. */
  private async mentions(
    groupId: number,
    sender: Membership,
    raw: readonly string[],
  ): Promise<number[]> {
    // An empty entry (`at[]=`) names nobody: Number("") would be 0, everyone.
    const ids = [
      ...new Set(
        raw
          .filter((id) => id.trim() !== "")
          .map(Number)
          .filter((n) => Number.isInteger(n) && n >= 0),
      ),
    ];
    const everyone = ids.includes(0) && sender.role <= GroupRoles.admin;
    const members = await this.deps.groups.membersAmong(
      groupId,
      ids.filter((id) => id > 0),
    );
    return [...(everyone ? [0] : []), ...ids.filter((id) => members.has(id))];
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
      ? await this.activeUser(userId)
      : await this.peerOf(userId, input.toContactId);
    const conversationId = directConversationId(userId, peer.user_id);
    const me = await this.activeUser(userId);
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
      reader: userId,
    });
    if (cursor === undefined && !self)
      await this.markReadWith(userId, peer.user_id);
    return { messages: rows.reverse().map(present), count: rows.length };
  }

  /**
   * A page of a group's chat for a member; with the history switch off, only what was sent
   * after they joined. The first page marks the group read for them.
   */
  private async listGroup(
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
      await this.readGroup(userId, groupId);
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
        })
      ).reverse();
      count = rows.length;
      if (cursor === undefined) {
        const read = await this.readGroup(userId, groupId);
        if ((input.page ?? 1) === 1)
          await this.pushMentions(userId, groupId, read, publicUrl);
      }
    }
    const fromUsers = rows.map((row) => row.from_user);
    const [senders, roles, receipts] = await Promise.all([
      this.senders(fromUsers, publicUrl),
      this.deps.groups.rolesAmong(groupId, fromUsers),
      this.receiptsFor(userId, groupId, standing.member, rows),
    ]);
    return {
      messages: rows.map((row) => {
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
      count,
    };
  }

  /** Read counts of the page's messages the reader may see receipts of (not event lines). */
  private async receiptsFor(
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
   * `atMsgList` to the reader's own sockets as the group's chat opens: the messages that
   * mention them (or everyone) among those this opening marked read, newest first.
   */
  private async pushMentions(
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
    const senders = await this.senders(
      rows.map((row) => row.from_user),
      publicUrl,
    );
    const list = rows.map((row) =>
      toMessage(
        row,
        senders.get(row.from_user) ?? unknownSender(row.from_user),
        {
          toContactId,
          toUser: toContactId,
        },
        publicUrl,
      ),
    );
    await this.deps.publish.toUsers([userId], "atMsgList", {
      list,
      count: total,
      toContactId,
    });
  }

  /**
   * Moves a member's read position to the group's end, and tells the senders of what they
   * newly read (and the managers of a group under 500) so read counts grow live. Answers
   * the range of sequence numbers newly read.
   */
  private async readGroup(
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
      await this.deps.contacts.changed([userId]);
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
    const users = await this.senders(
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

  /**
   * Whether a user may send to a chat now (forwarding checks every target first): a user
   * they may chat with, or a group where they may speak. Refused as a send would be.
   */
  async mayReach(userId: number, toContactId: ContactId): Promise<void> {
    const me = await this.activeUser(userId);
    if (toContactId === SELF_CHAT_ID) return;
    if (toContactId === NOTICE_CONTACT_ID || toContactId === "system")
      throw refuse("chat.systemEntry");
    const groupId = groupIdOf(toContactId);
    if (groupId === null) {
      await this.mayChat(me, await this.peerOf(userId, toContactId));
      return;
    }
    const standing = await this.deps.groups.chatStanding(groupId, userId);
    if (!standing) {
      // A former member of a disbanded group reads its history but may not add to it
      // (issue 51); anyone else finds no group.
      if (await this.deps.groups.formerStanding(groupId, me.user_id))
        throw refuse("group.disbanded");
      throw refuse("group.notFound");
    }
    this.maySpeak(me, standing);
  }

  /** SPEC §5: a muted member, or one the speak restriction leaves out, may not send. */
  private maySpeak(
    me: ActiveUser,
    standing: { member: Membership; setting: GroupSettings },
  ): void {
    const now = this.deps.clock.now();
    const actor = this.deps.policy.actor({ userId: me.user_id, role: me.role });
    const why = denial(actor, "group.send", {
      member: standing.member,
      settings: standing.setting,
      now,
    });
    if (why === null) return;
    throw isMuted(standing.member, now)
      ? refuse("group.muted", {
          until: `${new Date(standing.member.mutedUntil).toISOString().slice(0, 16).replace("T", " ")} UTC`,
        })
      : refuse("group.nospeak");
  }

  /**
   * Whether a user can see a stored message: a one-to-one message of theirs they have not
   * hidden, or a group message of a group they are in that their history reaches.
   */
  async seenBy(userId: number, row: MessageRow): Promise<SeenMessage | null> {
    if (row.is_group === 1) {
      const standing = await this.deps.groups.chatStanding(row.to_user, userId);
      if (!standing) return null;
      if (standing.setting.history === "0" && row.seq <= standing.joinedSeq)
        return null;
      if (await this.deps.repo.isHiddenFor(userId, row.msg_id)) return null;
      return { row, groupId: row.to_user };
    }
    if (row.is_group !== 0) return null;
    if (row.from_user !== userId && row.to_user !== userId) return null;
    if (await this.deps.repo.isHiddenFor(userId, row.msg_id)) return null;
    return { row, groupId: null };
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
    const senders = await this.senders(
      rows.map((row) => row.from_user),
      publicUrl,
    );
    return rows.map((row) => {
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
    });
  }

  /**
   * The console's message centre (issue 12), one conversation: a user's one-to-one chat
   * with another (either may have left since) or a group's, newest first, searched as the
   * history panel searches, nothing hidden from the administrator.
   */
  async conversationForConsole(
    userId: number,
    toContactId: ContactId,
    query: {
      types: readonly string[] | null;
      keywords: string;
      page: number;
      limit: number;
    },
    publicUrl: string,
  ): Promise<{ messages: ConsoleMessage[]; count: number }> {
    const groupId = groupIdOf(toContactId);
    let conversationId: string;
    if (groupId === null) {
      const peer = Number(toContactId);
      if (!Number.isInteger(peer) || peer <= 0 || peer === userId)
        throw refuse("contact.notFound");
      conversationId = directConversationId(userId, peer);
    } else {
      if ((await this.deps.groups.faces([groupId])).size === 0)
        throw refuse("group.notFound");
      conversationId = groupContactId(groupId);
    }
    const { rows, total } = await this.repo.searchMessages(conversationId, {
      types: query.types === null ? null : [...query.types],
      keywords: query.keywords,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return {
      messages: await this.forConsole(rows, userId, publicUrl),
      count: total,
    };
  }

  /** The newest messages of the whole system, for the console, before a cursor. */
  async recentForConsole(
    query: {
      isGroup: 0 | 1 | null;
      types: readonly string[] | null;
      lastId: number | undefined;
      limit: number;
    },
    publicUrl: string,
  ): Promise<ConsoleMessage[]> {
    const rows = await this.repo.pageAllMessages({
      isGroup: query.isGroup,
      types: query.types,
      beforeMsgId: query.lastId,
      limit: query.limit,
    });
    return this.forConsole(rows, undefined, publicUrl);
  }

  /** Stored rows as the console shows them (its favourites page). */
  consoleView(
    rows: readonly MessageRow[],
    publicUrl: string,
  ): Promise<ConsoleMessage[]> {
    return this.forConsole(rows, undefined, publicUrl);
  }

  /** Rows as the console shows them: filed under their receiver, with its name. */
  private async forConsole(
    rows: readonly MessageRow[],
    viewer: number | undefined,
    publicUrl: string,
  ): Promise<ConsoleMessage[]> {
    const people = rows.flatMap((row) =>
      row.is_group === 1 ? [row.from_user] : [row.from_user, row.to_user],
    );
    const [senders, groups] = await Promise.all([
      this.senders(people, publicUrl),
      this.deps.groups.faces(
        rows.filter((row) => row.is_group === 1).map((row) => row.to_user),
      ),
    ]);
    return rows.map((row) => {
      const to = row.is_group === 1 ? groupContactId(row.to_user) : row.to_user;
      const message = toMessage(
        row,
        senders.get(row.from_user) ?? unknownSender(row.from_user),
        {
          toContactId: to,
          toUser: to,
          ...(viewer === undefined ? {} : { viewer }),
        },
        publicUrl,
      );
      return {
        ...message,
        toName:
          row.is_group === 1
            ? (groups.get(row.to_user)?.name ?? "")
            : (senders.get(row.to_user)?.realname ?? ""),
        create_time: formatDateTime(row.created_at),
      };
    });
  }

  /** The senders of a page, in one query. */
  private async senders(
    userIds: readonly number[],
    publicUrl: string,
  ): Promise<Map<number, MessageSender>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map();
    const users = await this.deps.accounts.directory(0, unique);
    return new Map(users.map((u) => [u.user_id, toSender(u, publicUrl)]));
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
    const peer = await this.peerOf(userId, toContactId);
    await this.markReadWith(userId, peer.user_id);
  }

  /**
   * A line the server writes into a group's chat (created, renamed, joined…): stored as an
   * `event` message from the user who acted, then pushed once to the members. `content` is
   * the text existing clients show; `extends.event` names it for clients that translate.
   */
  async postGroupEvent(
    group: { groupId: number; memberIds: readonly number[] },
    actor: ActiveUser,
    event: {
      name: string;
      content: string;
      params?: Record<string, unknown>;
      /** A visible text message mentioning everyone (the notice), not an event line. */
      toEveryone?: boolean;
    },
    publicUrl: string,
  ): Promise<Message> {
    const row = await this.repo.storeGroupMessage(
      {
        groupId: group.groupId,
        clientMsgId: randomUUID(),
        fromUser: actor.user_id,
        type: event.toEveryone ? "text" : "event",
        content: event.content,
        at: event.toEveryone ? [0] : [],
        pid: null,
        extends: { event: event.name, actor: actor.realname, ...event.params },
      },
      () => this.deps.clock.now(),
    );
    const contactId = `group-${group.groupId}`;
    const message = toMessage(
      row,
      toSender(actor, publicUrl),
      {
        toContactId: contactId,
        toUser: contactId,
      },
      publicUrl,
    );
    await this.deps.publish.toUsers(group.memberIds, "group", message);
    return message;
  }

  /**
   * A line the server writes into a one-to-one chat (two people became friends): stored as
   * an `event` message from `actor` to `peer`, so both lists show the chat with it. Not
   * pushed: the caller's own event tells both sides. `content` is the text existing
   * clients show; `extends.event` names it for clients that translate.
   */
  async postDirectEvent(
    actor: number,
    peer: number,
    event: { name: string; content: string },
  ): Promise<MessageRow> {
    return this.repo.storeDirectMessage(
      {
        conversationId: directConversationId(actor, peer),
        clientMsgId: randomUUID(),
        fromUser: actor,
        toUser: peer,
        type: "event",
        content: event.content,
        pid: null,
        extends: { event: event.name },
      },
      () => this.deps.clock.now(),
    );
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

  private async markReadWith(userId: number, peerId: number): Promise<void> {
    const changed = await this.repo.markRead(
      userId,
      directConversationId(userId, peerId),
    );
    if (changed.length === 0) return;
    const { publish } = this.deps;
    // The reader's devices clear the chat's count (their lists are read again too).
    await this.deps.contacts.changed([userId]);
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
}
