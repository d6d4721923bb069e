import { randomUUID } from "node:crypto";
import { type Contact, type Message, textToHtml } from "@parley/protocol";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { createTestDb } from "../../../test/test-db.js";
import { migrateToLatest } from "../../db/database.js";
import { searchMessages } from "./search.repository.js";

/*
 * The history panel's search (SPEC §2, §4; migration 0008): words in any script, found in
 * what a reader sees, one conversation at a time, each type tab on its own, with a count
 * exact up to the cap. Every case runs on SQLite (FTS5) and, with TEST_DATABASE_URL, on
 * PostgreSQL (pg_trgm).
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const EN = { "Accept-Language": "en" };
const CAP = 1000;

const post = (user: TestUser, path: string, body: object = {}) =>
  api.post(`/enterprise/${path}`, body, { token: user.token, headers: EN });

/** What each sent message's sender typed, by client id. */
const typed = new Map<string, string>();

/** Sends typed text as the web client does (escaped HTML, line breaks as <br>). */
async function say(
  from: TestUser,
  to: number | string,
  text: string,
): Promise<Message> {
  return sendRaw(from, to, textToHtml(text), text);
}

/** Sends content as posted (an older client's HTML); `text` is what a reader sees. */
async function sendRaw(
  from: TestUser,
  to: number | string,
  content: string,
  text = content,
): Promise<Message> {
  const res = await post(from, "im/sendMessage", {
    id: randomUUID(),
    type: "text",
    content,
    toContactId: to,
    is_group: typeof to === "string" ? 1 : 0,
  });
  expect(res.code, res.msg).toBe(0);
  const message = res.data as Message;
  typed.set(message.id, text);
  return message;
}

type Tab = "all" | "text" | "image" | "video" | "file";

/** One page of the history panel: what each entry shows, newest first, and the count. */
async function search(
  user: TestUser,
  chat: number | string,
  keywords: string,
  options: { type?: Tab; page?: number } = {},
): Promise<{ shown: string[]; count: number }> {
  const res = await post(user, "im/getMessageList", {
    toContactId: chat,
    is_group: typeof chat === "string" ? 1 : 0,
    type: options.type ?? "all",
    keywords,
    page: options.page ?? 1,
    limit: 20,
  });
  expect(res.code, res.msg).toBe(0);
  const shown = (res.data as Message[]).map(
    (m) => typed.get(m.id) ?? (m.fileName || m.content),
  );
  return { shown, count: res.count };
}

const found = async (
  user: TestUser,
  chat: number | string,
  keywords: string,
  type?: Tab,
) => (await search(user, chat, keywords, type ? { type } : {})).shown;

/** Posts a file as the web client does: the bytes and the message as JSON. */
async function upload(
  from: TestUser,
  to: number,
  bytes: Buffer,
  name: string,
  type: "image" | "file",
): Promise<void> {
  const form = new FormData();
  form.append(
    "message",
    JSON.stringify({ id: randomUUID(), type, toContactId: to }),
  );
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const res = await api.post(
    "/common/upload/uploadFile",
    {},
    { token: from.token, raw: form, headers: EN },
  );
  expect(res.code, res.msg).toBe(0);
}

