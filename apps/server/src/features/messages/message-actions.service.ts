import { randomUUID } from "node:crypto";
import {
  type ContactId,
  denial,
  SELF_CHAT_ID,
  SELF_CHAT_KIND,
  type Favourite,
  type MessageGone,
  type ServerEventData,
  type Withdrawn,
  groupContactId,
  GroupRoles,
  isCopyable,
} from "@parley/protocol";
import type { Policy, Publish } from "../../context.js";
import type { Emitter } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import { refuse } from "../../lib/errors.js";
import type {
  ChatSettings,
  MessageActionsRepository,
} from "./message-actions.repository.js";
import { withdrawnText } from "./messages.mapper.js";
import { directConversationId } from "../../db/conversation-ids.js";
import { type MessageRow } from "./message-store.repository.js";
import type { MessagesService, SeenMessage } from "./messages.service.js";
import type { ActiveUsers } from "../accounts/accounts.ports.js";
import type { AuditLog } from "../audit/audit.ports.js";
import type {
  ChatListEntries,
  GroupMembers,
  StoredFiles,
} from "./messages.deps.js";
import type { MessageEventMap } from "./messages.ports.js";

export interface MessageActionsDeps {
  repo: MessageActionsRepository;
  messages: MessagesService;
  clock: Clock;
  publish: Publish;
  policy: Policy;
  /** Who the users are (a port: app.ts wires it). */
  accounts: ActiveUsers;
  /** Stored files (a read interface: app.ts wires it). */
  files: StoredFiles;
  /** Groups and their members (a read interface: app.ts wires it). */
  groups: GroupMembers;
  /** The audit log (a port: app.ts wires it). */
  audit: AuditLog;
  /** One entry of a user's chat list (a read interface: app.ts wires it). */
  contacts: ChatListEntries;
  /** What the feature tells those above it (files lets go of what messages dropped). */
  events: Emitter<MessageEventMap>;
}

/** What this service asks of other features (app.ts wires each one). */
export type MessageActionsPorts = Pick<
  MessageActionsDeps,
  "accounts" | "files" | "groups" | "audit" | "contacts"
>;

/** A chat as its own settings name it: a contact id, or a system entry (refused). */
type ChatId = number | string;

/** A message the caller can see, with what the actions need to know of its chat. */
type Seen = SeenMessage;

/** The contact id under which a user files a message. */
export function contactOf(row: MessageRow, viewer: number): number | string {
  if (row.is_group === 1) return groupContactId(row.to_user);
  // A note to oneself is in the chat -1 (wire-contract.md §4.4).
  if (row.from_user === row.to_user) return SELF_CHAT_ID;
  return row.from_user === viewer ? row.to_user : row.from_user;
}

/** Who shows a one-to-one message: its two parties, or its writer alone for a note. */
export function partiesOf(row: MessageRow): number[] {
  return row.from_user === row.to_user
    ? [row.from_user]
    : [row.from_user, row.to_user];
}

/**
 * What a user does with a message once it is sent (issue 11): withdraw, delete for
 * everyone, hide for themselves, forward, save as a favourite; and their own settings of a
 * chat (pinned, do-not-disturb, the draft left in it). Each acts only on a message the
 * caller can see — anything else answers like a missing one — changes it in one
 * transaction, and tells exactly the sockets that show it, after the commit.
 */
export class MessageActionsService {
  private readonly repo: MessageActionsRepository;

  constructor(private readonly deps: MessageActionsDeps) {
    this.repo = deps.repo;
  }

  private sees(userId: number, row: MessageRow): Promise<Seen | null> {
    return this.deps.messages.seenBy(userId, row);
  }

  /** The message a client id names, as the caller can see it; refused like a missing one. */
  private async byClientId(userId: number, clientId: string): Promise<Seen> {
    for (const row of await this.repo.findAllByClientId(clientId, userId)) {
      const seen = await this.sees(userId, row);
      if (seen) return seen;
    }
    throw refuse("message.notFound");
  }

  private async byMsgId(userId: number, msgId: number): Promise<Seen> {
    const row = await this.repo.findByMsgId(msgId);
    const seen = row && (await this.sees(userId, row));
    if (!seen) throw refuse("message.notFound");
    return seen;
  }

  private async actor(userId: number) {
    const me = await this.deps.accounts.activeUser(userId);
    if (!me) throw refuse("session.missing");
    return me;
  }

