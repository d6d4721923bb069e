import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { Passwords } from "../lib/passwords.js";
import { LocalStorage } from "../storage/local-storage.js";
import { runImport } from "./run.js";

/*
 * Issue 47, the Mattermost importer (extensions.md §8): a bulk export written to
 * Mattermost's documented format (version, scheme, emoji, teams, channels, users with
 * their memberships, posts with replies, reactions and attachments, direct and group
 * message channels, direct posts, a post to oneself), imported completely: channels as
 * groups with their admins, replies as threads, time order kept, reactions as emoji;
 * a second run adds nothing. On SQLite, and PostgreSQL in CI.
 */

const T = 1_700_000_000_000;
let api: TestApp;
let dir: string;
let storageDir: string;
let file: string;
let passwordsFile: string;

const lines = [
  { type: "version", version: 1 },
  {
    type: "scheme",
    scheme: { name: "custom", display_name: "Custom", scope: "team" },
  },
  {
    type: "emoji",
    emoji: { name: "party_parrot", image: "data/emoji/parrot.gif" },
  },
  {
    type: "team",
    team: { name: "eng", display_name: "Engineering", type: "O" },
  },
  {
    type: "team",
    team: { name: "ops", display_name: "Operations", type: "I" },
  },
  {
    type: "channel",
    channel: {
      team: "eng",
      name: "town-square",
      display_name: "Town Square",
      type: "O",
      header: "Be kind",
      purpose: "Everything",
    },
  },
  {
    type: "channel",
    channel: {
      team: "ops",
      name: "incidents",
      display_name: "Incidents",
      type: "P",
      purpose: "On call",
    },
  },
  {
    type: "user",
    user: {
      username: "alice",
      email: "alice@example.com",
      first_name: "Alice",
      last_name: "Liddell",
      roles: "system_admin system_user",
      teams: [
        {
          name: "eng",
          roles: "team_user",
          channels: [{ name: "town-square", roles: "channel_user" }],
        },
        {
          name: "ops",
          roles: "team_user team_admin",
          channels: [
            { name: "incidents", roles: "channel_user channel_admin" },
          ],
        },
      ],
    },
  },
  {
    type: "user",
    user: {
      username: "bob",
      email: "bob@example.com",
      nickname: "Bobby",
      password: "bob-secret-1",
      roles: "system_user",
      teams: [
        {
          name: "eng",
          roles: "team_user",
          channels: [
            { name: "town-square", roles: "channel_user channel_admin" },
          ],
        },
      ],
    },
  },
  {
    type: "user",
    user: {
      username: "carol",
      email: "carol@example.com",
      roles: "system_user",
      teams: [
        {
          name: "eng",
          channels: [{ name: "town-square", roles: "channel_user" }],
        },
        {
          name: "ops",
          channels: [{ name: "incidents", roles: "channel_user" }],
        },
      ],
    },
  },
  {
    type: "user",
    user: {
      username: "gone",
      email: "gone@example.com",
      delete_at: T,
      roles: "system_user",
      teams: [],
    },
  },
  {
    type: "bot",
    bot: { username: "ci-bot", display_name: "CI", owner: "alice" },
  },
  {
    type: "post",
    post: {
      team: "eng",
      channel: "town-square",
      user: "alice",
      message: "Welcome **all** <script>x</script>",
      create_at: T + 1000,
      reactions: [
        { user: "bob", emoji_name: "+1", create_at: T + 1100 },
        { user: "carol", emoji_name: "party_parrot", create_at: T + 1200 },
      ],
      replies: [
        { user: "bob", message: "Thanks!", create_at: T + 1500 },
        {
          user: "carol",
          message: "Late reply",
          create_at: T + 9000,
          reactions: [
            { user: "alice", emoji_name: "heart", create_at: T + 9100 },
          ],
        },
      ],
      attachments: [{ path: "data/att/plan.txt" }],
    },
  },
  {
    type: "post",
    post: {
      team: "eng",
      channel: "town-square",
      user: "bob",
      message: "Second post",
      create_at: T + 2000,
    },
  },
  {
    type: "post",
    post: {
      team: "eng",
      channel: "town-square",
      user: "ci-bot",
      message: "build passed",
      create_at: T + 2500,
    },
  },
  {
    type: "post",
    post: {
      team: "ops",
      channel: "incidents",
      user: "carol",
      message: "Pager went off",
      create_at: T + 3000,
    },
  },
  {
    type: "post",
    post: {
      team: "eng",
      channel: "nowhere",
      user: "bob",
      message: "lost",
      create_at: T + 3500,
    },
  },
  { type: "direct_channel", direct_channel: { members: ["alice", "bob"] } },
  {
    type: "direct_channel",
    direct_channel: { members: ["alice", "bob", "carol"], header: "" },
  },
  {
    type: "direct_post",
    direct_post: {
      channel_members: ["alice", "bob"],
      user: "bob",
      message: "Hi Alice",
      create_at: T + 4000,
    },
  },
  {
    type: "direct_post",
    direct_post: {
      channel_members: ["alice", "bob"],
      user: "alice",
      message: "Hi Bob",
      create_at: T + 4100,
      replies: [
        { user: "bob", message: "threaded in DM", create_at: T + 4200 },
      ],
    },
  },
  {
    type: "direct_post",
    direct_post: {
      channel_members: ["alice", "bob", "carol"],
      user: "carol",
      message: "Lunch?",
      create_at: T + 5000,
    },
  },
  {
    type: "direct_post",
    direct_post: {
      channel_members: ["alice"],
      user: "alice",
      message: "note to self",
      create_at: T + 6000,
    },
  },
];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mattermost-export-"));
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-storage-"));
  fs.mkdirSync(path.join(dir, "data/att"), { recursive: true });
  fs.writeFileSync(path.join(dir, "data/att/plan.txt"), "the plan\n");
  file = path.join(dir, "export.jsonl");
  fs.writeFileSync(
    file,
    `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`,
  );
  passwordsFile = path.join(dir, "passwords.csv");
  api = await startTestApp({}, { storage: new LocalStorage(storageDir) });
});