describe("words in any script", () => {
  /** Sent in this order; each query's answer is every text that contains it, newest first. */
  const corpus = [
    "我们明天开会讨论项目进度",
    "今天天气很好",
    "开会",
    "会议室在三楼",
    "東京で会議があります",
    "ありがとうございます",
    "안녕하세요 회의는 내일입니다",
    "Deploy the server tonight",
    "The SERVER is down",
    "release notes for v2",
    "项目 release 明天 deploy 上线",
    '100% done_now "quoted" *star* (a OR b)',
    "if a<b then\nnext line",
    "plain & simple",
  ];
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    [alice, bob] = await registerMany(api, 2, "Words");
    for (const [i, text] of corpus.entries())
      await say(i % 2 ? bob : alice, i % 2 ? alice.userId : bob.userId, text);
  });

  const containing = (query: string) =>
    corpus
      .filter((text) => text.toLowerCase().includes(query.toLowerCase()))
      .reverse();

  it.each([
    ["Chinese, one character", "会"],
    ["Chinese, two characters", "开会"],
    ["Chinese, three characters", "开会讨"],
    ["Chinese, four characters", "开会讨论"],
    ["Chinese, a word in two texts", "项目"],
    ["Japanese kana and kanji", "で会議"],
    ["Japanese kana", "ありがと"],
    ["Korean, two syllables", "회의"],
    ["Korean, a word", "안녕하세요"],
    ["English word", "server"],
    ["English word, any case", "SeRvEr"],
    ["English substring", "erv"],
    ["English, two letters", "De"],
    ["English, one letter", "v"],
    ["Chinese and English together", "release 明天"],
    ["percent", "%"],
    ["underscore", "_"],
    ["quote", '"'],
    ["star", "*"],
    ["wildcards in words", "100% done_now"],
    ["quotes in words", '"quoted"'],
    ["FTS syntax taken literally", "*star*"],
    ["FTS operators taken literally", "a OR b"],
    ["an FTS column filter taken literally", "body:x"],
    ["SQL taken literally", "') or 1=1 --"],
    ["a typed < (stored as &lt;)", "a<b"],
    ["a word before a line break", "then"],
    ["a word after a line break", "next"],
    ["an ampersand", "&"],
    ["the escaped form is not what a reader sees", "&lt;"],
    ["the line break's tag is not text", "br"],
    ["nothing of it", "不存在的词"],
  ])("%s: %j", async (_name, query) => {
    const expected = containing(query);
    const mine = await search(alice, bob.userId, query);
    expect(mine.shown).toEqual(expected);
    expect(mine.count).toBe(expected.length);
    expect(await found(bob, alice.userId, query)).toEqual(expected);
  });

  it("finds a line break's neighbours apart, never run together", async () => {
    expect(await found(alice, bob.userId, "then next")).toEqual([]);
    expect(await found(alice, bob.userId, "then\nnext")).toEqual([
      "if a<b then\nnext line",
    ]);
  });

  it("searches what a reader sees of an older client's HTML: no tag, no attribute", async () => {
    const [carol, dan] = await registerMany(api, 2, "Html");
    const emoji =
      'good<img src="https://cdn.example/e/smile.png" alt="[smile]">morning';
    await sendRaw(carol, dan.userId, emoji, "good🙂morning");
    await sendRaw(
      carol,
      dan.userId,
      'see <a href="https://example.com/docs">example.com/docs</a> now',
      "see example.com/docs now",
    );
    expect(await found(carol, dan.userId, "good")).toEqual(["good🙂morning"]);
    expect(await found(carol, dan.userId, "morning")).toEqual([
      "good🙂morning",
    ]);
    // An emoji picture sits between the words: they do not run together.
    expect(await found(carol, dan.userId, "goodmorning")).toEqual([]);
    expect(await found(carol, dan.userId, "dm")).toEqual([]);
    expect(await found(carol, dan.userId, "example.com/docs now")).toEqual([
      "see example.com/docs now",
    ]);
    for (const hidden of ["smile", "https", "href", "img", "src", "cdn"])
      expect(await found(carol, dan.userId, hidden), hidden).toEqual([]);
  });

  it("keeps each conversation to itself", async () => {
    const [carol] = await registerMany(api, 1, "Other");
    await say(carol, bob.userId, "开会 server");
    expect(await found(alice, bob.userId, "开会 server")).toEqual([]);
    expect(await found(bob, carol.userId, "会")).toEqual(["开会 server"]);
    expect(await found(bob, carol.userId, "server")).toEqual(["开会 server"]);
  });
});

