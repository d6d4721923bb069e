import { createCipheriv, createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Message } from "@parley/protocol";
import mysql from "mysql2/promise";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/build-test-app.js";
import { startMariaDb, type OwnMariaDb } from "../../test/mariadb-server.js";
import { createProcessDatabase } from "../../test/server-process.js";
import { expectResumedOnce, runImporter } from "../../test/importer-process.js";
import { Passwords } from "../lib/passwords.js";
import { LocalStorage } from "../storage/local-storage.js";
import { raingadDecrypt } from "./raingad.js";
import { runImport } from "./run.js";

/*
 * Issue 47, the Raingad importer (extensions.md §8), against a real MariaDB loaded with
 * Raingad's tables and data made here: users sign in with their Raingad passwords (made
 * anew with argon2id at the first login), disabled and deleted ones cannot; friends,
 * requests, groups with roles, settings, notices and mutes; messages of every type in
 * order, encrypted ones decrypted, withdrawn as withdrawn, quotes kept, files copied,
 * "deleted for me" kept; yu_config mapped and checked. A second run adds nothing, and a
 * run killed with SIGKILL resumes without a duplicate. On SQLite, and PostgreSQL in CI.
 */

const AES_KEY = "raingad-chat-key";
const T0 = 1_700_000_000;

let maria: OwnMariaDb;
let api: TestApp;
let filesDir: string;
let storageDir: string;
let sourceUrl: string;

function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}

/** Raingad's `utils\Aes::encrypt`. */
function encrypt(text: string): string {
  const key = Buffer.alloc(16);
  Buffer.from(AES_KEY).copy(key);
  const cipher = createCipheriv("aes-128-ecb", key, null);
  return Buffer.concat([cipher.update(text, "utf8"), cipher.final()]).toString(
    "base64",
  );
}

interface RaingadUser {
  id: number;
  account: string;
  realname: string;
  password: string;
  salt: string;
  role?: number;
  status?: number;
  deleted?: boolean;
}

const USERS: RaingadUser[] = [
  {
    id: 1,
    account: "administrator",
    realname: "管理员",
    password: "rg-admin1",
    salt: "srww",
    role: 1,
  },
  {
    id: 2,
    account: "13800000002",
    realname: "熊大",
    password: "bear-one1",
    salt: "x9y8",
  },
  {
    id: 3,
    account: "13800000003",
    realname: "熊二",
    password: "bear-two2",
    salt: "ab12",
  },
  {
    id: 4,
    account: "carol",
    realname: "Carol",
    password: "carol-pw3",
    salt: "",
  },
  {
    id: 5,
    account: "dave",
    realname: "Dave",
    password: "dave-pw44",
    salt: "qq11",
    status: 0,
  },
  {
    id: 6,
    account: "erin",
    realname: "Erin",
    password: "erin-pw55",
    salt: "zz99",
    deleted: true,
  },
  {
    id: 7,
    account: "admin",
    realname: "Raingad's admin",
    password: "other-pw7",
    salt: "a1b2",
  },
];

