import { DEFAULT_GROUP_SETTING, type GroupSetting } from "@parley/protocol";
import type { Transaction } from "kysely";
import type { Db } from "../db/database.js";
import {
  directConversationId,
  groupConversationId,
} from "../db/conversation-ids.js";
import type { Database } from "../db/schema.js";
import { openGroupChat } from "../features/messages/group-chats.repository.js";
import {
  findByClientId,
  type MessageRow,
  type ThreadLink,
} from "../features/messages/message-store.repository.js";
import { WITHDRAWN_CONTENT } from "../features/messages/message-actions.repository.js";
import {
  storeDirectMessage,
  storeGroupMessage,
} from "../features/messages/send-batch.js";
import { quoteOf } from "../features/messages/send-input.js";
import { namePinyin as pinyinOf } from "../features/accounts/accounts.service.js";
import type { Storage } from "../storage/storage.js";
import type { Tally } from "./tally.js";
import {
  type StoredAttachment,
  storeAttachment,
  storeAvatar,
} from "./attachments.js";
import { storeFriendship } from "./friendships.js";
import type { PasswordsFile } from "./passwords-file.js";
import { type GroupUnread, settleImport } from "./settle.js";

/*
 * Where an importer writes (issue 47, extensions.md §8): the installation's database and
 * file storage, through the same stores the server's sends use (sequence numbers, each
 * user's view of a chat, mentions, threads), with each message at its own time.
 *
 * A second run adds nothing and an interrupted one resumes where it stopped: a user and a
 * group are written in one transaction with their `import_links` row (the source's id →
 * ours); a message's client id is made from the source's id, and the unique (sender,
 * client id) finds it again; a file is found again by its uploader, name, time and bytes.
 * Nothing is half-written: each record is one transaction (a message's withdrawn mark and
 * hides, written after it, are written again by a run that finds it).
 */

/** A user to bring in. */
export interface UserRecord {
  account: string;
  realname: string;
  /** As stored: argon2id, an imported hash (`raingadPasswordHash`), or "!" for none yet. */
  passwordHash: string;
  email?: string;
  /** 0 female, 1 male, 2 not said (SPEC). */
  sex?: number;
  /** 0 user, 1 super administrator, 2 administrator. */
  role?: number;
  motto?: string;
  /** 1 may sign in; 0 disabled. */
  status?: number;
  createdAt: number;
  deleted?: boolean;
  setting?: Record<string, unknown>;
}

/** A member of an imported group. */
export interface MemberRecord {
  userId: number;
  /** 1 owner, 2 administrator, 3 member. */
  role: number;
  joinedAt: number;
  mutedUntil?: number | null;
  /** Their chat's switches. */
  isTop?: boolean;
  isNotice?: boolean;
}

/** A group to bring in. */
export interface GroupRecord {
  name: string;
  ownerId: number;
  setting?: Partial<GroupSetting>;
  notice?: string;
  description?: string;
  createdAt: number;
  deleted?: boolean;
  members: readonly MemberRecord[];
}

/** A message to bring in. */
export interface MessageRecord {
  /** The source's id, unique within the source: the client id is made from it. */
  externalId: string;
  fromUser: number;
  /** A one-to-one chat's other side (the sender for a note to oneself), or a group. */
  to: { userId: number } | { groupId: number };
  type: string;
  /** HTML as Parley stores it (made safe by the importer). */
  content: string;
  createdAt: number;
  /** A group message's mentions (0 everyone). */
  at?: readonly number[];
  /** The quoted message, already imported. */
  quote?: MessageRow | null;
  fileId?: number | null;
  extends?: Record<string, unknown>;
  /** A reply in a thread: its root, already imported. */
  threadRoot?: MessageRow | null;
  /** A reply in a thread also shown in its chat. */
  broadcast?: boolean;
  withdrawn?: boolean;
  /** Users who deleted it for themselves. */
  hiddenFor?: readonly number[];
  /** A one-to-one message its receiver has read (the default: a source without receipts). */
  read?: boolean;
}

/** The longest client id the messages table holds. */
const CLIENT_ID_MAX = 64;

