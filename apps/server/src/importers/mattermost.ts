import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { textToHtml } from "@parley/protocol";
import type { MessageRow } from "../features/messages/message-store.repository.js";
import { cleanMessageHtml } from "../lib/message-html.js";
import type { Passwords } from "../lib/passwords.js";
import { emojiOfName } from "./emoji-names.js";
import type { Tally } from "./tally.js";
import type { ImportTarget, MemberRecord } from "./target.js";
import { type Json, list, num, obj, str } from "./values.js";

/*
 * `npm run import -- mattermost FILE.jsonl [--files DIR]` (extensions.md §8): a Mattermost
 * bulk export (`mmctl export create --attachments`, its JSONL and its `data/` folder),
 * read line by line in the file's order (version, teams, channels, users, posts, direct
 * channels, direct posts). Channels become groups (their members and admins from each
 * user's memberships, the first admin the owner), group messages too; posts become
 * messages and their replies a thread, at their own times; reactions and attachments
 * come along.
 */

interface Channel {
  key: string;
  team: string;
  name: string;
  displayName: string;
  open: boolean;
  header: string;
  purpose: string;
  members: Map<string, { admin: boolean; order: number }>;
}

/** A reply waiting for the posts of its channel written before it. */
interface PendingReply {
  root: MessageRow;
  channelKey: string;
  to: Chat;
  reply: Json;
}

/** Where a post goes: a group, or the one-to-one chat of two people (or one, with oneself). */
type Chat = { groupId: number } | { between: number[] };

export class MattermostImport {
  private readonly channels = new Map<string, Channel>();
  private readonly users = new Map<string, number>();
  private readonly groups = new Map<string, number>();
  private readonly teams = new Map<string, string>();
  private groupsMade = false;
  private order = 0;
  private pending: PendingReply[] = [];

  constructor(
    private readonly file: string,
    private readonly target: ImportTarget,
    private readonly tally: Tally,
    private readonly passwords: Passwords,
    /** Where attachment paths are found: --files, else the JSONL's own folder. */
    private readonly filesDir: string = path.dirname(file),
  ) {}

  async run(): Promise<void> {
    const size = (await fs.promises.stat(this.file)).size;
    this.tally.step("reading", size);
    const lines = readline.createInterface({
      input: fs.createReadStream(this.file, { encoding: "utf8" }),
      crlfDelay: Infinity,
    });
    let number = 0;
    for await (const line of lines) {
      number += 1;
      this.tally.advance(Buffer.byteLength(line) + 1);
      if (line.trim() === "") continue;
      let item: Json;
      try {
        item = obj(JSON.parse(line));
      } catch {
        this.tally.skipped("lines", `line ${number}: not JSON`);
        continue;
      }
      await this.line(item, number);
    }
    await this.makeGroups();
    await this.flushReplies(Infinity);
    this.tally.step("settling chats", 1);
    await this.target.settle();
    this.tally.advance();
  }

  private async line(item: Json, number: number): Promise<void> {
    const type = str(item.type);
    const body = obj(item[type]);
    switch (type) {
      case "version":
        if (num(item.version) !== 1)
          throw new Error(
            `line ${number}: version ${str(item.version)} of the format is not known (1 is)`,
          );
        return;
      case "team":
        this.tally.read("teams");
        this.teams.set(
          str(body.name),
          str(body.display_name) || str(body.name),
        );
        this.tally.skipped("teams", "a team is not a group: its channels are");
        return;
      case "channel":
        this.channel(body);
        return;
      case "user":
        await this.user(body);
        return;
      case "bot":
        await this.bot(body);
        return;
      case "post":
        await this.makeGroups();
        await this.post(body);
        return;
      case "direct_channel":
        await this.makeGroups();
        await this.directChannel(body);
        return;
      case "direct_post":
        await this.makeGroups();
        await this.directPost(body);
        return;
      default:
        this.tally.read(type || "unknown lines");
        this.tally.skipped(
          type || "unknown lines",
          "not carried (Parley has no such thing)",
        );
    }
  }

  private channel(body: Json): void {
    this.tally.read("channels");
    const team = str(body.team);
    const name = str(body.name);
    const key = `${team}/${name}`;
    this.channels.set(key, {
      key,
      team,
      name,
      displayName: str(body.display_name) || name,
      open: str(body.type) !== "P",
      header: str(body.header),
      purpose: str(body.purpose),
      members: new Map(),
    });
  }