describe("the tabs", () => {
  it("searches texts and file names; pictures and videos show no words", async () => {
    const [ann, ben] = await registerMany(api, 2, "Tabs");
    await say(ann, ben.userId, "季度报告已经发给你了");
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: "#2266aa" },
    })
      .png()
      .toBuffer();
    await upload(ann, ben.userId, png, "季度报告截图.png", "image");
    await upload(
      ann,
      ben.userId,
      Buffer.from("%PDF-1.4 quarterly"),
      "季度报告-Final.pdf",
      "file",
    );

    expect(await found(ben, ann.userId, "季度报告")).toEqual([
      "季度报告-Final.pdf",
      "季度报告已经发给你了",
    ]);
    expect(await found(ben, ann.userId, "报告", "text")).toEqual([
      "季度报告已经发给你了",
    ]);
    expect(await found(ben, ann.userId, "报告", "file")).toEqual([
      "季度报告-Final.pdf",
    ]);
    expect(await found(ben, ann.userId, "final.PDF", "file")).toEqual([
      "季度报告-Final.pdf",
    ]);
    expect(await found(ben, ann.userId, "报告", "image")).toEqual([]);
    expect(await found(ben, ann.userId, "报告", "video")).toEqual([]);
    // Without words each tab lists its own type.
    expect(await search(ben, ann.userId, "", { type: "image" })).toEqual({
      shown: ["季度报告截图.png"],
      count: 1,
    });
    expect(await search(ben, ann.userId, "", { type: "file" })).toEqual({
      shown: ["季度报告-Final.pdf"],
      count: 1,
    });
    expect(await search(ben, ann.userId, "", { type: "text" })).toEqual({
      shown: ["季度报告已经发给你了"],
      count: 1,
    });
    expect((await search(ben, ann.userId, "", { type: "all" })).count).toBe(3);
  });
});

/** A group of `members` made by `owner`; its contact id. */
async function makeGroup(
  owner: TestUser,
  members: TestUser[],
): Promise<string> {
  const res = await post(owner, "group/add", {
    name: "Search",
    user_ids: members.map((m) => m.userId),
  });
  expect(res.code, res.msg).toBe(0);
  return String((res.data as Contact).id);
}

describe("who may find what", () => {
  it("with a group's history off, a newcomer finds only what came after joining", async () => {
    const [owner, ann, ben, late] = await registerMany(api, 4, "Hist");
    const id = await makeGroup(owner, [ann, ben]);
    await say(owner, id, "旧消息 old notes");
    const settings = await post(owner, "group/groupSetting", {
      id,
      setting: { history: "0" },
    });
    expect(settings.code, settings.msg).toBe(0);
    const added = await post(owner, "group/addGroupUser", {
      id,
      user_ids: [late.userId],
    });
    expect(added.code, added.msg).toBe(0);
    await say(ann, id, "新消息 new notes");

    expect(await found(late, id, "消息")).toEqual(["新消息 new notes"]);
    expect(await found(late, id, "notes")).toEqual(["新消息 new notes"]);
    expect(await found(late, id, "旧")).toEqual([]);
    expect(await found(late, id, "old")).toEqual([]);
    expect((await search(late, id, "", { type: "text" })).shown).toEqual([
      "新消息 new notes",
    ]);
    expect(await found(ann, id, "消息")).toEqual([
      "新消息 new notes",
      "旧消息 old notes",
    ]);
  });

  it("leaves out what I hid for myself; once both sides hid it, it is gone", async () => {
    const [alice, bob] = await registerMany(api, 2, "Hide");
    const hidden = await say(alice, bob.userId, "隐藏 hide-this");
    await say(alice, bob.userId, "隐藏 keep-this");
    expect(
      (await post(alice, "im/removeMessage", { id: hidden.id })).code,
    ).toBe(0);
    for (const words of ["隐藏", "隐", "hide", "this"])
      expect(await found(alice, bob.userId, words), words).toEqual(
        words === "hide" ? [] : ["隐藏 keep-this"],
      );
    expect(await found(bob, alice.userId, "hide-this")).toEqual([
      "隐藏 hide-this",
    ]);
    expect(await search(alice, bob.userId, "", { type: "text" })).toEqual({
      shown: ["隐藏 keep-this"],
      count: 1,
    });
    expect((await post(bob, "im/removeMessage", { id: hidden.id })).code).toBe(
      0,
    );
    expect(await found(bob, alice.userId, "隐藏")).toEqual(["隐藏 keep-this"]);
  });

  it("a withdrawn message is found by nobody, and its words leave the index", async () => {
    const [alice, bob] = await registerMany(api, 2, "Undo");
    // Rare characters: their bytes are in the index's pages only because of this message.
    const rare = ["鑫龘", "龘靐", "靐齉"];
    const sent = await say(alice, bob.userId, "撤回测试 鑫龘靐齉 zqjwithdrawn");
    expect(await found(bob, alice.userId, "zqjwithdrawn")).toEqual([
      "撤回测试 鑫龘靐齉 zqjwithdrawn",
    ]);
    const before = await storedTraces(rare);
    if (before !== null) expect(before).toBeGreaterThan(0);
    const res = await post(alice, "im/undoMessage", { id: sent.id });
    expect(res.code, res.msg).toBe(0);
    for (const user of [alice, bob]) {
      const peer = user === alice ? bob : alice;
      for (const words of ["zqjwithdrawn", "龘靐齉", "撤回测试", "撤回", "撤"])
        expect(await found(user, peer.userId, words), words).toEqual([]);
      // The event line it became has no words to find.
      expect(await found(user, peer.userId, "一条消息")).toEqual([]);
    }
    if (before !== null) expect(await storedTraces(rare)).toBe(0);
  });

  it("a message deleted for everyone is found by nobody", async () => {
    await saveConfig(api, "chatInfo", { dbDelMsg: "1" });
    const [alice, bob] = await registerMany(api, 2, "Del");
    const sent = await say(alice, bob.userId, "删除测试 delete-me");
    await say(alice, bob.userId, "删除 keep");
    const res = await post(alice, "im/delMessage", { id: sent.id });
    expect(res.code, res.msg).toBe(0);
    expect(await found(bob, alice.userId, "delete-me")).toEqual([]);
    expect(await found(bob, alice.userId, "删除")).toEqual(["删除 keep"]);
    expect(await found(alice, bob.userId, "除")).toEqual(["删除 keep"]);
  });

  it("a cleared group keeps nothing to find", async () => {
    const [owner, ann, ben] = await registerMany(api, 3, "Clear");
    const id = await makeGroup(owner, [ann, ben]);
    await say(owner, id, "清空 clear-me");
    expect(await found(ann, id, "clear-me")).toEqual(["清空 clear-me"]);
    const res = await post(owner, "group/clearMessage", { id });
    expect(res.code, res.msg).toBe(0);
    expect(await found(ann, id, "clear-me")).toEqual([]);
    expect(await found(ann, id, "清空")).toEqual([]);
  });
});

