import { createDecipheriv } from "node:crypto";
import path from "node:path";
import {
  DEFAULT_USER_SETTING,
  GroupSettingSchema,
  textToHtml,
} from "@parley/protocol";
import mysql, { type RowDataPacket } from "mysql2/promise";
import type { Db } from "../db/database.js";
import { cleanMessageHtml, shownText } from "../lib/message-html.js";
import { raingadPasswordHash } from "../lib/passwords.js";
import type { ImportTarget, MemberRecord } from "./target.js";
import type { Tally } from "./tally.js";
import { importRaingadConfig } from "./raingad-config.js";
import { jsonObject, num, str } from "./values.js";

/*
 * `npm run import -- raingad --mysql URL [--files DIR] [--aes-key KEY]` (extensions.md §8):
 * a live Raingad database (its schema: `public/sql/database.sql` of the PHP server, with
 * the 5.2 and 5.3 upgrades), read page by page in id order, written through ImportTarget.
 */

export interface RaingadOptions {
  /** mysql://user:password@host:port/database */
  mysqlUrl: string;
  /** Its `public/storage` folder: `/storage/…` paths are found under it. */
  filesDir?: string;
  /** Its AES_CHAT_KEY, when it encrypted chats. */
  aesKey?: string;
  /** Its table prefix ("yu_"). */
  prefix?: string;
}

/** Rows read a page at a time. */
const PAGE = 1000;

type Row = RowDataPacket & Record<string, unknown>;

const seconds = (value: unknown): number => num(value) * 1000;
const ids = (value: unknown): number[] =>
  str(value) === ""
    ? []
    : str(value)
        .split(",")
        .map((id) => Number(id.trim()))
        .filter((id) => Number.isInteger(id) && id >= 0);

/**
 * Raingad's chat encryption (`utils\Aes`, PHP's openssl_encrypt 'aes-128-ecb' with a
 * string key: cut or padded with NULs to 16 bytes), of base64 text.
 */