async function fill(url: string, messageCount = 0): Promise<void> {
  const c = await mysql.createConnection({ uri: url, charset: "utf8mb4" });
  try {
    for (const u of USERS)
      await c.query(
        `insert into yu_user (user_id, account, realname, password, salt, email, sex, role,
          motto, setting, create_time, status, delete_time, avatar)
         values (?, ?, ?, ?, ?, ?, 1, ?, 'motto', ?, ?, ?, ?, ?)`,
        [
          u.id,
          u.account,
          u.realname,
          md5(u.salt + u.password + u.salt),
          u.salt,
          `${u.account}@example.com`,
          u.role ?? 0,
          JSON.stringify({
            theme: "blue",
            isVoice: "true",
            sendKey: "2",
            avatarCricle: "true",
            hideMessageName: "false",
            hideMessageTime: "true",
          }),
          T0 - 1000,
          u.status ?? 1,
          u.deleted ? T0 : 0,
          u.id === 2
            ? "/storage/avatar/20231114/bear.png"
            : u.id === 3
              ? "/storage/avatar/gone.png"
              : "",
        ],
      );
    // Friends: 2⇄3 both ways with remarks; 2→4 one way; 5→3 waiting; 6→2 refused.
    const friends: [number, number, string, number, number, string][] = [
      [2, 3, "Little bear", 1, 1, "hi, it's 熊大"],
      [3, 2, "Big bear", 0, 1, ""],
      [2, 4, "Caz", 1, 1, "add me"],
      [5, 3, "", 1, 2, "please add me"],
      [6, 2, "", 1, 0, "refused one"],
    ];
    for (const [from, to, nickname, invite, status, remark] of friends)
      await c.query(
        `insert into yu_friend (create_user, friend_user_id, nickname, is_invite, status, remark, create_time)
         values (?, ?, ?, ?, ?, ?, ?)`,
        [from, String(to), nickname, invite, status, remark, T0 - 500],
      );
    await c.query(
      `insert into yu_group (group_id, name, owner_id, create_user, create_time, notice, setting, avatar)
       values (1, '春游交流', 2, 2, ?, 'Bring water', ?, '/storage/avatar/20231114/bear.png')`,
      [
        T0 - 100,
        JSON.stringify({
          manage: "0",
          invite: "1",
          nospeak: "1",
          history: "0",
        }),
      ],
    );
    const members: [number, number, number, number, number][] = [
      [2, 1, T0 - 100, 0, 0],
      [3, 2, T0 - 100, 2, 0],
      // Carol joined after the first message, and is muted for a day from now.
      [4, 3, T0 + 75, 0, Math.floor(Date.now() / 1000) + 86_400],
    ];
    for (const [user, role, joined, unread, mute] of members)
      await c.query(
        `insert into yu_group_user (group_id, user_id, role, create_time, unread, no_speak_time)
         values (1, ?, ?, ?, ?, ?)`,
        [user, role, joined, unread, mute],
      );
    // Dave left the group.
    await c.query(
      `insert into yu_group_user (group_id, user_id, role, create_time, status, delete_time)
       values (1, 5, 3, ?, 1, ?)`,
      [T0, T0 + 10],
    );
    await c.query(
      `insert into yu_file (file_id, name, src, size, ext, user_id, create_time)
       values (1, 'bears.png', '/storage/image/20231114/bears.png', 0, 'png', 2, ?),
              (2, 'plan.txt', '/storage/file/20231114/plan.txt', 0, 'txt', 2, ?),
              (3, 'lost.mp3', '/storage/voice/gone.mp3', 0, 'mp3', 2, ?)`,
      [T0, T0, T0],
    );
    const m = (
      id: number,
      from: number,
      to: number,
      type: string,
      content: string,
      extra: Record<string, unknown> = {},
    ) => ({
      msg_id: id,
      from_user: from,
      to_user: to,
      type,
      content: encrypt(content),
      create_time: T0 + id * 10,
      is_group: 0,
      is_read: 1,
      ...extra,
    });
    const rows = [
      m(1, 2, 3, "text", "Hello <b>熊二</b>"),
      m(2, 3, 2, "text", "Hi back", { pid: 1 }),
      m(3, 2, 3, "image", "/storage/image/20231114/bears.png", {
        file_id: 1,
        file_name: "bears.png",
      }),
      m(4, 2, 3, "file", "/storage/file/20231114/plan.txt", {
        file_id: 2,
        file_name: "plan.txt",
        is_read: 0,
      }),
      m(5, 3, 2, "text", "oops, wrong chat", { is_undo: 1 }),
      m(6, 2, 3, "text", "deleted by 熊二 for himself", {
        del_user: "3",
        is_read: 0,
      }),
      m(7, 2, 1, "text", "early news", { is_group: 1 }),
      m(8, 4, 1, "text", "@熊二 hello group", { is_group: 1, at: "3" }),
      m(9, 2, 3, "webrtc", "通话时长 01:05", {
        extends: JSON.stringify({
          type: 0,
          status: 1,
          code: 906,
          callTime: 65,
          sdp: "x",
        }),
      }),
      m(10, 2, -1, "text", "note to self", { is_group: 3 }),
      m(11, 2, 3, "voice", "/storage/voice/gone.mp3", {
        file_id: 3,
        file_name: "lost.mp3",
      }),
      m(12, 99, 3, "text", "from nobody"),
    ];
    for (let i = 0; i < messageCount; i += 1)
      rows.push(m(100 + i, i % 2 ? 2 : 3, i % 2 ? 3 : 2, "text", `bulk ${i}`));
    for (const row of rows) {
      const keys = Object.keys(row);
      await c.query(
        `insert into yu_message (${keys.join(", ")}) values (${keys.map(() => "?").join(", ")})`,
        keys.map((k) => (row as Record<string, unknown>)[k]),
      );
    }
    const config = {
      sysInfo: {
        name: "Bears Inc",
        state: "1",
        runMode: "1",
        regtype: "2",
        regauth: "0",
        ipregion: "1",
        description: "一款即时通信系统",
        registerInterval: "600",
        closeTips: "升级中",
      },
      chatInfo: {
        online: "1",
        redoTime: "300",
        msgClear: "1",
        msgClearDay: "30",
        sendInterval: "-3",
        groupChat: "1",
        simpleChat: "1",
        groupUserMax: "0",
        autoAddUser: { status: "0" },
      },
      smtp: { host: "smtp.example.com", pass: "secret" },
      fileUpload: {
        disk: "local",
        size: "50",
        fileExt: ["jpg", "PNG", "txt", "KLKV"],
      },
      compass: { list: [], mode: 1, status: 0 },
    };
    await c.query(
      `insert into yu_emoji (user_id, name, src, create_time) values (2, 'wave', '/storage/emoji/wave.gif', ?)`,
      [T0],
    );
    for (const [name, value] of Object.entries(config))
      await c.query(`insert into yu_config (name, value) values (?, ?)`, [
        name,
        JSON.stringify(value),
      ]);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  maria = await startMariaDb();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "raingad-storage-"));
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-storage-"));
  fs.mkdirSync(path.join(filesDir, "image/20231114"), { recursive: true });
  fs.mkdirSync(path.join(filesDir, "file/20231114"), { recursive: true });
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: "#36c" },
  })
    .png()
    .toBuffer();
  fs.writeFileSync(path.join(filesDir, "image/20231114/bears.png"), png);
  fs.mkdirSync(path.join(filesDir, "avatar/20231114"), { recursive: true });
  fs.writeFileSync(path.join(filesDir, "avatar/20231114/bear.png"), png);
  fs.writeFileSync(
    path.join(filesDir, "file/20231114/plan.txt"),
    "picnic at nine\n",
  );
  sourceUrl = await maria.raingadDatabase("raingad");
  await fill(sourceUrl);
  api = await startTestApp({}, { storage: new LocalStorage(storageDir) });
}, 60_000);