afterAll(async () => {
  await api.close();
  for (const folder of [dir, storageDir])
    fs.rmSync(folder, { recursive: true, force: true });
});

const passwords = new Passwords({ memoryKib: 64, timeCost: 1 });
const importOnce = () =>
  runImport(
    api.db,
    api.storage,
    { source: "mattermost", file, passwordsFile },
    passwords,
    null,
  );

async function userId(account: string): Promise<number> {
  return (
    await api.db
      .selectFrom("users")
      .select("user_id")
      .where("account", "=", account)
      .executeTakeFirstOrThrow()
  ).user_id;
}

async function messagesOf(conversationId: string) {
  return api.db
    .selectFrom("messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .orderBy("seq")
    .execute();
}

describe("importing a Mattermost bulk export", () => {
  let first: Awaited<ReturnType<typeof importOnce>>;
  beforeAll(async () => {
    first = await importOnce();
  }, 60_000);

  it("reads every object and says what it stored and skipped", () => {
    expect(first.counts("users")).toEqual({ read: 4, stored: 4, skipped: 0 });
    expect(first.counts("bots")).toEqual({ read: 1, stored: 1, skipped: 0 });
    expect(first.counts("channels")).toMatchObject({ read: 2, stored: 2 });
    expect(first.counts("messages")).toMatchObject({ read: 9, skipped: 1 });
    expect(first.counts("replies")).toMatchObject({ read: 3, stored: 3 });
    const table = first.table();
    expect(table).toContain("its channel was not imported");
    expect(table).toContain("a custom emoji");
    expect(table).toContain("a team is not a group");
    expect(table).toMatch(/scheme\s+1\s+0\s+1/);
  });

  it("creates the users: admins, passwords given or made up, deleted ones unable to sign in", async () => {
    const alice = await api.db
      .selectFrom("users")
      .selectAll()
      .where("account", "=", "alice")
      .executeTakeFirstOrThrow();
    expect(alice).toMatchObject({
      realname: "Alice Liddell",
      email: "alice@example.com",
      role: 1,
    });
    expect(
      (
        await api.post("/common/pub/login", {
          account: "bob",
          password: "bob-secret-1",
        })
      ).code,
    ).toBe(0);
    // alice and carol came without a password: each got one, listed in the file.
    const listed = fs.readFileSync(passwordsFile, "utf8").trim().split("\n");
    expect(listed[0]).toBe("account,name,email,password");
    expect(listed.map((line) => line.split(",")[0])).toEqual([
      "account",
      '"alice"',
      '"carol"',
    ]);
    const carolPassword = JSON.parse(
      listed[2]?.split(",")[3] ?? '""',
    ) as string;
    expect(
      (
        await api.post("/common/pub/login", {
          account: "carol",
          password: carolPassword,
        })
      ).code,
    ).toBe(0);
    expect(fs.statSync(passwordsFile).mode & 0o077).toBe(0);
    expect(
      (
        await api.db
          .selectFrom("users")
          .select("status")
          .where("account", "=", "gone")
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(0);
  });

  it("makes each channel a group: its team's name, header and purpose, admins, open or private", async () => {
    const [alice = 0, bob = 0, carol = 0] = await Promise.all(
      ["alice", "bob", "carol"].map(userId),
    );
    const groups = await api.db
      .selectFrom("groups")
      .selectAll()
      .orderBy("group_id")
      .execute();
    const square = groups.find((g) => g.name === "Engineering · Town Square");
    const incidents = groups.find((g) => g.name === "Operations · Incidents");
    expect(square).toMatchObject({
      notice: "Be kind",
      description: "Everything",
      owner_id: bob,
      is_public: 1,
    });
    expect(incidents).toMatchObject({
      owner_id: alice,
      is_public: 0,
      description: "On call",
    });
    const members = await api.db
      .selectFrom("group_members")
      .select(["user_id", "role"])
      .where("group_id", "=", square?.group_id ?? 0)
      .execute();
    expect(Object.fromEntries(members.map((m) => [m.user_id, m.role]))).toEqual(
      { [alice]: 3, [bob]: 1, [carol]: 3 },
    );
    // The group message channel of three.
    expect(groups.some((g) => g.name === "alice, bob, carol")).toBe(true);
  });

  it("keeps posts in time order, replies in their thread, reactions as emoji, attachments as files", async () => {
    const [alice = 0, bob = 0, carol = 0] = await Promise.all(
      ["alice", "bob", "carol"].map(userId),
    );
    const bot = await userId("ci-bot");
    const square = await api.db
      .selectFrom("groups")
      .select("group_id")
      .where("name", "=", "Engineering · Town Square")
      .executeTakeFirstOrThrow();
    const chat = await messagesOf(`group-${square.group_id}`);
    expect(
      chat.map((m) => [
        m.from_user,
        m.type,
        m.thread_root === null ? "" : "reply",
      ]),
    ).toEqual([
      [alice, "text", ""],
      [alice, "file", ""],
      [bob, "text", "reply"],
      [bob, "text", ""],
      [bot, "text", ""],
      [carol, "text", "reply"],
    ]);
    const [root, attachment, thanks, second, , late] = chat;
    // Markdown stays text (the web client draws it); markup is never live.
    expect(root?.content).toBe(
      "Welcome **all** &lt;script&gt;x&lt;/script&gt;",
    );
    expect(thanks).toMatchObject({
      thread_root: root?.msg_id,
      thread_id: root?.client_msg_id,
      content: "Thanks!",
    });
    expect(late?.thread_root).toBe(root?.msg_id);
    expect(second?.created_at).toBe(T + 2000);
    expect((root?.msg_id ?? 0) < (second?.msg_id ?? 0)).toBe(true);
    const thread = await api.db
      .selectFrom("message_threads")
      .selectAll()
      .where("root_msg_id", "=", root?.msg_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(thread.reply_count).toBe(2);
    const reactions = await api.db
      .selectFrom("message_reactions")
      .select(["msg_id", "user_id", "emoji"])
      .execute();
    expect(reactions).toEqual(
      expect.arrayContaining([
        { msg_id: root?.msg_id, user_id: bob, emoji: "👍" },
        { msg_id: late?.msg_id, user_id: alice, emoji: "❤️" },
      ]),
    );
    expect(reactions).toHaveLength(2);
    const stored = await api.db
      .selectFrom("files as f")
      .innerJoin("blobs as b", "b.blob_id", "f.blob_id")
      .select(["f.name", "b.storage_key"])
      .where("f.file_id", "=", attachment?.file_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe("plan.txt");
    expect(
      fs.readFileSync(path.join(storageDir, stored.storage_key), "utf8"),
    ).toBe("the plan\n");
  });

  it("makes direct posts one-to-one chats (threads too), notes to oneself and group chats", async () => {
    const [alice = 0, bob = 0] = await Promise.all(
      ["alice", "bob"].map(userId),
    );
    const direct = await messagesOf(
      alice < bob ? `${alice}-${bob}` : `${bob}-${alice}`,
    );
    expect(direct.map((m) => m.content)).toEqual([
      "Hi Alice",
      "Hi Bob",
      "threaded in DM",
    ]);
    expect(direct[2]?.thread_root).toBe(direct[1]?.msg_id);
    const self = await messagesOf(`${alice}-${alice}`);
    expect(self.map((m) => m.content)).toEqual(["note to self"]);
    const gm = await api.db
      .selectFrom("groups")
      .select("group_id")
      .where("name", "=", "alice, bob, carol")
      .executeTakeFirstOrThrow();
    expect(
      (await messagesOf(`group-${gm.group_id}`)).map((m) => m.content),
    ).toEqual(["Lunch?"]);
    // Nothing imported is unread.
    const unread = await api.db
      .selectFrom("user_conversations")
      .select("unread")
      .where("unread", ">", 0)
      .execute();
    expect(unread).toEqual([]);
  });

  it("adds nothing when run again, and makes up no second password", async () => {
    const before = fs.readFileSync(passwordsFile, "utf8");
    const again = await importOnce();
    for (const kind of [
      "users",
      "channels",
      "messages",
      "replies",
      "reactions",
      "files",
    ])
      expect(again.counts(kind).stored, kind).toBe(0);
    expect(fs.readFileSync(passwordsFile, "utf8")).toBe(before);
  });

  it("refuses a file of another version of the format", async () => {
    const other = path.join(dir, "v2.jsonl");
    fs.writeFileSync(
      other,
      `${JSON.stringify({ type: "version", version: 2 })}\n`,
    );
    await expect(
      runImport(
        api.db,
        api.storage,
        { source: "mattermost", file: other },
        passwords,
        null,
      ),
    ).rejects.toThrow(/version 2/);
  });
});
