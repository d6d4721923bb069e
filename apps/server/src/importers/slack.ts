import { createHash } from "node:crypto";
import { textToHtml } from "@parley/protocol";
import yauzl from "yauzl";
import type { MessageRow } from "../features/messages/message-store.repository.js";
import { cleanMessageHtml } from "../lib/message-html.js";
import { emojiOfName } from "./emoji-names.js";
import type { Tally } from "./tally.js";
import type { ImportTarget } from "./target.js";
import { type Json, list, obj, str } from "./values.js";

/*
 * `npm run import -- slack FILE.zip` (extensions.md §8): a Slack workspace export
 * (users.json, channels.json, groups.json, mpims.json, dms.json, and a folder per
 * conversation of one JSON file a day). Public and private channels and group DMs become
 * groups, DMs one-to-one chats; messages at their own times, replies in their threads
 * (a reply also sent to the channel stays shown there), reactions as emoji, mentions as
 * names (and group mentions), files as links (an export holds only their addresses).
 */

/** The largest JSON file of an export read (a day of one channel): a zip bomb stops here. */
const MAX_JSON_BYTES = 256 * 1024 * 1024;

/** Subtypes that are not messages people wrote: joins, renames, pins… */
const NOT_MESSAGES = new Set([
  "channel_join",
  "channel_leave",
  "channel_topic",
  "channel_purpose",
  "channel_name",
  "channel_archive",
  "channel_unarchive",
  "group_join",
  "group_leave",
  "group_topic",
  "group_purpose",
  "group_name",
  "group_archive",
  "pinned_item",
  "unpinned_item",
  "tombstone",
  "reminder_add",
  "bot_add",
  "bot_remove",
]);

/** The export, opened once: its entries by name, read on demand. */
class Zip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: Map<string, yauzl.Entry>,
  ) {}

  static open(file: string): Promise<Zip> {
    return new Promise((resolve, reject) => {
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false },
        (error, zip) => {
          if (error) {
            reject(error);
            return;
          }
          const entries = new Map<string, yauzl.Entry>();
          zip.on("entry", (entry: yauzl.Entry) => {
            entries.set(entry.fileName, entry);
            zip.readEntry();
          });
          zip.once("end", () => resolve(new Zip(zip, entries)));
          zip.once("error", reject);
          zip.readEntry();
        },
      );
    });
  }

  /** A JSON file of the export, or `fallback` when it is not there. */
  async json(name: string, fallback: unknown): Promise<unknown> {
    const entry = this.entries.get(name);
    if (!entry) return fallback;
    if (entry.uncompressedSize > MAX_JSON_BYTES)
      throw new Error(`${name} is larger than ${MAX_JSON_BYTES} bytes`);
    const text = await new Promise<string>((resolve, reject) => {
      this.zip.openReadStream(entry, (error, stream) => {
        if (error) {
          reject(error);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_JSON_BYTES)
            stream.destroy(new Error(`${name} is too large`));
          else chunks.push(chunk);
        });
        stream.once("end", () =>
          resolve(Buffer.concat(chunks).toString("utf8")),
        );
        stream.once("error", reject);
      });
    });
    return JSON.parse(text) as unknown;
  }

  close(): void {
    this.zip.close();
  }
}

/** A conversation of the export: its folder and where its messages go. */
interface Conversation {
  folder: string;
  to: { groupId: number } | { between: number[] };
}