  /**
   * `undoMessage`: the sender within redoTime seconds; in a group its owner and
   * administrators at any time (SPEC §5). The message becomes an event line for everyone;
   * its file is freed when nothing else carries it.
   */
  async withdraw(userId: number, clientId: string): Promise<void> {
    const { row, groupId } = await this.byClientId(userId, clientId);
    if (row.is_undo === 1) throw refuse("message.alreadyWithdrawn");
    if (!isCopyable(row.type)) throw refuse("message.withdrawDenied");
    const me = await this.actor(userId);
    const config = await this.deps.policy.config();
    const now = this.deps.clock.now();
    let group:
      | { member: { role: number; mutedUntil: number }; senderRole: number }
      | undefined;
    if (groupId !== null) {
      const { groups } = this.deps;
      const [mine, theirs] = await Promise.all([
        groups.chatStanding(groupId, userId),
        row.from_user === userId
          ? null
          : groups.chatStanding(groupId, row.from_user),
      ]);
      if (!mine) throw refuse("message.notFound");
      group = {
        member: mine.member,
        senderRole:
          row.from_user === userId
            ? mine.member.role
            : (theirs?.member.role ?? 0),
      };
    }
    const why = denial(
      this.deps.policy.actor({ userId, role: me.role }),
      "message.withdraw",
      {
        config,
        message: { fromUser: row.from_user, sendTime: row.created_at },
        now,
        ...(group ? { group } : {}),
      },
    );
    if (why === "expired")
      throw refuse("message.withdrawExpired", {
        minutes: String(
          Math.max(1, Math.round(Number(config.chatInfo.redoTime) / 60)),
        ),
      });
    if (why !== null) throw refuse("message.withdrawDenied");

    const sender =
      row.from_user === userId
        ? me
        : await this.deps.accounts.activeUser(row.from_user);
    const line = {
      event: "undo",
      user_id: row.from_user,
      realname: sender?.realname ?? "",
      by: userId,
      // Someone else's message: withdrawn by the group's owner (1) or an admin (2).
      ...(row.from_user === userId
        ? {}
        : { manager: 1, managerRole: group?.member.role ?? GroupRoles.admin }),
    };
    const done = await this.repo.withdraw(row, line);
    if (!done) throw refuse("message.alreadyWithdrawn");
    if (row.file_id !== null)
      await this.deps.events.emit("filesDropped", { fileIds: [row.file_id] });

    const event = (viewer: number | undefined): Withdrawn => ({
      id: row.client_msg_id,
      msg_id: row.msg_id,
      from_user: row.from_user,
      type: "event",
      status: "succeed",
      content: withdrawnText(line, viewer, groupId !== null),
      sendTime: row.created_at,
      toContactId:
        viewer === undefined
          ? groupContactId(row.to_user)
          : contactOf(row, viewer),
      is_last: done.isLast ? 1 : 0,
      isMobile: 0,
      extends: line,
    });
    const { publish } = this.deps;
    if (groupId !== null) {
      const members = await this.deps.groups.memberIds(groupId);
      await publish.toUsers(members, "undoMessage", event(undefined));
      return;
    }
    for (const viewer of partiesOf(row))
      await publish.toUsers([viewer], "undoMessage", event(viewer));
  }

  /**
   * `delMessage`: one's own one-to-one message, deleted for everyone when `dbDelMsg` is on;
   * the other party's sockets and my other devices remove it.
   */
  async deleteForEveryone(userId: number, clientId: string): Promise<void> {
    const { row } = await this.byClientId(userId, clientId);
    const me = await this.actor(userId);
    const config = await this.deps.policy.config();
    const why = denial(
      this.deps.policy.actor({ userId, role: me.role }),
      "message.delete",
      {
        config,
        message: { fromUser: row.from_user, isGroup: row.is_group !== 0 },
      },
    );
    if (why === "switchedOff") throw refuse("message.deleteDisabled");
    if (why !== null) throw refuse("message.deleteDenied");
    const done = await this.repo.deleteMessage(row);
    if (!done) throw refuse("message.notFound");
    if (row.file_id !== null)
      await this.deps.events.emit("filesDropped", { fileIds: [row.file_id] });
    const gone = (viewer: number): MessageGone => ({
      id: row.client_msg_id,
      msg_id: row.msg_id,
      from_user: row.from_user,
      toContactId: contactOf(row, viewer),
    });
    for (const viewer of partiesOf(row))
      await this.deps.publish.toUsers([viewer], "delMessage", gone(viewer));
  }

  /** `removeMessage`: hides a message for me, on each of my devices. */
  async hideForMe(userId: number, clientId: string): Promise<void> {
    const { row } = await this.byClientId(userId, clientId);
    const outcome = await this.repo.hide(row, userId, this.deps.clock.now());
    if (outcome === "deleted" && row.file_id !== null)
      await this.deps.events.emit("filesDropped", { fileIds: [row.file_id] });
    await this.deps.publish.toUsers([userId], "removeMessage", {
      id: row.client_msg_id,
      msg_id: row.msg_id,
      from_user: row.from_user,
      toContactId: contactOf(row, userId),
    });
  }

  /**
   * `forwardMessage`: a message I can see, copied to each target I may send to — every
   * target checked before the first copy is stored. A file goes by its stored id: its bytes
   * are not copied. Each copy is an ordinary send of mine (stored, then pushed).
   */
  async forward(
    userId: number,
    msgId: number,
    targets: readonly ContactId[],
    publicUrl: string,
  ): Promise<void> {
    const { row } = await this.byMsgId(userId, msgId);
    if (!isCopyable(row.type) || row.is_undo === 1)
      throw refuse("message.notForwardable");
    const unique = [...new Map(targets.map((t) => [String(t), t])).values()];
    const { messages } = this.deps;
    for (const target of unique) await messages.mayReach(userId, target);
    for (const target of unique) {
      await messages.send(
        userId,
        {
          id: randomUUID(),
          toContactId: target,
          type: row.file_id === null ? "text" : "file",
          content: row.file_id === null ? row.content : "",
          ...(row.file_id === null ? {} : { file_id: row.file_id }),
        },
        publicUrl,
      );
    }
  }