afterAll(async () => {
  await api.close();
  await maria.stop();
  for (const dir of [filesDir, storageDir])
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const importOnce = () =>
  runImport(
    api.db,
    api.storage,
    { source: "raingad", mysqlUrl: sourceUrl, filesDir, aesKey: AES_KEY },
    new Passwords({ memoryKib: 64, timeCost: 1 }),
    null,
  );

async function login(account: string, password: string) {
  return api.post("/common/pub/login", { account, password });
}

async function tokenOf(account: string, password: string): Promise<string> {
  const res = await login(account, password);
  expect(res.code, res.msg).toBe(0);
  return (res.data as { authToken: string }).authToken;
}

async function history(
  token: string,
  toContactId: number | string,
): Promise<Message[]> {
  const res = await api.post(
    "/enterprise/im/getMessageList",
    { toContactId, limit: 50 },
    { token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as Message[];
}

async function localIds(...accounts: string[]): Promise<number[]> {
  return Promise.all(accounts.map(localId));
}

async function localId(account: string): Promise<number> {
  const row = await api.db
    .selectFrom("users")
    .select("user_id")
    .where("account", "=", account)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

describe("importing a Raingad database", () => {
  let first: Awaited<ReturnType<typeof importOnce>>;
  beforeAll(async () => {
    first = await importOnce();
  }, 120_000);

  it("keeps what each receiver had not read (before anyone opens a chat)", async () => {
    const [bear1 = 0, bear2 = 0] = await localIds("13800000002", "13800000003");
    const view = await api.db
      .selectFrom("user_conversations")
      .select("unread")
      .where("user_id", "=", bear2)
      .where("peer_id", "=", String(bear1))
      .executeTakeFirstOrThrow();
    // plan.txt and the message 熊二 deleted for himself were not read.
    expect(view.unread).toBe(2);
  });

  it("reads everything and says what it stored and skipped", () => {
    expect(first.counts("users")).toEqual({ read: 7, stored: 6, skipped: 1 });
    expect(first.counts("groups")).toMatchObject({ read: 1, stored: 1 });
    expect(first.counts("messages")).toEqual({
      read: 12,
      stored: 11,
      skipped: 1,
    });
    const table = first.table();
    expect(table).toMatch(/users\s+7\s+6\s+1/);
    expect(table).toContain("an account of that name was here: merged with it");
    expect(table).toContain("its sender was not imported");
    expect(table).toContain("chatInfo.sendInterval");
    expect(table).toContain("retention imported switched off");
    expect(table).toContain("smtp: set mail up again");
    expect(table).toContain("saved emoji: 1 not carried");
  });

  it("signs users in with their Raingad passwords, rehashed with argon2id at the first login", async () => {
    const before = await api.db
      .selectFrom("users")
      .select("password_hash")
      .where("account", "=", "13800000002")
      .executeTakeFirstOrThrow();
    expect(before.password_hash).toMatch(/^raingad-md5\$x9y8\$/);
    expect((await login("13800000002", "wrong-pass")).code).not.toBe(0);
    await tokenOf("13800000002", "bear-one1");
    const after = await api.db
      .selectFrom("users")
      .select("password_hash")
      .where("account", "=", "13800000002")
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    await tokenOf("13800000002", "bear-one1");
    // An empty salt, and the super administrator keeps their role.
    await tokenOf("carol", "carol-pw3");
    const admin = await api.db
      .selectFrom("users")
      .select("role")
      .where("account", "=", "administrator")
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe(1);
  });

  it("imports disabled and deleted users unable to sign in, and leaves a merged account's password alone", async () => {
    expect((await login("dave", "dave-pw44")).code).not.toBe(0);
    expect((await login("erin", "erin-pw55")).code).not.toBe(0);
    expect((await login("admin", "other-pw7")).code).not.toBe(0);
    await tokenOf("admin", "admin-pass1");
  });

  it("makes friends of agreed rows with each side's remark, and keeps requests", async () => {
    const [bear1 = 0, bear2 = 0, carol = 0, dave = 0] = await localIds(
      "13800000002",
      "13800000003",
      "carol",
      "dave",
    );
    const rows = await api.db
      .selectFrom("friends")
      .selectAll()
      .where("user_id", "in", [bear1, bear2, carol])
      .execute();
    const pairs = rows
      .map((r) => `${r.user_id}>${r.friend_user_id}:${r.nickname}`)
      .sort();
    expect(pairs).toEqual(
      [
        `${bear1}>${bear2}:Little bear`,
        `${bear2}>${bear1}:Big bear`,
        `${bear1}>${carol}:Caz`,
        `${carol}>${bear1}:`,
      ].sort(),
    );
    const waiting = await api.db
      .selectFrom("friend_applications")
      .selectAll()
      .where("from_user_id", "=", dave)
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({
      to_user_id: bear2,
      status: 2,
      remark: "please add me",
    });
  });

  it("imports the group with its roles, settings, notice and mute; late joiners see what they saw", async () => {
    const [bear1 = 0, bear2 = 0, carol = 0, dave = 0] = await localIds(
      "13800000002",
      "13800000003",
      "carol",
      "dave",
    );
    const group = await api.db
      .selectFrom("groups")
      .selectAll()
      .where("name", "=", "春游交流")
      .executeTakeFirstOrThrow();
    expect(group.owner_id).toBe(bear1);
    expect(group.notice).toBe("Bring water");
    expect(JSON.parse(group.setting)).toMatchObject({
      nospeak: "1",
      history: "0",
      invite: "1",
    });
    const members = await api.db
      .selectFrom("group_members")
      .selectAll()
      .where("group_id", "=", group.group_id)
      .execute();
    const roles = Object.fromEntries(members.map((m) => [m.user_id, m.role]));
    expect(roles).toEqual({ [bear1]: 1, [bear2]: 2, [carol]: 3 });
    expect(members.some((m) => m.user_id === dave)).toBe(false);
    expect(
      members.find((m) => m.user_id === carol)?.muted_until,
    ).toBeGreaterThan(Date.now());
    const carolToken = await tokenOf("carol", "carol-pw3");
    const seen = await history(carolToken, `group-${group.group_id}`);
    expect(seen.map((m) => m.content)).toEqual([
      expect.stringContaining("hello group"),
    ]);
    const bearToken = await tokenOf("13800000003", "bear-two2");
    const all = await history(bearToken, `group-${group.group_id}`);
    expect(all.map((m) => m.content)).toEqual([
      "early news",
      expect.stringContaining("hello group"),
    ]);
    // The mention of 熊二 is kept.
    expect(all[1]?.at.map(Number)).toEqual([bear2]);
  });

  it("imports one-to-one messages of every type in order: decrypted, withdrawn, quoted, files, calls", async () => {
    const [bear1 = 0, bear2 = 0] = await localIds("13800000002", "13800000003");
    const token = await tokenOf("13800000003", "bear-two2");
    const chat = await history(token, bear1);
    expect(chat.map((m) => m.type)).toEqual([
      "text",
      "text",
      "image",
      "file",
      "event",
      "webrtc",
      "text",
    ]);
    const [hello, reply, image, file, withdrawn, call, lost] = chat;
    // As a send stores it: markup typed in a chat is text.
    expect(hello?.content).toBe("Hello &lt;b&gt;熊二&lt;/b&gt;");
    expect(reply?.extends).toMatchObject({
      quote: { msg_id: hello?.msg_id, user_id: bear1 },
    });
    expect(withdrawn?.extends).toMatchObject({ event: "undo", user_id: bear2 });
    expect(call?.extends).toMatchObject({ code: 906, callTime: 65 });
    expect(call?.extends).not.toHaveProperty("sdp");
    // The voice message whose file was missing says what it carried.
    expect(lost?.content).toContain("lost.mp3");
    // "Deleted for me" stays deleted for 熊二 only.
    expect(chat.some((m) => m.content.includes("deleted by"))).toBe(false);
    const mine = await history(
      await tokenOf("13800000002", "bear-one1"),
      await localId("13800000003"),
    );
    expect(mine.some((m) => m.content.includes("deleted by"))).toBe(true);
    // Times are Raingad's seconds, in order.
    expect(chat.map((m) => m.sendTime)).toEqual(
      [...chat.map((m) => m.sendTime)].sort((a, b) => a - b),
    );
    expect(hello?.sendTime).toBe((T0 + 10) * 1000);
    // The files are copied: their bytes download.
    for (const [message, bytes] of [
      [image, fs.readFileSync(path.join(filesDir, "image/20231114/bears.png"))],
      [file, Buffer.from("picnic at nine\n")],
    ] as const) {
      const fileId = (
        await api.db
          .selectFrom("messages")
          .select("file_id")
          .where("msg_id", "=", message?.msg_id ?? 0)
          .executeTakeFirstOrThrow()
      ).file_id;
      const stored = await api.db
        .selectFrom("files as f")
        .innerJoin("blobs as b", "b.blob_id", "f.blob_id")
        .select("b.storage_key")
        .where("f.file_id", "=", fileId ?? 0)
        .executeTakeFirstOrThrow();
      expect(
        fs.readFileSync(path.join(storageDir, stored.storage_key)),
      ).toEqual(bytes);
    }
    const withdrawnRow = await api.db
      .selectFrom("messages")
      .selectAll()
      .where("msg_id", "=", withdrawn?.msg_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(withdrawnRow).toMatchObject({ is_undo: 1, type: "event" });
  });

  it("draws avatars from Raingad's pictures, and says which it could not find", async () => {
    const bear = await api.db
      .selectFrom("users")
      .select(["user_id", "avatar"])
      .where("account", "=", "13800000002")
      .executeTakeFirstOrThrow();
    expect(bear.avatar).toMatch(
      new RegExp(`^/storage/avatar/${bear.user_id}/[0-9a-f]{24}\\.png$`),
    );
    const drawn = await sharp(
      fs.readFileSync(
        path.join(storageDir, bear.avatar.slice("/storage/".length)),
      ),
    ).metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual([
      "png",
      240,
      240,
    ]);
    const group = await api.db
      .selectFrom("groups")
      .select(["group_id", "avatar"])
      .where("name", "=", "春游交流")
      .executeTakeFirstOrThrow();
    expect(group.avatar).toMatch(
      new RegExp(`^/storage/avatar/group_${group.group_id}/`),
    );
    expect(first.counts("avatars")).toEqual({ read: 3, stored: 2, skipped: 1 });
    expect(first.table()).toContain("avatars: 1 missing from the files folder");
  });

  it("keeps the note to oneself", async () => {
    const bear1 = await localId("13800000002");
    const self = await api.db
      .selectFrom("messages")
      .select(["from_user", "to_user", "content"])
      .where("from_user", "=", bear1)
      .where("to_user", "=", bear1)
      .execute();
    expect(self.map((m) => m.content)).toEqual(["note to self"]);
  });

  it("maps yu_config: accepted values kept, refused ones left at Parley's default, retention off", async () => {
    const rows = await api.db
      .selectFrom("config")
      .select(["name", "value"])
      .where("name", "in", ["sysInfo", "chatInfo", "fileUpload"])
      .execute();
    const config = Object.fromEntries(
      rows.map((r) => [r.name, JSON.parse(r.value) as Record<string, unknown>]),
    );
    expect(config.sysInfo).toMatchObject({
      name: "Bears Inc",
      regtype: "2",
      description: "一款即时通信系统",
    });
    expect(config.sysInfo).not.toHaveProperty("registerInterval");
    expect(config.chatInfo).toMatchObject({
      redoTime: "300",
      msgClearDay: "0",
    });
    expect(config.chatInfo?.sendInterval).not.toBe("-3");
    expect(config.fileUpload?.fileExt).toEqual(["jpg", "png", "txt", "klkv"]);
  });

  it("adds nothing when run again", async () => {
    const count = async () =>
      (
        await api.db
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const again = await importOnce();
    for (const kind of [
      "users",
      "groups",
      "messages",
      "files",
      "friends",
      "friend requests",
      "avatars",
    ])
      expect(again.counts(kind).stored, kind).toBe(0);
    expect(await count()).toBe(before);
  }, 60_000);
});

describe("a Raingad import killed with SIGKILL", () => {
  it("resumes where it stopped and stores each message once", async () => {
    const url = await maria.raingadDatabase("raingad_big");
    const total = 1500;
    await fill(url, total);
    const { database, cleanup } = createProcessDatabase();
    const args = [
      "raingad",
      "--mysql",
      url,
      "--files",
      filesDir,
      "--aes-key",
      AES_KEY,
    ];
    try {
      // Killed once it has stored some of the messages (a tenth of them reported).
      const killed = await runImporter(database, args, /messages \d+\/\d+/);
      expect(killed.code, killed.output).toBeNull();
      const resumed = await runImporter(database, args);
      expect(resumed.code, resumed.output).toBe(0);
      // 11 of the 12 base messages (one has no sender) and the bulk ones.
      await expectResumedOnce(database, "raingad", total + 11, resumed.output);
    } finally {
      await cleanup();
    }
  }, 180_000);
});

describe("Raingad's chat encryption", () => {
  it("reads what PHP's openssl_encrypt aes-128-ecb wrote, and says when a key does not fit", () => {
    expect(raingadDecrypt(encrypt("你好 world"), AES_KEY)).toBe("你好 world");
    expect(raingadDecrypt(encrypt("x"), "another-key")).toBeNull();
  });
});