export class ImportTarget {
  private readonly links = new Map<string, number>();
  private readonly names = new Map<number, string>();

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    /** The importer: "raingad", "mattermost" or "slack". */
    readonly source: string,
    private readonly tally: Tally,
    private readonly madePasswords?: PasswordsFile,
  ) {}

  /** The local id of what the source calls `externalId`, if already imported. */
  async linked(kind: string, externalId: string): Promise<number | undefined> {
    const key = `${kind}:${externalId}`;
    const known = this.links.get(key);
    if (known !== undefined) return known;
    const row = await this.db
      .selectFrom("import_links")
      .select("local_id")
      .where("source", "=", this.source)
      .where("kind", "=", kind)
      .where("external_id", "=", externalId)
      .executeTakeFirst();
    if (row) this.links.set(key, row.local_id);
    return row ? row.local_id : undefined;
  }

  private async link(
    trx: Transaction<Database>,
    kind: string,
    externalId: string,
    localId: number,
    now: number,
  ): Promise<void> {
    await trx
      .insertInto("import_links")
      .values({
        source: this.source,
        kind,
        external_id: externalId,
        local_id: localId,
        created_at: now,
      })
      .execute();
    this.links.set(`${kind}:${externalId}`, localId);
  }

  /**
   * A user: created with its link, or the one an earlier run made. An account of the same
   * name already here (not imported) is taken as the same person: linked, left as it is,
   * and counted as merged.
   */
  async user(
    externalId: string,
    user: UserRecord,
    /** What the tally counts it as: "users", "bots". */
    kind = "users",
  ): Promise<number> {
    const known = await this.linked("user", externalId);
    if (known !== undefined) {
      this.tally.skipped(kind, "imported before");
      return known;
    }
    const now = Date.now();
    const existing = await this.db
      .selectFrom("users")
      .select("user_id")
      .where("account", "=", user.account)
      .executeTakeFirst();
    const made =
      existing || user.status === 0 || user.passwordHash !== "!"
        ? null
        : ((await this.madePasswords?.make(user)) ?? null);
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("users")
        .select(["user_id", "realname"])
        .where("account", "=", user.account)
        .executeTakeFirst();
      if (existing) {
        await this.link(trx, "user", externalId, existing.user_id, now);
        this.names.set(existing.user_id, existing.realname);
        this.tally.skipped(
          kind,
          "an account of that name was here: merged with it",
        );
        return existing.user_id;
      }
      const row = await trx
        .insertInto("users")
        .values({
          account: user.account,
          realname: user.realname,
          name_py: pinyinOf(user.realname),
          password_hash: made ?? user.passwordHash,
          email: user.email ?? "",
          sex: user.sex ?? 2,
          role: user.role ?? 0,
          motto: user.motto ?? "",
          status: user.status ?? 1,
          setting: JSON.stringify(user.setting ?? {}),
          lang: null,
          cs_uid: null,
          created_at: user.createdAt,
          updated_at: user.createdAt,
          deleted_at: user.deleted ? user.createdAt : null,
        })
        .returning("user_id")
        .executeTakeFirstOrThrow();
      await this.link(trx, "user", externalId, row.user_id, now);
      this.names.set(row.user_id, user.realname);
      this.tally.stored(kind);
      if (made) this.tally.madePasswords += 1;
      else if (user.passwordHash === "!" && user.status !== 0)
        this.tally.withoutPassword += 1;
      return row.user_id;
    });
  }

  /** Two people as friends, each with the remark they gave the other (friendships.ts). */
  friendship(
    a: number,
    b: number,
    since: number,
    nicknames: { a?: string | undefined; b?: string | undefined } = {},
  ): Promise<void> {
    return storeFriendship(this.db, this.tally, { a, b, since, nicknames });
  }

  /** A friend request that was never answered, or was refused. */
  async friendRequest(
    externalId: string,
    request: {
      from: number;
      to: number;
      remark: string;
      /** 0 refused, 1 agreed, 2 waiting. */
      status: 0 | 1 | 2;
      createdAt: number;
    },
  ): Promise<void> {
    if (await this.linked("request", externalId)) {
      this.tally.skipped("friend requests", "imported before");
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      let waiting = request.status === 2;
      if (waiting) {
        // One waiting request a pair (the table's rule): a second one is recorded as such.
        const already = await trx
          .selectFrom("friend_applications")
          .select("application_id")
          .where("from_user_id", "=", request.from)
          .where("to_user_id", "=", request.to)
          .where("status", "=", 2)
          .executeTakeFirst();
        if (already) waiting = false;
      }
      const row = await trx
        .insertInto("friend_applications")
        .values({
          from_user_id: request.from,
          to_user_id: request.to,
          remark: request.remark,
          status: waiting ? 2 : request.status === 1 ? 1 : 0,
          created_at: request.createdAt,
          updated_at: request.createdAt,
        })
        .returning("application_id")
        .executeTakeFirstOrThrow();
      await this.link(
        trx,
        "request",
        externalId,
        row.application_id,
        Date.now(),
      );
    });
    this.tally.stored("friend requests");
  }

  /** A group with its members and its chat, in one transaction with its link. */
  async group(
    externalId: string,
    group: GroupRecord,
    /** What the tally counts it as: "groups", "channels"… */
    kind = "groups",
  ): Promise<number> {
    const known = await this.linked("group", externalId);
    if (known !== undefined) {
      this.tally.skipped(kind, "imported before");
      return known;
    }
    const setting = { ...DEFAULT_GROUP_SETTING, ...group.setting };
    const members = new Map<number, MemberRecord>();
    for (const member of group.members) members.set(member.userId, member);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("groups")
        .values({
          name: group.name,
          name_py: pinyinOf(group.name),
          owner_id: group.ownerId,
          created_by: group.ownerId,
          setting: JSON.stringify(setting),
          notice: group.notice ?? "",
          description: group.description ?? "",
          is_public: setting.public === "1" ? 1 : 0,
          status: group.deleted ? 0 : 1,
          created_at: group.createdAt,
          updated_at: group.createdAt,
          deleted_at: group.deleted ? group.createdAt : null,
        })
        .returning("group_id")
        .executeTakeFirstOrThrow();
      const everyone = [...members.values()];
      await openGroupChat(
        trx,
        row.group_id,
        everyone.map((m) => m.userId),
        group.createdAt,
      );
      if (everyone.length > 0) {
        await trx
          .insertInto("group_members")
          .values(
            everyone.map((m) => ({
              group_id: row.group_id,
              user_id: m.userId,
              role: m.userId === group.ownerId ? 1 : m.role === 1 ? 2 : m.role,
              invited_by: group.ownerId,
              joined_at: m.joinedAt,
              muted_until: m.mutedUntil ?? null,
            })),
          )
          .execute();
        for (const m of everyone)
          if (m.isTop || m.isNotice === false)
            await trx
              .updateTable("user_conversations")
              .set({
                is_top: m.isTop ? 1 : 0,
                is_notice: m.isNotice === false ? 0 : 1,
              })
              .where("user_id", "=", m.userId)
              .where("conversation_id", "=", groupConversationId(row.group_id))
              .execute();
      }
      await this.link(trx, "group", externalId, row.group_id, Date.now());
      this.tally.stored(kind);
      return row.group_id;
    });
  }

  /**
   * A file from the source's folder, stored once per content like an upload: what a
   * message carrying it says. Null (counted) when the file is missing.
   */
  file(
    userId: number,
    source: string,
    givenName: string,
    createdAt: number,
    requestedType = "file",
  ): Promise<StoredAttachment | null> {
    return storeAttachment(this.db, this.storage, this.tally, {
      userId,
      source,
      givenName,
      createdAt,
      requestedType,
    });
  }

  /** The message the source's `externalId` became, when imported already. */
  async message(
    fromUser: number,
    externalId: string,
  ): Promise<MessageRow | undefined> {
    return findByClientId(this.db, fromUser, this.clientId(externalId));
  }

  private clientId(externalId: string): string {
    const id = `${this.source}:${externalId}`;
    return id.length <= CLIENT_ID_MAX ? id : id.slice(0, CLIENT_ID_MAX);
  }

  private async realname(userId: number): Promise<string> {
    const known = this.names.get(userId);
    if (known !== undefined) return known;
    const row = await this.db
      .selectFrom("users")
      .select("realname")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const name = row?.realname ?? "";
    this.names.set(userId, name);
    return name;
  }

  /** A message at its own time, stored as a send stores it; the stored row. */
  async send(message: MessageRecord): Promise<MessageRow> {
    const clientMsgId = this.clientId(message.externalId);
    const kind = message.threadRoot ? "replies" : "messages";
    let row = await findByClientId(this.db, message.fromUser, clientMsgId);
    if (row) this.tally.skipped(kind, "imported before");
    else {
      row = await this.store(message, clientMsgId);
      this.tally.stored(kind);
    }
    await this.afterwards(row, message);
    return row;
  }

  private async store(
    message: MessageRecord,
    clientMsgId: string,
  ): Promise<MessageRow> {
    const at = () => message.createdAt;
    const withdrawn = message.withdrawn === true;
    const realname = await this.realname(message.fromUser);
    const ext: Record<string, unknown> = withdrawn
      ? {
          event: "undo",
          user_id: message.fromUser,
          realname,
          by: message.fromUser,
        }
      : { ...message.extends };
    if (!withdrawn && message.quote && message.quote.is_undo === 0)
      ext.quote = quoteOf(
        message.quote,
        await this.realname(message.quote.from_user),
      );
    const root = message.threadRoot;
    const thread: ThreadLink | null =
      root && !withdrawn
        ? {
            rootMsgId: root.msg_id,
            rootClientId: root.client_msg_id,
            rootSender: root.from_user,
            rootSeq: root.seq,
            broadcast: message.broadcast === true,
          }
        : null;
    const common = {
      clientMsgId,
      fromUser: message.fromUser,
      type: withdrawn ? "event" : message.type,
      content: withdrawn ? WITHDRAWN_CONTENT : message.content,
      pid: withdrawn ? null : (message.quote?.msg_id ?? root?.msg_id ?? null),
      fileId: withdrawn ? null : (message.fileId ?? null),
      thread,
    };
    if ("groupId" in message.to)
      return storeGroupMessage(
        this.db,
        {
          ...common,
          groupId: message.to.groupId,
          at: withdrawn ? [] : (message.at ?? []),
          extends: ext,
        },
        at,
      );
    const to = message.to.userId;
    return storeDirectMessage(
      this.db,
      {
        ...common,
        conversationId: directConversationId(message.fromUser, to),
        toUser: to,
        extends: ext,
      },
      at,
    );
  }

  /** What is written after the message: its withdrawn mark and who deleted it for themselves. */
  private async afterwards(
    row: MessageRow,
    message: MessageRecord,
  ): Promise<void> {
    const read = message.read !== false && row.is_group === 0 ? 1 : 0;
    if ((message.withdrawn && row.is_undo === 0) || row.is_read !== read)
      await this.db
        .updateTable("messages")
        .set({ is_undo: message.withdrawn ? 1 : row.is_undo, is_read: read })
        .where("msg_id", "=", row.msg_id)
        .execute();
    const hidden = [...new Set(message.hiddenFor ?? [])];
    if (hidden.length > 0)
      await this.db
        .insertInto("message_hides")
        .values(
          hidden.map((userId) => ({
            msg_id: row.msg_id,
            user_id: userId,
            created_at: message.createdAt,
          })),
        )
        .onConflict((oc) => oc.columns(["msg_id", "user_id"]).doNothing())
        .execute();
  }

  /**
   * A user's or group's avatar from a picture in the source's folder, drawn as uploads
   * are; only while it has none (attachments.ts).
   */
  avatar(
    owner: { userId: number } | { groupId: number },
    source: string,
  ): Promise<void> {
    return storeAvatar(this.db, this.storage, this.tally, owner, source);
  }

  /** A reaction of a user with one emoji, once. */
  async reaction(
    msgId: number,
    userId: number,
    emoji: string,
    createdAt: number,
  ): Promise<void> {
    const result = await this.db
      .insertInto("message_reactions")
      .values({ msg_id: msgId, user_id: userId, emoji, created_at: createdAt })
      .onConflict((oc) =>
        oc.columns(["msg_id", "user_id", "emoji"]).doNothing(),
      )
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0)
      this.tally.stored("reactions");
    else this.tally.skipped("reactions", "imported before");
  }

  /**
   * After the messages: read positions and join points settled (settle.ts), with the
   * source's unread counts of group chats when it has them.
   */
  async settle(unread: GroupUnread = {}): Promise<void> {
    await settleImport(this.db, this.source, unread);
  }
}