  /** `collect/add`: saves a message I can see (again: the same favourite). */
  async saveFavourite(
    userId: number,
    msgId: number,
    publicUrl: string,
  ): Promise<Favourite> {
    const { row } = await this.byMsgId(userId, msgId);
    if (!isCopyable(row.type) || row.is_undo === 1)
      throw refuse("favourite.notSaveable");
    const saved = await this.repo.saveFavourite(
      userId,
      row.msg_id,
      this.deps.clock.now(),
    );
    const [message] = await this.deps.messages.presentFor(
      userId,
      [row],
      publicUrl,
    );
    if (!message) throw refuse("message.notFound");
    return { id: saved.favourite_id, saved_at: saved.created_at, message };
  }

  /**
   * `collect/index`: my favourites, newest first. A favourite whose message I can no longer
   * see (I left its group) is listed no more.
   */
  async favourites(
    userId: number,
    page: { page: number; limit: number },
    publicUrl: string,
  ): Promise<{ list: Favourite[]; count: number }> {
    const { rows, total } = await this.repo.listFavourites(userId, {
      limit: page.limit,
      offset: (page.page - 1) * page.limit,
    });
    const groupIds = [
      ...new Set(rows.filter((r) => r.is_group === 1).map((r) => r.to_user)),
    ];
    const inGroups = await this.deps.groups.memberOf(userId, groupIds);
    const kept = rows.filter(
      (r) => r.is_group !== 1 || inGroups.has(r.to_user),
    );
    const messages = await this.deps.messages.presentFor(
      userId,
      kept,
      publicUrl,
    );
    return {
      list: kept.flatMap((row, i) => {
        const message = messages[i];
        return message
          ? [{ id: row.favourite_id, saved_at: row.saved_at, message }]
          : [];
      }),
      count: total,
    };
  }

  /** `collect/del`: removes one of my favourites; someone else's answers like a missing one. */
  async removeFavourite(userId: number, favouriteId: number): Promise<void> {
    if (!(await this.repo.deleteFavourite(userId, favouriteId)))
      throw refuse("favourite.notFound");
  }

  /**
   * Sets my own settings of a chat — a user I may chat with or a group I am in, never a
   * system entry — and tells my other devices.
   */
  private async setChat(
    userId: number,
    id: ChatId,
    settings: ChatSettings,
  ): Promise<{ id: number | string; is_group: number }> {
    if (id === "system" || id === "admin_notice")
      throw refuse("chat.notSettable");
    // The chat with oneself: stored as the one-to-one chat whose peer is oneself.
    if (id === "-1" || id === SELF_CHAT_ID) {
      await this.repo.setChatSettings(
        {
          userId,
          conversationId: directConversationId(userId, userId),
          peerId: String(userId),
          isGroup: 0,
        },
        settings,
        this.deps.clock.now(),
      );
      return { id: SELF_CHAT_ID, is_group: SELF_CHAT_KIND };
    }
    const contact = await this.deps.contacts.one(userId, id, "");
    if (!contact) {
      throw typeof id === "string"
        ? refuse("group.notFound")
        : refuse("contact.notFound");
    }
    const isGroup = typeof id === "string" ? 1 : 0;
    await this.repo.setChatSettings(
      {
        userId,
        conversationId:
          typeof id === "string" ? id : directConversationId(userId, id),
        peerId: String(id),
        isGroup,
      },
      settings,
      this.deps.clock.now(),
    );
    return { id, is_group: isGroup };
  }

  /** `setChatTop`: pins or unpins a chat; `setChatTop` to my sockets. */
  async setTop(userId: number, id: ChatId, isTop: 0 | 1): Promise<void> {
    const chat = await this.setChat(userId, id, { is_top: isTop });
    await this.deps.publish.toUsers([userId], "setChatTop", {
      ...chat,
      is_top: isTop,
    });
  }

  /** `isNotice`: do-not-disturb (0) or notify (1); `setIsNotice` to my sockets, users too. */
  async setNotice(userId: number, id: ChatId, isNotice: 0 | 1): Promise<void> {
    const chat = await this.setChat(userId, id, { is_notice: isNotice });
    await this.deps.publish.toUsers([userId], "setIsNotice", {
      ...chat,
      is_notice: isNotice,
    });
  }

  /** `setDraft`: keeps what I left typed in a chat; `draft` to my sockets. */
  async setDraft(
    userId: number,
    toContactId: ContactId,
    draft: string,
  ): Promise<void> {
    const chat = await this.setChat(userId, toContactId, { draft });
    const data: ServerEventData<"draft"> = { toContactId: chat.id, draft };
    await this.deps.publish.toUsers([userId], "draft", data);
  }
}