  private async user(body: Json): Promise<void> {
    this.tally.read("users");
    const username = str(body.username).trim();
    if (!username) {
      this.tally.skipped("users", "no username");
      return;
    }
    const names = [str(body.first_name), str(body.last_name)]
      .filter(Boolean)
      .join(" ");
    const password = str(body.password);
    const deleted = num(body.delete_at) > 0;
    const local = await this.target.user(username, {
      account: username,
      realname: (str(body.nickname) || names || username).slice(0, 64),
      // The export carries no password: a user signs in with a code, or gets one set.
      passwordHash: password ? await this.passwords.hash(password) : "!",
      email: str(body.email),
      role: str(body.roles).split(/\s+/).includes("system_admin") ? 1 : 0,
      status: deleted ? 0 : 1,
      deleted,
      createdAt: Date.now(),
    });
    this.users.set(username, local);
    for (const team of list(body.teams).map(obj))
      for (const membership of list(team.channels).map(obj)) {
        const channel = this.channels.get(
          `${str(team.name)}/${str(membership.name)}`,
        );
        if (!channel) continue;
        channel.members.set(username, {
          admin: str(membership.roles).split(/\s+/).includes("channel_admin"),
          order: (this.order += 1),
        });
      }
  }

  /**
   * A bot user: an account nobody signs in to (bots arrive with integrations), so its
   * posts come along under its name.
   */
  private async bot(body: Json): Promise<void> {
    this.tally.read("bots");
    const username = str(body.username).trim();
    if (!username) {
      this.tally.skipped("bots", "no username");
      return;
    }
    const local = await this.target.user(
      `bot:${username}`,
      {
        account: username,
        realname: (str(body.display_name) || username).slice(0, 64),
        passwordHash: "!",
        status: 0,
        createdAt: Date.now(),
      },
      "bots",
    );
    this.users.set(username, local);
  }

  /** The groups of the channels, once every user is read (at the first post). */
  private async makeGroups(): Promise<void> {
    if (this.groupsMade) return;
    this.groupsMade = true;
    const teamCount = this.teams.size;
    for (const channel of this.channels.values()) {
      const members = [...channel.members.entries()]
        .filter(([username]) => this.users.has(username))
        .sort((a, b) => a[1].order - b[1].order);
      if (members.length === 0) {
        this.tally.skipped("channels", "no member was imported");
        continue;
      }
      const owner = (members.find(([, m]) => m.admin) ?? members[0])?.[0] ?? "";
      const ownerId = this.users.get(owner) ?? 0;
      const now = Date.now();
      const records: MemberRecord[] = members.map(([username, m]) => ({
        userId: this.users.get(username) ?? 0,
        role: username === owner ? 1 : m.admin ? 2 : 3,
        joinedAt: 0,
      }));
      const team = this.teams.get(channel.team) ?? channel.team;
      const groupId = await this.target.group(
        `channel:${channel.key}`,
        {
          name: (teamCount > 1
            ? `${team} · ${channel.displayName}`
            : channel.displayName
          ).slice(0, 64),
          ownerId,
          notice: channel.header,
          description: channel.purpose.slice(0, 200),
          setting: { public: channel.open ? "1" : "0" },
          createdAt: now,
          members: records,
        },
        "channels",
      );
      this.groups.set(channel.key, groupId);
    }
  }

  /** A message's id: the channel, the author, the time and the text (the format's own key). */
  private externalId(channelKey: string, post: Json): string {
    return createHash("sha256")
      .update(
        `${channelKey}\n${str(post.user)}\n${num(post.create_at)}\n${str(post.message)}`,
      )
      .digest("hex")
      .slice(0, 40);
  }

  private async post(body: Json): Promise<void> {
    this.tally.read("messages");
    const key = `${str(body.team)}/${str(body.channel)}`;
    const groupId = this.groups.get(key);
    if (groupId === undefined) {
      this.tally.skipped("messages", "its channel was not imported");
      return;
    }
    await this.message(key, { groupId }, body);
  }

  /** A direct or group message channel: two people chat one-to-one, more get a group. */
  private async directChannel(body: Json): Promise<void> {
    this.tally.read("direct channels");
    const members = this.directMembers(body);
    if (members.length <= 2) {
      this.tally.skipped(
        "direct channels",
        "one-to-one: a chat, made by its first message",
      );
      return;
    }
    await this.groupMessageChannel(members);
  }

  private directMembers(body: Json): string[] {
    const names = [
      ...list(body.members).map(str),
      ...list(body.channel_members).map(str),
      ...list(body.participants).map((p) => str(obj(p).username)),
    ].filter(Boolean);
    return [...new Set(names)].sort();
  }

