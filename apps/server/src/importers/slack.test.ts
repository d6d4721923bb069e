import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { Passwords } from "../lib/passwords.js";
import { runImport } from "./run.js";

/*
 * Issue 47, the Slack importer (extensions.md §8): a workspace export ZIP written to
 * Slack's documented layout (users.json, channels.json, groups.json, mpims.json, dms.json,
 * a folder per conversation with a JSON file a day), imported completely: channels and
 * group DMs as groups, DMs as chats, messages at their times with mentions as names,
 * threads (a broadcast reply shown in the channel too), reactions as emoji, files as
 * links; joins and bots' posts skipped with why; a second run adds nothing. On SQLite,
 * and PostgreSQL in CI.
 */

const T = 1_700_000_000;
let api: TestApp;
let dir: string;
let zipFile: string;

const users = [
  {
    id: "U1",
    name: "alice",
    real_name: "Alice L",
    is_admin: true,
    profile: { real_name: "Alice L", email: "alice@example.com" },
  },
  {
    id: "U2",
    name: "bob",
    profile: { real_name: "", display_name: "Bobby", email: "bob@example.com" },
  },
  { id: "U3", name: "carol", deleted: true, profile: { real_name: "Carol" } },
  {
    id: "B1",
    name: "deploybot",
    is_bot: true,
    profile: { real_name: "Deploy Bot" },
  },
];
const channels = [
  {
    id: "C1",
    name: "general",
    created: T,
    creator: "U1",
    is_general: true,
    members: ["U1", "U2", "U3"],
    topic: { value: "Company news" },
    purpose: { value: "Everyone" },
  },
];
const groups = [
  {
    id: "G1",
    name: "secret",
    created: T,
    creator: "U2",
    members: ["U1", "U2"],
  },
];
const mpims = [
  {
    id: "G2",
    name: "mpdm-alice--bob--carol-1",
    created: T,
    creator: "U1",
    members: ["U1", "U2", "U3"],
  },
];
const dms = [{ id: "D1", created: T, members: ["U1", "U2"] }];

const ts = (seconds: number, micro = 0) =>
  `${T + seconds}.${String(micro).padStart(6, "0")}`;

const days: Record<string, unknown[]> = {
  "general/2023-11-14.json": [
    {
      type: "message",
      subtype: "channel_join",
      user: "U2",
      text: "<@U2> has joined the channel",
      ts: ts(1),
    },
    {
      type: "message",
      user: "U1",
      text: "Hello <@U2>, see <https://example.com/plan|the plan> &amp; <!here>",
      ts: ts(10),
      thread_ts: ts(10),
      reply_count: 2,
      reactions: [
        { name: "+1", users: ["U2", "U3"], count: 2 },
        { name: "party_parrot", users: ["U2"], count: 1 },
      ],
    },
    {
      type: "message",
      user: "U2",
      text: "In the thread",
      ts: ts(20),
      thread_ts: ts(10),
      parent_user_id: "U1",
    },
    {
      type: "message",
      subtype: "bot_message",
      bot_id: "B9",
      username: "ci",
      text: "build passed",
      ts: ts(25),
    },
  ],
  "general/2023-11-15.json": [
    {
      type: "message",
      subtype: "thread_broadcast",
      user: "U2",
      text: "Also to the channel",
      ts: ts(86_400),
      thread_ts: ts(10),
    },
    {
      type: "message",
      subtype: "file_share",
      user: "U1",
      text: "the slides",
      ts: ts(86_500),
      files: [
        {
          id: "F1",
          name: "slides.pdf",
          title: "Slides",
          permalink: "https://acme.slack.com/files/U1/F1/slides.pdf",
        },
      ],
    },
  ],
  "secret/2023-11-14.json": [
    { type: "message", user: "U2", text: "psst <#C1|general>", ts: ts(30) },
  ],
  "mpdm-alice--bob--carol-1/2023-11-14.json": [
    { type: "message", user: "U3", text: "lunch?", ts: ts(40) },
  ],
  "D1/2023-11-14.json": [
    { type: "message", user: "U1", text: "hi bob", ts: ts(50) },
    {
      type: "message",
      user: "U2",
      text: "hi alice :wave:",
      ts: ts(60),
      reactions: [{ name: "heart", users: ["U1"] }],
    },
  ],
};

async function writeZip(file: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const add = (name: string, value: unknown) =>
    zip.addBuffer(Buffer.from(JSON.stringify(value)), name);
  add("users.json", users);
  add("channels.json", channels);
  add("groups.json", groups);
  add("mpims.json", mpims);
  add("dms.json", dms);
  for (const [name, messages] of Object.entries(days)) add(name, messages);
  zip.end();
  await new Promise<void>((resolve, reject) => {
    zip.outputStream
      .pipe(fs.createWriteStream(file))
      .once("close", resolve)
      .once("error", reject);
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "slack-export-"));
  zipFile = path.join(dir, "export.zip");
  await writeZip(zipFile);
  api = await startTestApp();
});