describe("the index follows every writer", () => {
  /** Writes as another program would: its own connection, no server code. */
  async function elsewhere<T>(
    write: (db: typeof api.db) => Promise<T>,
  ): Promise<T> {
    const other = api.testDb.reopen();
    try {
      return await write(other);
    } finally {
      await other.destroy();
    }
  }

  it("finds what another connection stored, and follows its changes and deletions", async () => {
    const [alice, bob] = await registerMany(api, 2, "Writer");
    await say(alice, bob.userId, "先发 first");
    const chat = `${String(Math.min(alice.userId, bob.userId))}-${String(Math.max(alice.userId, bob.userId))}`;
    const now = Date.now();
    const rows: [number, string, string][] = [
      [1001, "text", "导入 imported 鑫龘"],
      [1002, "text", "导入 second 靐齉"],
      [1003, "file", ""],
    ];
    await elsewhere(async (db) => {
      for (const [seq, type, content] of rows)
        await sql`insert into messages (conversation_id, seq, client_msg_id, from_user,
            to_user, type, content, extends, created_at)
          values (${chat}, ${seq}, ${randomUUID()}, ${alice.userId}, ${bob.userId},
            ${type}, ${content},
            ${type === "file" ? '{"fileName":"导入清单.xlsx"}' : "{}"}, ${now})`.execute(
          db,
        );
    });
    expect(await found(bob, alice.userId, "imported")).toEqual([
      "导入 imported 鑫龘",
    ]);
    expect(await found(bob, alice.userId, "导入")).toEqual([
      "",
      "导入 second 靐齉",
      "导入 imported 鑫龘",
    ]);
    expect(await found(bob, alice.userId, "清单", "file")).toEqual([""]);

    // Changed elsewhere after it was indexed: its old words go at once, its new ones come.
    await elsewhere((db) =>
      sql`update messages set content = '改写 rewritten'
        where conversation_id = ${chat} and seq = 1001`.execute(db),
    );
    if (api.testDb.dialect === "sqlite")
      expect(await storedTraces(["鑫龘"])).toBe(0);
    expect(await found(bob, alice.userId, "imported")).toEqual([]);
    expect(await found(bob, alice.userId, "改写")).toEqual(["改写 rewritten"]);

    // Changed, then deleted before it was indexed again; and one deleted as it was.
    await elsewhere(async (db) => {
      await sql`update messages set content = '又改 again'
        where conversation_id = ${chat} and seq = 1001`.execute(db);
      await sql`delete from messages
        where conversation_id = ${chat} and seq in (1001, 1002)`.execute(db);
    });
    for (const words of ["又改", "改写", "second", "导"])
      expect(await found(alice, bob.userId, words), words).toEqual(
        words === "导" ? [""] : [],
      );
    if (api.testDb.dialect === "sqlite") {
      expect(await storedTraces(["靐齉"])).toBe(0);
      for (const table of ["message_search_trigrams", "message_search_grams"])
        await sql`insert into ${sql.table(table)} (${sql.table(table)})
          values ('integrity-check')`.execute(api.db);
    }
    expect(await found(alice, bob.userId, "first")).toEqual(["先发 first"]);
  });
});