export class SlackImport {
  private readonly users = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly file: string,
    private readonly target: ImportTarget,
    private readonly tally: Tally,
  ) {}

  async run(): Promise<void> {
    const zip = await Zip.open(this.file);
    try {
      if (!zip.entries.has("users.json") || !zip.entries.has("channels.json"))
        throw new Error(
          "not a Slack export: users.json and channels.json are missing",
        );
      await this.importUsers(list(await zip.json("users.json", [])).map(obj));
      const conversations: Conversation[] = [];
      for (const [file, open] of [
        ["channels.json", true],
        ["groups.json", false],
      ] as const)
        for (const channel of list(await zip.json(file, [])).map(obj)) {
          const made = await this.channel(channel, open);
          if (made) conversations.push(made);
        }
      for (const mpim of list(await zip.json("mpims.json", [])).map(obj)) {
        const made = await this.groupDm(mpim);
        if (made) conversations.push(made);
      }
      for (const dm of list(await zip.json("dms.json", [])).map(obj)) {
        this.tally.read("direct messages");
        const between = list(dm.members).map((m) => this.users.get(str(m)));
        const known = between.filter((id): id is number => id !== undefined);
        if (known.length === 0 || known.length !== between.length)
          this.tally.skipped("direct messages", "a member was not imported");
        else conversations.push({ folder: str(dm.id), to: { between: known } });
      }
      const days = conversations.map((c) => ({
        conversation: c,
        files: [...zip.entries.keys()]
          .filter(
            (name) => name.startsWith(`${c.folder}/`) && name.endsWith(".json"),
          )
          .sort(),
      }));
      this.tally.step(
        "days of messages",
        days.reduce((n, d) => n + d.files.length, 0),
      );
      for (const { conversation, files } of days) {
        const roots = new Map<string, MessageRow>();
        for (const name of files) {
          for (const message of list(await zip.json(name, [])).map(obj))
            await this.message(conversation, message, roots);
          this.tally.advance();
        }
      }
    } finally {
      zip.close();
    }
    this.tally.step("settling chats", 1);
    await this.target.settle();
    this.tally.advance();
  }

  private async importUsers(users: Json[]): Promise<void> {
    this.tally.step("users", users.length);
    for (const user of users) {
      this.tally.read("users");
      this.tally.advance();
      const id = str(user.id);
      const profile = obj(user.profile);
      const username = str(user.name).trim();
      if (!id || !username) {
        this.tally.skipped("users", "no id or name");
        continue;
      }
      const realname =
        str(profile.real_name) ||
        str(user.real_name) ||
        str(profile.display_name) ||
        username;
      const bot = user.is_bot === true || id === "USLACKBOT";
      const deleted = user.deleted === true;
      const local = await this.target.user(id, {
        account: username,
        realname: realname.slice(0, 64),
        passwordHash: "!",
        email: str(profile.email),
        role: user.is_owner === true || user.is_admin === true ? 2 : 0,
        // A bot comes as an account nobody signs in to (bots arrive with integrations).
        status: deleted || bot ? 0 : 1,
        deleted,
        createdAt: Date.now(),
      });
      this.users.set(id, local);
      this.names.set(id, realname);
    }
  }

  private async channel(
    channel: Json,
    open: boolean,
  ): Promise<Conversation | null> {
    this.tally.read("channels");
    const name = str(channel.name);
    const members = list(channel.members)
      .map((m) => this.users.get(str(m)))
      .filter((id): id is number => id !== undefined);
    const creator = this.users.get(str(channel.creator));
    const ownerId = creator ?? members[0];
    if (!name || ownerId === undefined) {
      this.tally.skipped("channels", "none of its members was imported");
      return null;
    }
    const created = Number(channel.created) * 1000 || Date.now();
    const groupId = await this.target.group(
      `channel:${str(channel.id)}`,
      {
        name: `#${name}`.slice(0, 64),
        ownerId,
        notice: str(obj(channel.topic).value),
        description: str(obj(channel.purpose).value).slice(0, 200),
        setting: { public: open && channel.is_archived !== true ? "1" : "0" },
        createdAt: created,
        members: [...new Set([ownerId, ...members])].map((userId) => ({
          userId,
          role: userId === ownerId ? 1 : 3,
          joinedAt: created,
        })),
      },
      "channels",
    );
    return { folder: name, to: { groupId } };
  }

  private async groupDm(mpim: Json): Promise<Conversation | null> {
    this.tally.read("group DMs");
    const ids = list(mpim.members).map(str);
    const members = ids
      .map((m) => this.users.get(m))
      .filter((id): id is number => id !== undefined);
    const ownerId = members[0];
    if (ownerId === undefined || members.length < 2) {
      this.tally.skipped("group DMs", "its members were not imported");
      return null;
    }
    const created = Number(mpim.created) * 1000 || Date.now();
    const groupId = await this.target.group(
      `mpim:${str(mpim.id)}`,
      {
        name: ids
          .map((id) => this.names.get(id) ?? id)
          .join(", ")
          .slice(0, 64),
        ownerId,
        createdAt: created,
        members: members.map((userId) => ({
          userId,
          role: userId === ownerId ? 1 : 3,
          joinedAt: created,
        })),
      },
      "group DMs",
    );
    return { folder: str(mpim.name), to: { groupId } };
  }

  /** Slack's markup as plain text: mentions as names, links as their address. */
  private plain(text: string, at: Set<number>): string {
    return text
      .replace(/<@([A-Z0-9]+)(?:\|[^>]*)?>/g, (_, id: string) => {
        const local = this.users.get(id);
        if (local !== undefined) at.add(local);
        return `@${this.names.get(id) ?? id}`;
      })
      .replace(/<!(channel|here|everyone)(?:\|[^>]*)?>/g, (_, who: string) => {
        at.add(0);
        return `@${who}`;
      })
      .replace(/<#[A-Z0-9]+\|([^>]*)>/g, "#$1")
      .replace(/<(https?:\/\/[^|>]+)\|([^>]*)>/g, "$2 ($1)")
      .replace(/<(https?:\/\/[^>]+)>/g, "$1")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  }

  private async message(
    conversation: Conversation,
    message: Json,
    roots: Map<string, MessageRow>,
  ): Promise<void> {
    const subtype = str(message.subtype);
    const threadTs = str(message.thread_ts);
    const ts = str(message.ts);
    const reply = threadTs !== "" && threadTs !== ts;
    const kind =
      reply && str(message.type) === "message" && !NOT_MESSAGES.has(subtype)
        ? "replies"
        : "messages";
    this.tally.read(kind);
    if (str(message.type) !== "message" || NOT_MESSAGES.has(subtype)) {
      this.tally.skipped(
        "messages",
        `not a message someone wrote (${subtype || str(message.type)})`,
      );
      return;
    }
    const from = this.users.get(str(message.user));
    if (from === undefined) {
      this.tally.skipped(
        "messages",
        subtype === "bot_message"
          ? "a bot's message"
          : "its author was not imported",
      );
      return;
    }
    const createdAt = Math.round(Number(ts) * 1000);
    if (!ts || !Number.isFinite(createdAt)) {
      this.tally.skipped(kind, "no time");
      return;
    }
    const root = reply ? roots.get(threadTs) : undefined;
    if (reply && !root)
      this.tally.skipped(
        "threads",
        "a reply whose thread's start is not in the export: shown in the chat",
      );
    const at = new Set<number>();
    const lines = [this.plain(str(message.text), at)];
    // Files as links: an export holds only their addresses.
    for (const file of list(message.files).map(obj)) {
      const link = str(file.permalink) || str(file.url_private);
      const title = str(file.title) || str(file.name) || "file";
      lines.push(link ? `📎 ${title}: ${link}` : `📎 ${title}`);
      this.tally.read("files");
      this.tally.skipped(
        "files",
        "carried as links in their message (an export holds only their addresses)",
      );
    }
    const text = lines.filter((line) => line.trim() !== "").join("\n");
    if (text === "") {
      this.tally.skipped(kind, "empty");
      return;
    }
    const to =
      "groupId" in conversation.to
        ? conversation.to
        : { userId: conversation.to.between.find((id) => id !== from) ?? from };
    const row = await this.target.send({
      externalId: createHash("sha256")
        .update(`${conversation.folder}\n${ts}\n${str(message.user)}`)
        .digest("hex")
        .slice(0, 40),
      fromUser: from,
      to,
      type: "text",
      content: cleanMessageHtml(textToHtml(text)),
      createdAt,
      at: "groupId" in to ? [...at] : [],
      threadRoot: root ?? null,
      broadcast: subtype === "thread_broadcast",
    });
    if (!reply) roots.set(ts, row);
    for (const reaction of list(message.reactions).map(obj)) {
      const emoji = emojiOfName(str(reaction.name));
      for (const user of list(reaction.users).map(str)) {
        this.tally.read("reactions");
        const userId = this.users.get(user);
        if (userId === undefined)
          this.tally.skipped("reactions", "its user was not imported");
        else if (!emoji)
          this.tally.skipped(
            "reactions",
            "a custom emoji (Parley reacts with Unicode emoji)",
          );
        else await this.target.reaction(row.msg_id, userId, emoji, createdAt);
      }
    }
  }
}