export function raingadDecrypt(text: string, key: string): string | null {
  const keyBytes = Buffer.alloc(16);
  Buffer.from(key, "utf8").copy(keyBytes, 0, 0, 16);
  try {
    const decipher = createDecipheriv("aes-128-ecb", keyBytes, null);
    return Buffer.concat([
      decipher.update(Buffer.from(text, "base64")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

export class RaingadImport {
  private readonly prefix: string;
  private readonly users = new Map<number, number>();
  private readonly groups = new Map<number, number>();
  /** Raingad's unread count of each member's group chat ("user:group" → n). */
  private readonly groupUnread = new Map<string, number>();

  constructor(
    private readonly pool: mysql.Pool,
    private readonly db: Db,
    private readonly target: ImportTarget,
    private readonly tally: Tally,
    private readonly options: RaingadOptions,
  ) {
    this.prefix = options.prefix ?? "yu_";
    if (!/^\w*$/.test(this.prefix)) throw new Error("bad table prefix");
  }

  static connect(url: string): mysql.Pool {
    return mysql.createPool({
      uri: url,
      connectionLimit: 2,
      charset: "utf8mb4",
      // JSON columns as text, big numbers as numbers (Raingad's are int(11)).
      typeCast: true,
      dateStrings: true,
    });
  }

  private table(name: string): string {
    return `\`${this.prefix}${name}\``;
  }

  private async rows(sql: string, values: unknown[] = []): Promise<Row[]> {
    const [rows] = await this.pool.query<Row[]>(sql, values);
    return rows;
  }

  private async count(name: string): Promise<number> {
    const [row] = await this.rows(
      `select count(*) as n from ${this.table(name)}`,
    );
    return num(row?.n);
  }

  /** Every row of a table in key order, a page at a time. */
  private async *pages(name: string, key: string): AsyncGenerator<Row> {
    let after = -1;
    for (;;) {
      const page = await this.rows(
        `select * from ${this.table(name)} where \`${key}\` > ? order by \`${key}\` limit ${PAGE}`,
        [after],
      );
      for (const row of page) yield row;
      if (page.length < PAGE) return;
      after = num(page[page.length - 1]?.[key]);
    }
  }

  async run(): Promise<void> {
    await this.importUsers();
    await this.importFriends();
    await this.importGroups();
    await this.importMessages();
    this.tally.step("settling chats", 1);
    await this.target.settle({
      group: (userId, groupId) =>
        this.groupUnread.get(`${userId}:${groupId}`) ?? 0,
    });
    this.tally.advance();
    await this.importConfig();
    await this.notCarried();
  }

  /** What Raingad keeps that Parley has no place for, counted in the closing table. */
  private async notCarried(): Promise<void> {
    // Raingad before 5.3 has no emoji table: nothing to count.
    const emoji = await this.count("emoji").catch(() => 0);
    if (emoji === 0) return;
    this.tally.read("saved emoji", emoji);
    this.tally.skipped(
      "saved emoji",
      "not carried: Parley has no collection of saved stickers",
      emoji,
    );
  }

  private async importUsers(): Promise<void> {
    this.tally.step("users", await this.count("user"));
    for await (const row of this.pages("user", "user_id")) {
      this.tally.read("users");
      this.tally.advance();
      const account = str(row.account).trim();
      if (!account) {
        this.tally.skipped("users", "no account name");
        continue;
      }
      const deleted = num(row.delete_time) > 0;
      const setting = jsonObject(row.setting);
      const local = await this.target.user(String(row.user_id), {
        account,
        realname: str(row.realname).trim() || account,
        passwordHash: raingadPasswordHash(str(row.salt), str(row.password)),
        email: str(row.email).trim(),
        sex: [0, 1, 2].includes(num(row.sex)) ? num(row.sex) : 2,
        role: [0, 1, 2].includes(num(row.role)) ? num(row.role) : 0,
        motto: str(row.motto),
        // Disabled and deleted users come in unable to sign in.
        status: num(row.status) === 1 && !deleted ? 1 : 0,
        deleted,
        createdAt: seconds(row.create_time),
        setting: {
          ...DEFAULT_USER_SETTING,
          theme: str(setting.theme) || DEFAULT_USER_SETTING.theme,
          sendKey: num(setting.sendKey) === 2 ? 2 : 1,
          isVoice: str(setting.isVoice) !== "false",
          avatarCricle: str(setting.avatarCricle) === "true",
          hideMessageName: str(setting.hideMessageName) === "true",
          hideMessageTime: str(setting.hideMessageTime) === "true",
        },
      });
      this.users.set(num(row.user_id), local);
      await this.avatarOf({ userId: local }, row.avatar);
    }
  }

  /** A stored picture (`/storage/…`) of the source, under --files. */
  private stored(src: string): string | null {
    const relative = src
      .replace(/^https?:\/\/[^/]+/, "")
      .replace(/^\/?storage\//, "");
    if (
      !this.options.filesDir ||
      !relative ||
      relative.split("/").includes("..")
    )
      return null;
    return path.join(this.options.filesDir, relative);
  }

  /** A user's or group's avatar, when Raingad has one and --files holds it. */
  private async avatarOf(
    owner: { userId: number } | { groupId: number },
    src: unknown,
  ): Promise<void> {
    const given = str(src).trim();
    if (given === "") return;
    this.tally.read("avatars");
    const file = this.stored(given);
    if (file) await this.target.avatar(owner, file);
    else
      this.tally.skipped(
        "avatars",
        "no --files folder given, or an address elsewhere",
      );
  }

  /**
   * `yu_friend`: a row per side (create_user → friend_user_id). Agreed rows of a pair make
   * one friendship, each side keeping its remark; the asking side's row (is_invite) is the
   * request, waiting (2), refused (0) or agreed (1).
   */
  private async importFriends(): Promise<void> {
    this.tally.step("friends", await this.count("friend"));
    const pairs = new Map<
      string,
      { a: number; b: number; since: number; nick: Map<number, string> }
    >();
    for await (const row of this.pages("friend", "friend_id")) {
      this.tally.read("friend rows");
      this.tally.advance();
      const from = this.users.get(num(row.create_user));
      const to = this.users.get(num(row.friend_user_id));
      if (from === undefined || to === undefined) {
        this.tally.skipped("friend rows", "a side was not imported");
        continue;
      }
      if (num(row.delete_time) > 0) {
        this.tally.skipped("friend rows", "deleted in Raingad");
        continue;
      }
      const status = num(row.status);
      if (num(row.is_invite) === 1)
        await this.target.friendRequest(String(row.friend_id), {
          from,
          to,
          remark: str(row.remark).slice(0, 255),
          status: status === 2 ? 2 : status === 1 ? 1 : 0,
          createdAt: seconds(row.create_time),
        });
      if (status !== 1) continue;
      const [a, b] = from < to ? [from, to] : [to, from];
      const key = `${a}-${b}`;
      const pair = pairs.get(key) ?? {
        a,
        b,
        since: seconds(row.create_time),
        nick: new Map<number, string>(),
      };
      pair.since = Math.min(pair.since, seconds(row.create_time));
      if (str(row.nickname)) pair.nick.set(from, str(row.nickname));
      pairs.set(key, pair);
      this.tally.stored("friend rows");
    }
    for (const pair of pairs.values())
      await this.target.friendship(pair.a, pair.b, pair.since, {
        a: pair.nick.get(pair.a),
        b: pair.nick.get(pair.b),
      });
  }

  private async importGroups(): Promise<void> {
    const members = new Map<number, MemberRecord[]>();
    for await (const row of this.pages("group_user", "id")) {
      this.tally.read("group members");
      const userId = this.users.get(num(row.user_id));
      if (userId === undefined) {
        this.tally.skipped("group members", "the user was not imported");
        continue;
      }
      if (num(row.status) !== 1 || num(row.delete_time) > 0) {
        this.tally.skipped(
          "group members",
          "left or never accepted the invitation",
        );
        continue;
      }
      this.tally.stored("group members");
      const groupId = num(row.group_id);
      const list = members.get(groupId) ?? [];
      const mutedUntil = seconds(row.no_speak_time);
      list.push({
        userId,
        role: [1, 2, 3].includes(num(row.role)) ? num(row.role) : 3,
        joinedAt: seconds(row.create_time),
        mutedUntil: mutedUntil > Date.now() ? mutedUntil : null,
        isTop: num(row.is_top) === 1,
        isNotice: num(row.is_notice) !== 0,
      });
      members.set(groupId, list);
      this.groupUnread.set(`${userId}:${groupId}`, num(row.unread));
    }
    this.tally.step("groups", await this.count("group"));
    for await (const row of this.pages("group", "group_id")) {
      this.tally.read("groups");
      this.tally.advance();
      const ownerId = this.users.get(num(row.owner_id));
      const sourceId = num(row.group_id);
      if (ownerId === undefined) {
        this.tally.skipped("groups", "its owner was not imported");
        continue;
      }
      const list = members.get(sourceId) ?? [];
      if (!list.some((m) => m.userId === ownerId))
        list.push({
          userId: ownerId,
          role: 1,
          joinedAt: seconds(row.create_time),
        });
      const setting = jsonObject(row.setting);
      const kept = Object.fromEntries(
        Object.entries(setting)
          .map(([key, value]) => [key, str(value)] as const)
          .filter(
            ([key, value]) =>
              key in GroupSettingSchema.shape &&
              GroupSettingSchema.shape[
                key as keyof typeof GroupSettingSchema.shape
              ].safeParse(value).success,
          ),
      );
      const local = await this.target.group(String(sourceId), {
        name: str(row.name).trim().slice(0, 64) || `#${sourceId}`,
        ownerId,
        setting: { ...kept, public: num(row.is_public) === 1 ? "1" : "0" },
        notice: str(row.notice),
        createdAt: seconds(row.create_time),
        deleted: num(row.delete_time) > 0 || num(row.status) === 0,
        members: list,
      });
      this.groups.set(sourceId, local);
      await this.avatarOf({ groupId: local }, row.avatar);
      // Group ids of the unread counts, now local.
      for (const member of list) {
        const key = `${member.userId}:${sourceId}`;
        const n = this.groupUnread.get(key);
        if (n !== undefined)
          this.groupUnread.set(`${member.userId}:${local}`, n);
      }
    }
  }

  /** A message's content as stored in Raingad, decrypted when it was encrypted. */
  private content(raw: unknown): string {
    const text = str(raw);
    if (!this.options.aesKey || text === "") return text;
    const plain = raingadDecrypt(text, this.options.aesKey);
    if (plain === null)
      this.tally.skipped(
        "decryption",
        "content not encrypted with the key given: kept as stored",
      );
    return plain ?? text;
  }

  /** The file a message points at, from `yu_file` or its content, on disk under --files. */
  private async fileOf(
    row: Row,
  ): Promise<{ path: string; name: string } | null> {
    let src = "";
    let name = str(row.file_name);
    const fileId = num(row.file_id);
    if (fileId > 0) {
      const [file] = await this.rows(
        `select src, name from ${this.table("file")} where file_id = ?`,
        [fileId],
      );
      if (file) {
        src = str(file.src);
        name ||= str(file.name);
      }
    }
    src ||= this.content(row.content);
    const file = this.stored(src);
    return file ? { path: file, name: name || path.basename(file) } : null;
  }

  private async importMessages(): Promise<void> {
    this.tally.step("messages", await this.count("message"));
    for await (const row of this.pages("message", "msg_id")) {
      this.tally.read("messages");
      this.tally.advance();
      await this.importMessage(row);
    }
  }

  private async importMessage(row: Row): Promise<void> {
    const from = this.users.get(num(row.from_user));
    if (from === undefined) {
      this.tally.skipped("messages", "its sender was not imported");
      return;
    }
    const kind = num(row.is_group);
    let to: { userId: number } | { groupId: number };
    if (kind === 1) {
      const groupId = this.groups.get(num(row.to_user));
      if (groupId === undefined) {
        this.tally.skipped("messages", "its group was not imported");
        return;
      }
      to = { groupId };
    } else if (kind === 3 || num(row.to_user) === -1) to = { userId: from };
    else {
      const peer = this.users.get(num(row.to_user));
      if (peer === undefined) {
        this.tally.skipped("messages", "its receiver was not imported");
        return;
      }
      to = { userId: peer };
    }
    const createdAt = seconds(row.create_time);
    const withdrawn = num(row.is_undo) === 1;
    const type = str(row.type) || "text";
    const ext: Record<string, unknown> = {};
    let content = "";
    let fileId: number | null = null;
    let storedType = type;
    if (!withdrawn) {
      if (["image", "file", "video", "voice", "emoji"].includes(type)) {
        const found = await this.fileOf(row);
        const attachment = found
          ? await this.target.file(
              from,
              found.path,
              found.name,
              createdAt,
              type,
            )
          : null;
        if (attachment) {
          storedType = attachment.type;
          fileId = attachment.fileId;
          content = `/files/${String(attachment.fileId)}`;
          Object.assign(ext, attachment.extends);
          const duration = num(jsonObject(row.extends).duration);
          if (
            duration > 0 &&
            (storedType === "voice" || storedType === "video")
          )
            ext.duration = duration;
        } else {
          // Its file did not come: the message says what it carried.
          if (!found)
            this.tally.skipped(
              "files",
              this.options.filesDir
                ? "not a stored file"
                : "no --files folder given",
            );
          storedType = "text";
          content = textToHtml(
            `[${type}] ${found?.name || str(row.file_name) || "file"}`,
          );
        }
      } else if (type === "webrtc") {
        const call = jsonObject(row.extends);
        content = textToHtml(this.content(row.content));
        for (const key of ["type", "status", "code", "callTime"] as const)
          if (call[key] !== undefined) ext[key] = num(call[key]);
      } else {
        content = cleanMessageHtml(this.content(row.content));
        if (type !== "event") storedType = "text";
        if (shownText(content).trim() === "") {
          this.tally.skipped("messages", "empty");
          return;
        }
      }
    }
    let quote = null;
    const pid = num(row.pid);
    if (pid > 0 && !withdrawn) {
      const [quoted] = await this.rows(
        `select from_user from ${this.table("message")} where msg_id = ?`,
        [pid],
      );
      const quotedFrom = this.users.get(num(quoted?.from_user));
      if (quotedFrom !== undefined)
        quote = (await this.target.message(quotedFrom, String(pid))) ?? null;
    }
    const hiddenFor = ids(row.del_user).flatMap((id) => {
      const local = this.users.get(id);
      return local === undefined ? [] : [local];
    });
    await this.target.send({
      externalId: String(row.msg_id),
      fromUser: from,
      to,
      type: storedType,
      content,
      createdAt,
      at:
        "groupId" in to
          ? ids(row.at).flatMap((id) =>
              id === 0
                ? [0]
                : this.users.has(id)
                  ? [this.users.get(id) ?? 0]
                  : [],
            )
          : [],
      quote,
      fileId,
      extends: ext,
      withdrawn,
      hiddenFor,
      read: "groupId" in to || num(row.is_read) === 1,
    });
  }

  private async importConfig(): Promise<void> {
    const rows = await this.rows(
      `select name, value from ${this.table("config")}`,
    );
    await importRaingadConfig(
      this.db,
      this.tally,
      rows.map((row) => ({
        name: str(row.name),
        value: jsonObject(row.value),
      })),
    );
  }
}