/**
 * How many of `pieces` the SQLite search index holds, read from its stored pages (its
 * shadow tables), not through a query; null on PostgreSQL, whose indexes belong to the
 * table. With secure-delete a deleted row's entries leave the pages themselves.
 */
async function storedTraces(pieces: string[]): Promise<number | null> {
  if (api.testDb.dialect !== "sqlite") return null;
  let found = 0;
  for (const table of [
    "message_search_trigrams_data",
    "message_search_grams_data",
  ]) {
    const { rows } = await sql<{
      block: Uint8Array | null;
    }>`select block from ${sql.table(table)}`.execute(api.db);
    const pages = Buffer.concat(rows.map((r) => Buffer.from(r.block ?? [])));
    for (const piece of pieces)
      if (pages.includes(Buffer.from(piece))) found += 1;
  }
  return found;
}

describe("counting and paging", () => {
  it("pages newest first: page 2 and the last, short page", async () => {
    const [alice, bob] = await registerMany(api, 2, "Pages");
    for (let i = 1; i <= 45; i += 1)
      await say(alice, bob.userId, `第${String(i)}条 page item`);
    const item = (i: number) => `第${String(i)}条 page item`;
    const range = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, k) => item(from - k));
    for (const words of ["page item", "条"]) {
      expect(await search(alice, bob.userId, words)).toEqual({
        shown: range(45, 26),
        count: 45,
      });
      expect(await search(alice, bob.userId, words, { page: 2 })).toEqual({
        shown: range(25, 6),
        count: 45,
      });
      expect(await search(alice, bob.userId, words, { page: 3 })).toEqual({
        shown: range(5, 1),
        count: 45,
      });
      expect(await search(alice, bob.userId, words, { page: 4 })).toEqual({
        shown: [],
        count: 45,
      });
    }
  });

  it(`counts up to ${String(CAP)} and pages through the newest ${String(CAP)}`, async () => {
    const [alice, bob] = await registerMany(api, 2, "Cap");
    const first = await say(alice, bob.userId, "cap 起点");
    const conversationId = `${String(Math.min(alice.userId, bob.userId))}-${String(Math.max(alice.userId, bob.userId))}`;
    // Stored directly in bulk (the send path is tested elsewhere); the index follows the rows.
    const total = CAP + 5;
    const rows = Array.from({ length: total }, (_, i) => ({
      conversation_id: conversationId,
      seq: first.seq + 1 + i,
      client_msg_id: randomUUID(),
      from_user: alice.userId,
      to_user: bob.userId,
      type: "text",
      content: `容量 cap probe ${String(i + 1)}`,
      created_at: Date.now(),
    }));
    for (let i = 0; i < rows.length; i += 200)
      await api.db
        .insertInto("messages")
        .values(rows.slice(i, i + 200))
        .execute();
    await api.db
      .updateTable("conversations")
      .set({ last_seq: first.seq + total })
      .where("conversation_id", "=", conversationId)
      .execute();
    const probe = (n: number) => `容量 cap probe ${String(n)}`;

    for (const words of ["cap probe", "容量", "容", ""]) {
      const newest = await search(alice, bob.userId, words, { type: "text" });
      expect(newest.count, words).toBe(CAP);
      expect(newest.shown[0]).toBe(probe(total));
      const last = await search(alice, bob.userId, words, {
        type: "text",
        page: CAP / 20,
      });
      expect(last.count).toBe(CAP);
      expect(last.shown).toHaveLength(20);
      expect(last.shown.at(-1)).toBe(probe(total - CAP + 1));
      expect(
        await search(alice, bob.userId, words, {
          type: "text",
          page: CAP / 20 + 1,
        }),
      ).toEqual({ shown: [], count: CAP });
    }
    expect(await search(alice, bob.userId, "起点")).toEqual({
      shown: ["cap 起点"],
      count: 1,
    });
  });
});