afterAll(async () => {
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const passwords = new Passwords({ memoryKib: 64, timeCost: 1 });
const importOnce = () =>
  runImport(
    api.db,
    api.storage,
    { source: "slack", file: zipFile },
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

async function chat(conversationId: string) {
  return api.db
    .selectFrom("messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .orderBy("seq")
    .execute();
}

async function groupNamed(name: string) {
  return api.db
    .selectFrom("groups")
    .selectAll()
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
}

describe("importing a Slack export", () => {
  let first: Awaited<ReturnType<typeof importOnce>>;
  beforeAll(async () => {
    first = await importOnce();
  }, 60_000);

  it("reads every file and says what it stored and skipped", () => {
    expect(first.counts("users")).toEqual({ read: 4, stored: 4, skipped: 0 });
    expect(first.counts("channels")).toEqual({
      read: 2,
      stored: 2,
      skipped: 0,
    });
    expect(first.counts("messages")).toEqual({
      read: 8,
      stored: 6,
      skipped: 2,
    });
    expect(first.counts("replies")).toEqual({ read: 2, stored: 2, skipped: 0 });
    expect(first.withoutPassword).toBe(2);
    const table = first.table();
    expect(table).toContain("not a message someone wrote (channel_join)");
    expect(table).toContain("a bot's message");
    expect(table).toContain("a custom emoji");
    expect(table).toContain("carried as links");
  });

  it("creates the users: admins, deleted ones and bots unable to sign in", async () => {
    const rows = await api.db
      .selectFrom("users")
      .select(["account", "realname", "role", "status", "email"])
      .where("account", "in", ["alice", "bob", "carol", "deploybot"])
      .orderBy("account")
      .execute();
    expect(rows).toEqual([
      {
        account: "alice",
        realname: "Alice L",
        role: 2,
        status: 1,
        email: "alice@example.com",
      },
      {
        account: "bob",
        realname: "Bobby",
        role: 0,
        status: 1,
        email: "bob@example.com",
      },
      { account: "carol", realname: "Carol", role: 0, status: 0, email: "" },
      {
        account: "deploybot",
        realname: "Deploy Bot",
        role: 0,
        status: 0,
        email: "",
      },
    ]);
  });

  it("makes channels groups (public and private), with topic and purpose, members and owner", async () => {
    const [alice, bob, carol] = await Promise.all(
      ["alice", "bob", "carol"].map(userId),
    );
    const general = await groupNamed("#general");
    expect(general).toMatchObject({
      owner_id: alice,
      notice: "Company news",
      description: "Everyone",
      is_public: 1,
    });
    const secret = await groupNamed("#secret");
    expect(secret).toMatchObject({ owner_id: bob, is_public: 0 });
    const members = await api.db
      .selectFrom("group_members")
      .select("user_id")
      .where("group_id", "=", general.group_id)
      .execute();
    expect(members.map((m) => m.user_id).sort((a, b) => a - b)).toEqual(
      [alice, bob, carol].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    await groupNamed("Alice L, Bobby, Carol");
  });

  it("keeps messages in time order with mentions, threads, broadcasts, reactions and file links", async () => {
    const [alice = 0, bob = 0] = await Promise.all(
      ["alice", "bob"].map(userId),
    );
    const general = await groupNamed("#general");
    const rows = await chat(`group-${general.group_id}`);
    expect(rows.map((m) => m.created_at)).toEqual(
      [10, 20, 86_400, 86_500].map((s) => (T + s) * 1000),
    );
    const [hello, reply, broadcast, slides] = rows;
    expect(hello?.content).toBe(
      'Hello @Bobby, see the plan (<a href="https://example.com/plan" target="_blank" rel="noopener noreferrer">https://example.com/plan</a>) &amp; @here',
    );
    // <@U2> and <!here>: 熊二… Bobby and everyone are mentioned.
    expect(hello?.at.split(",").map(Number).sort()).toEqual([0, bob].sort());
    expect(reply).toMatchObject({
      thread_root: hello?.msg_id,
      thread_broadcast: 0,
    });
    expect(broadcast).toMatchObject({
      thread_root: hello?.msg_id,
      thread_broadcast: 1,
    });
    expect(slides?.content).toContain("📎 Slides: ");
    expect(slides?.content).toContain(
      'href="https://acme.slack.com/files/U1/F1/slides.pdf"',
    );
    const reactions = await api.db
      .selectFrom("message_reactions")
      .select(["msg_id", "user_id", "emoji"])
      .orderBy("reaction_id")
      .execute();
    expect(
      reactions.filter((r) => r.msg_id === hello?.msg_id).map((r) => r.emoji),
    ).toEqual(["👍", "👍"]);
    const dm = await chat(alice < bob ? `${alice}-${bob}` : `${bob}-${alice}`);
    expect(dm.map((m) => [m.from_user, m.content])).toEqual([
      [alice, "hi bob"],
      [bob, "hi alice :wave:"],
    ]);
    expect(
      reactions.some(
        (r) =>
          r.msg_id === dm[1]?.msg_id && r.emoji === "❤️" && r.user_id === alice,
      ),
    ).toBe(true);
    const secret = await chat(
      `group-${(await groupNamed("#secret")).group_id}`,
    );
    expect(secret.map((m) => m.content)).toEqual(["psst #general"]);
  });

  it("adds nothing when run again", async () => {
    const again = await importOnce();
    for (const kind of [
      "users",
      "channels",
      "messages",
      "replies",
      "reactions",
      "group DMs",
    ])
      expect(again.counts(kind).stored, kind).toBe(0);
  });

  it("refuses a ZIP that is not a Slack export", async () => {
    const other = path.join(dir, "other.zip");
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from("hello"), "readme.txt");
    zip.end();
    await new Promise<void>((resolve) =>
      zip.outputStream.pipe(fs.createWriteStream(other)).once("close", resolve),
    );
    await expect(
      runImport(
        api.db,
        api.storage,
        { source: "slack", file: other },
        passwords,
        null,
      ),
    ).rejects.toThrow(/not a Slack export/);
    fs.writeFileSync(path.join(dir, "broken.zip"), "not a zip at all");
    await expect(
      runImport(
        api.db,
        api.storage,
        { source: "slack", file: path.join(dir, "broken.zip") },
        passwords,
        null,
      ),
    ).rejects.toThrow();
  });
});