  private async groupMessageChannel(
    members: string[],
  ): Promise<number | undefined> {
    const key = `gm:${members.join(",")}`;
    const known = this.groups.get(key);
    if (known !== undefined) return known;
    const present = members.filter((m) => this.users.has(m));
    if (present.length < 2) {
      this.tally.skipped("direct channels", "its members were not imported");
      return undefined;
    }
    const ownerId = this.users.get(present[0] ?? "") ?? 0;
    const groupId = await this.target.group(
      key,
      {
        name: present.join(", ").slice(0, 64),
        ownerId,
        createdAt: Date.now(),
        members: present.map((username) => ({
          userId: this.users.get(username) ?? 0,
          role: 3,
          joinedAt: 0,
        })),
      },
      "direct channels",
    );
    this.groups.set(key, groupId);
    return groupId;
  }

  private async directPost(body: Json): Promise<void> {
    this.tally.read("messages");
    const members = this.directMembers(body);
    const author = str(body.user);
    let to: Chat | undefined;
    if (members.length > 2) {
      const groupId = await this.groupMessageChannel(members);
      to = groupId === undefined ? undefined : { groupId };
    } else {
      const between = (members.length > 0 ? members : [author]).map((m) =>
        this.users.get(m),
      );
      const known = between.filter((id): id is number => id !== undefined);
      to = known.length === between.length ? { between: known } : undefined;
    }
    if (!to) {
      this.tally.skipped("messages", "its chat's members were not imported");
      return;
    }
    await this.message(`dm:${members.join(",")}`, to, body);
  }

  /** A post (or direct post) with its reactions, then its replies in its thread. */
  private async message(
    channelKey: string,
    to: Chat,
    post: Json,
  ): Promise<void> {
    const createdAt = num(post.create_at);
    // Replies written before this post come first, so the chat keeps time order.
    await this.flushReplies(createdAt);
    const root = await this.store(channelKey, to, post, null);
    if (!root) return;
    for (const reply of list(post.replies).map(obj))
      this.pending.push({ root, channelKey, to, reply });
    this.pending.sort(
      (a, b) => num(a.reply.create_at) - num(b.reply.create_at),
    );
  }

  private async flushReplies(before: number): Promise<void> {
    while (
      this.pending.length > 0 &&
      num(this.pending[0]?.reply.create_at) <= before
    ) {
      const next = this.pending.shift();
      if (!next) break;
      this.tally.read("replies");
      await this.store(next.channelKey, next.to, next.reply, next.root);
    }
  }

  private async store(
    channelKey: string,
    to: Chat,
    post: Json,
    root: MessageRow | null,
  ): Promise<MessageRow | null> {
    const kind = root ? "replies" : "messages";
    const from = this.users.get(str(post.user));
    if (from === undefined) {
      this.tally.skipped(kind, "its author was not imported");
      return null;
    }
    const createdAt = num(post.create_at);
    const text = str(post.message);
    const attachments = list(post.attachments).map(obj);
    let row: MessageRow | null = null;
    const externalId = this.externalId(channelKey, post);
    // One-to-one: the other person (a direct post to oneself: the chat with oneself).
    const target =
      "groupId" in to
        ? to
        : { userId: to.between.find((id) => id !== from) ?? from };
    if (text.trim() !== "" || attachments.length === 0) {
      if (text.trim() === "") {
        this.tally.skipped(kind, "empty");
        return null;
      }
      row = await this.target.send({
        externalId,
        fromUser: from,
        to: target,
        type: "text",
        content: cleanMessageHtml(textToHtml(text)),
        createdAt,
        threadRoot: root,
      });
    }
    // Each attachment its own file message, right after the text.
    for (const [index, attachment] of attachments.entries()) {
      const file = str(attachment.path);
      const stored =
        file && !file.split(/[\\/]/).includes("..")
          ? await this.target.file(
              from,
              path.join(this.filesDir, file),
              path.basename(file),
              createdAt,
            )
          : null;
      if (!stored) continue;
      const sent = await this.target.send({
        externalId: `${externalId}:${index}`,
        fromUser: from,
        to: target,
        type: stored.type,
        content: `/files/${stored.fileId}`,
        fileId: stored.fileId,
        extends: stored.extends,
        createdAt,
        threadRoot: root,
      });
      row ??= sent;
    }
    if (!row) return null;
    for (const reaction of list(post.reactions).map(obj)) {
      this.tally.read("reactions");
      const userId = this.users.get(str(reaction.user));
      const emoji = emojiOfName(str(reaction.emoji_name));
      if (userId === undefined)
        this.tally.skipped("reactions", "its user was not imported");
      else if (!emoji)
        this.tally.skipped(
          "reactions",
          "a custom emoji (Parley reacts with Unicode emoji)",
        );
      else
        await this.target.reaction(
          row.msg_id,
          userId,
          emoji,
          num(reaction.create_at) || createdAt,
        );
    }
    return row;
  }
}