describe("the search migration", () => {
  it("indexes the messages stored before it, batch after batch", async () => {
    const testDb = await createTestDb({ upTo: "0007_message_actions" });
    const { db } = testDb;
    try {
      const now = Date.now();
      const { rows: users } = await sql<{ user_id: number }>`
        insert into users (account, realname, password_hash, created_at, updated_at)
        values ('old1', 'Old 1', 'x', ${now}, ${now}), ('old2', 'Old 2', 'x', ${now}, ${now})
        returning user_id`.execute(db);
      const [a, b] = users.map((u) => u.user_id);
      if (a === undefined || b === undefined) throw new Error("no users");
      const chat = `${String(Math.min(a, b))}-${String(Math.max(a, b))}`;
      await sql`insert into conversations (conversation_id, is_group, created_at)
        values (${chat}, 0, ${now}), ('group-9', 1, ${now})`.execute(db);
      // Ids far apart, so the rows fall in different batches of the backfill.
      const stored: [number, string, number, string, string, string][] = [
        [1, chat, 1, "text", "迁移前 before", "{}"],
        [2, chat, 2, "event", "撤回了一条消息", '{"event":"undo"}'],
        [7001, chat, 3, "text", "if a&lt;b<br />旧的 line", "{}"],
        [7002, chat, 4, "image", "", '{"fileName":"迁移图.png"}'],
        [12000, chat, 5, "file", "", '{"fileName":"迁移报告.pdf"}'],
        [12001, "group-9", 1, "text", "迁移前 group", "{}"],
      ];
      for (const [msgId, conversation, seq, type, content, ext] of stored)
        await sql`insert into messages (msg_id, conversation_id, seq, client_msg_id,
            from_user, to_user, is_group, type, content, extends, created_at)
          values (${msgId}, ${conversation}, ${seq}, ${randomUUID()}, ${a}, ${b},
            ${conversation === chat ? 0 : 1}, ${type}, ${content}, ${ext}, ${now})`.execute(
          db,
        );
      await migrateToLatest(db, testDb.schema);

      const ids = async (keywords: string, types = ["text", "file"]) =>
        (
          await searchMessages(db, chat, {
            types,
            keywords,
            limit: 20,
            offset: 0,
            reader: a,
          })
        ).rows.map((row) => row.msg_id);
      expect(await ids("迁移")).toEqual([12000, 1]);
      expect(await ids("迁")).toEqual([12000, 1]);
      expect(await ids("a<b")).toEqual([7001]);
      expect(await ids("旧")).toEqual([7001]);
      expect(await ids("line")).toEqual([7001]);
      expect(await ids("报告", ["file"])).toEqual([12000]);
      expect(await ids("撤回")).toEqual([]);
      expect(await ids("迁移图", ["image"])).toEqual([]);
      expect(await ids("", ["image"])).toEqual([7002]);
      expect(await ids("group")).toEqual([]);
    } finally {
      await db.destroy();
      await testDb.drop();
    }
  });
});
