#!/usr/bin/env node
// W4s, history search (SPEC §2 "Chat history search panel"; W4 of reference/benchmarks.md
// applied to `getMessageList` with `keywords`). Part of `npm run bench` (bench/run.mjs).
//
// One 1:1 conversation of BENCH_SEARCH_MESSAGES (1,000,000) messages of mixed Chinese and
// English is bulk-inserted with SQL into the product's SQLite file, after the product has
// migrated it; the product indexes them as it does rows any other program writes, before
// the first search answers (db/search-index.ts), and that search's time counts as seeding. Then, over the wire, for a 1-, 2- and 3-character Chinese query and an English
// word: the newest page (1) and the oldest page the panel offers (50: the count stops at
// 1,000), each against its ceiling measured in the same run.
//
// The ceiling: a bare Fastify route in its own process (this file with `--bare <db file>`)
// that runs the product's own two prepared statements (the conversation's number, then the
// page with its count) on the same file and answers the rows in the keys of wire messages,
// with the product's security headers: the same messages in the same bytes (checked at
// each run), but no auth, no rules, no validation. The product and the ceiling each run
// in their own process; the load generator is autocannon in a worker thread of
// bench/run.mjs's process, the same closed loop for both, A-B-A-B.
import { fork } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { addSecurityHeaders } from "./security-headers.mjs";

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));

/** The panel's page size and the count's cap (messages.repository.ts SEARCH_CAP). */
const PAGE = 20;
const CAP = 1000;

/**
 * The statements searchMessages runs on SQLite for a search (messages.repository.ts, as
 * Kysely compiles them), so the ceiling does exactly the product's database work: the
 * conversation's number, then the page with its count (or the count alone past the end).
 */
const KEY_SQL = `select conversation_key as key
    from message_search_conversations
    where conversation_id = ?`;
const hitsSql = (table) => `select rowid - (? << 32) as seq from "${table}"
    where "${table}" match ?
      and rowid between (? << 32) + ? and (? << 32) + 4294967295
      and rowid not in (select (? << 32) + hm.seq from message_hides h
          join messages hm on hm.msg_id = h.msg_id
          where h.user_id = ?
            and hm.conversation_id = ?)
    order by rowid desc limit ?`;
const pageSql = (table) =>
  `with "hits" as materialized (${hitsSql(table)}) select "m".*, (select count(*) as "n" from "hits") as "search_total" from (select "seq" from "hits" order by "seq" desc limit ? offset ?) as "page" cross join "messages" as "m" where "m"."conversation_id" = ? and "m"."seq" = "page"."seq" order by "page"."seq" desc`;
const countSql = (table) =>
  `select count(*) as "n" from (${hitsSql(table)}) as "hit"`;

/**
 * W4's ceiling: the statement pageMessages runs for a history page (getMessageList without
 * keywords), as Kysely compiles it on SQLite: the newest page, and one before a cursor.
 */
const PAGE_SQL = `select * from "messages" where "conversation_id" = ?
    and not exists (select "h"."msg_id" from "message_hides" as "h"
      where "h"."msg_id" = "messages"."msg_id" and "h"."user_id" = ?)`;
const NEWEST_SQL = `${PAGE_SQL} order by "msg_id" desc limit ? offset ?`;
const BEFORE_SQL = `${PAGE_SQL} and "msg_id" < ? order by "msg_id" desc limit ? offset ?`;

/**
 * W4s global's ceiling (bench/global-search.mjs): the statements `enterprise/im/search` runs
 * on SQLite for words in every chat, as Kysely compiles them, byte for byte: the reader's
 * one-to-one chats (global-search.repository.ts listDirectChats), the groups they read
 * (membership.repository.ts listReadableGroups), then sqliteMatched for several chats, no
 * sender and no lower bound, its chats' upper bound SEQ_MAX (the newest page) or the seq
 * before a cursor in each chat.
 */
const DIRECT_CHATS_SQL = `select "conversation_id", "peer_id" from "user_conversations" where "user_id" = ? and "is_group" = ?`;
const READABLE_GROUPS_SQL = `select "gm"."group_id", "gm"."joined_seq", "g"."setting" from "group_members" as "gm" inner join "groups" as "g" on "g"."group_id" = "gm"."group_id" where "gm"."user_id" = ? and ("g"."status" = ? or "g"."deleted_at" is not null)`;
const SEQ_MAX = 4294967295;
const globalSql = (
  table,
  cursor,
) => `with chats as materialized (select v.value ->> '$.cid' as cid, v.value ->> '$.first' as first, ${
  cursor
    ? `coalesce((select u.seq from messages u
          where u.conversation_id = v.value ->> '$.cid' and u.msg_id < ?
          order by u.msg_id desc limit 1), 0)`
    : "?"
} as bound
    from json_each(?) v),
    visible as materialized (
      select k.conversation_key as ck, r.cid, r.first, r.bound
      from chats r
      cross join message_search_conversations k on k.conversation_id = r.cid
      where r.bound > r.first
    ),
    hidden as materialized (
      select (k.conversation_key << 32) + hm.seq as rowid from message_hides h
      cross join messages hm on hm.msg_id = h.msg_id
      cross join message_search_conversations k on k.conversation_id = hm.conversation_id
      where h.user_id = ?
    ),
    hit as materialized (select v.ck, v.cid, (t.rowid & ?) as seq
            from "${table}" t cross join visible v on v.ck = (t.rowid >> 32)
            where "${table}" match ?
              and (t.rowid & ?) > v.first and (t.rowid & ?) <= v.bound
              and t.rowid not in (select rowid from hidden)
              ),
    ranked as (
      select n.ck from (select ck, cid, max(seq) as seq from hit group by ck) n
      cross join messages m on m.conversation_id = n.cid and m.seq = n.seq
      order by m.msg_id desc limit ?
    ),
    page as (
      select cid, seq from (
        select h.cid, h.seq, row_number() over (partition by h.ck order by h.seq desc) as n
        from hit h where h.ck in (select ck from ranked)
      ) where n <= ?
    )
    select m.* from page p
    cross join messages m on m.conversation_id = p.cid and m.seq = p.seq
    order by m.msg_id desc limit ?`;
/** The global search's page (protocol SearchLimits.pageSize) and its snippets' length. */
export const GLOBAL_PAGE = 20;
const SNIPPET_MAX = 120;
const SNIPPET_LEAD = 30;

/**
 * A found text's snippet and marks, as search-snippet.ts `snippetOf` makes them (the seeded
 * texts carry no markup, so the shown text is the content).
 */
function snippetOf(text, words) {
  const splitsPair = (s, index) => {
    const code = s.charCodeAt(index);
    return index > 0 && index < s.length && code >= 0xdc00 && code <= 0xdfff;
  };
  const line = text.replace(/\s+/g, " ").trim();
  const folded = line.toLowerCase();
  const sameLength = folded.length === line.length;
  const haystack = sameLength ? folded : line;
  const needle = sameLength ? words.toLowerCase() : words;
  const first = needle === "" ? -1 : haystack.indexOf(needle);
  let start = 0;
  let end = line.length;
  if (line.length > SNIPPET_MAX) {
    start =
      first > SNIPPET_LEAD
        ? Math.min(first - SNIPPET_LEAD, line.length - SNIPPET_MAX)
        : 0;
    end = start + SNIPPET_MAX;
    if (splitsPair(line, start)) start += 1;
    if (splitsPair(line, end)) end -= 1;
  }
  const head = start > 0 ? "…" : "";
  const snippet =
    head + line.slice(start, end) + (end < line.length ? "…" : "");
  const marks = [];
  if (first >= 0) {
    const cut = haystack.slice(start, end);
    for (
      let at = cut.indexOf(needle);
      at >= 0;
      at = cut.indexOf(needle, at + needle.length)
    )
      marks.push([head.length + at, head.length + at + needle.length]);
  }
  return { snippet, marks };
}

/**
 * The FTS5 query the product makes of words on the "all" tab (texts and file names), the
 * global search's too (it looks in both without a `type`).
 */
function ftsQuery(words) {
  const phrase = (text) => `"${text.replaceAll('"', '""')}"`;
  return Array.from(words).length < 3
    ? {
        table: "message_search_grams",
        match: `${phrase(`b${words}`)} OR ${phrase(`n${words}`)}`,
      }
    : { table: "message_search_trigrams", match: phrase(words) };
}

/** The queries measured: what a user types in the panel. */
export const QUERIES = [
  { label: "zh 1 char", words: "会" },
  { label: "zh 2 chars", words: "开会" },
  { label: "zh 3 chars", words: "服务器" },
  { label: "en word", words: "deploy" },
];

const ZH = (
  "我们 你们 他们 今天 明天 昨天 上午 下午 晚上 开会 会议 会议室 项目 项目组 进度 讨论 一下 " +
  "问题 没有 可以 已经 还是 需要 这个 那个 什么 怎么 为什么 时候 工作 学习 客户 产品 设计 测试 " +
  "上线 发布 版本 文档 报告 数据 服务器 接口 需求 计划 周报 总结 安排 确认 收到 谢谢 好的 没问题 " +
  "辛苦了 稍等 马上 看看 处理 修改 更新 提交 合并 代码 部署 环境 配置 数据库 缓存 性能 优化 用户 " +
  "反馈 体验 页面 功能 模块 团队 同事 领导 邮件 电话 时间 地点 北京 上海 深圳 吃饭 咖啡 周末 假期 " +
  "出差 的 了 是 在 和 也 都 就 很 吧 呢 吗"
).split(" ");
const EN = (
  "deploy server release meeting project review design test build update fix bug issue " +
  "report data api client demo sprint plan sync call email doc merge branch commit config " +
  "cache deadline budget ok thanks please"
).split(" ");
const ENDINGS = ["", "", "", "，", "。", "？", "！", "~"];

/** Deterministic text: 3–12 words, a quarter of them English, some punctuation. */
export function texts(count, seed) {
  let state = seed;
  const next = (n) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    // The high bits: an LCG's low bits repeat with a short period.
    return (state >>> 12) % n;
  };
  const out = [];
  for (let i = 0; i < count; i += 1) {
    let text = "";
    const words = 3 + next(10);
    for (let w = 0; w < words; w += 1)
      text += next(4) === 0 ? ` ${EN[next(EN.length)]} ` : ZH[next(ZH.length)];
    out.push(text.trim().replaceAll("  ", " ") + ENDINGS[next(ENDINGS.length)]);
  }
  return out;
}

/**
 * Inserts `total` messages between two users into the product's SQLite file, in
 * transactions of BATCH rows. Answers the seconds taken.
 */
function seed(file, alice, bob, total) {
  const Database = require("better-sqlite3");
  const db = new Database(file);
  // This connection's own settings: a big page cache for the index, and no fsync per
  // batch (a benchmark's seed, not a user's message).
  db.pragma("cache_size = -262144");
  db.pragma("synchronous = OFF");
  db.pragma("busy_timeout = 5000");
  const conversation = `${Math.min(alice.id, bob.id)}-${Math.max(alice.id, bob.id)}`;
  const started = performance.now();
  const now = Date.now();
  db.prepare(
    "insert or ignore into conversations (conversation_id, is_group, created_at) values (?, 0, ?)",
  ).run(conversation, now);
  // One statement per batch: json_each hands SQLite the texts, which numbers them.
  const insert = db.prepare(
    `insert into messages (conversation_id, seq, client_msg_id, from_user, to_user, type, content, created_at)
     select @conversation, seq, 'search-' || seq,
       case when seq % 2 = 1 then @alice else @bob end,
       case when seq % 2 = 1 then @bob else @alice end,
       'text', value, cast(@start as integer) + seq * 1000
     from (select cast(@from as integer) + key as seq, value from json_each(@texts))`,
  );
  const BATCH = 20_000;
  for (let from = 1; from <= total; from += BATCH)
    insert.run({
      conversation,
      from,
      alice: alice.id,
      bob: bob.id,
      start: now - total * 1000,
      texts: JSON.stringify(texts(Math.min(BATCH, total - from + 1), from)),
    });
  db.prepare(
    "update conversations set last_seq = ? where conversation_id = ?",
  ).run(total, conversation);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return { conversation, seconds: (performance.now() - started) / 1000 };
}

/** Starts the ceiling in its own process; answers its URL and a stop function. */
export async function startBare(file) {
  const child = fork(here, ["--bare", file], { stdio: "inherit" });
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("exit", () =>
      reject(new Error("the bare search server exited")),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * A row in the keys of a history message on the wire (wire-contract.md §2.4, as
 * messages.mapper.ts `toMessage` gives them), with no rule applied: the seeded rows are
 * texts, neither withdrawn nor files, without reactions or threads. So the ceiling answers
 * what the product answers, byte for byte but for the envelope's `msg`: benchmarks.md §7,
 * "the skeleton baselines must send the same byte sizes, so the ratio isolates our
 * overhead rather than payload differences". `contact` is the chat as the reader opens it
 * (the receiver in a history page; the peer or `group-N` in the global search).
 */
function wireMessage(row, sender, contact = row.to_user) {
  return {
    msg_id: row.msg_id,
    id: row.client_msg_id,
    seq: row.seq,
    status: "succeed",
    type: row.type,
    sendTime: row.created_at,
    // A group's messages are stored read (toMessage).
    is_read: row.is_group === 1 ? 1 : row.is_read,
    is_group: row.is_group,
    at: row.at ? row.at.split(",") : [],
    toContactId: contact,
    toUser: contact,
    from_user: row.from_user,
    fromUser: sender,
    file_id: row.file_id ?? 0,
    content: row.content,
    fileName: "",
    fileSize: 0,
    file_cate: 0,
    preview: "",
    download: "",
    extUrl: "",
    role: 3,
    pid: row.pid ?? 0,
    extends: JSON.parse(row.extends),
    // Since 2026-12-07 (reactions, edits, threads) on every message; without them the
    // ceiling answered 11 % fewer bytes and W4s stopped at its byte check.
    reactions: [],
    editTime: row.edit_time,
    thread_id: row.thread_id,
    thread_broadcast: row.thread_broadcast,
  };
}

/** The ceiling's process: the product's prepared statements behind a bare Fastify route. */
async function serveBare(file) {
  const Database = require("better-sqlite3");
  const Fastify = require("fastify");
  const db = new Database(file);
  const keyOf = db.prepare(KEY_SQL);
  // Senders as the wire shows them, read once each (the product keeps them too).
  const userOf = db.prepare(
    "select user_id, realname, account, avatar, name_py from users where user_id = ?",
  );
  const senders = new Map();
  const senderOf = (id) => {
    let sender = senders.get(id);
    if (!sender) {
      const user = userOf.get(id);
      sender = {
        id: user.user_id,
        user_id: user.user_id,
        realname: user.realname,
        displayName: user.realname,
        account: user.account,
        avatar: user.avatar || "/static/img/avatar.png",
        name_py: user.name_py,
      };
      senders.set(id, sender);
    }
    return sender;
  };
  const shaped = (rows) =>
    rows.map((row) => wireMessage(row, senderOf(row.from_user)));
  const statements = Object.fromEntries(
    ["message_search_grams", "message_search_trigrams"].map((table) => [
      table,
      { page: db.prepare(pageSql(table)), count: db.prepare(countSql(table)) },
    ]),
  );
  const app = Fastify();
  // What every product answer carries: its security headers, set as the product sets them.
  addSecurityHeaders(app);
  app.post("/search", async (request) => {
    const { conversation, reader, words, page } = request.body;
    const key = keyOf.get(conversation)?.key;
    if (key === undefined)
      return { code: 0, msg: "", key: "ok", data: [], count: 0, page };
    const { table, match } = ftsQuery(words);
    const offset = (page - 1) * PAGE;
    const hits = [key, match, key, 1, key, key, reader, conversation, CAP];
    const take = Math.min(PAGE, CAP - offset);
    const rows =
      take > 0
        ? statements[table].page.all(...hits, take, offset, conversation)
        : [];
    // As searchMessages: a page past the end is counted on its own.
    const count =
      rows[0]?.search_total ??
      (offset === 0 ? 0 : statements[table].count.get(...hits).n);
    return { code: 0, msg: "", key: "ok", data: shaped(rows), count, page };
  });
  const newest = db.prepare(NEWEST_SQL);
  const before = db.prepare(BEFORE_SQL);
  app.post("/page", async (request) => {
    const { conversation, reader, lastId, limit } = request.body;
    const rows =
      lastId > 0
        ? before.all(conversation, reader, lastId, limit, 0)
        : newest.all(conversation, reader, limit, 0);
    const data = shaped(rows.reverse());
    return { code: 0, msg: "", key: "ok", data, count: data.length, page: 1 };
  });
  const directChats = db.prepare(DIRECT_CHATS_SQL);
  const readableGroups = db.prepare(READABLE_GROUPS_SQL);
  const found = Object.fromEntries(
    ["message_search_grams", "message_search_trigrams"].map((table) => [
      table,
      {
        newest: db.prepare(globalSql(table, false)),
        below: db.prepare(globalSql(table, true)),
      },
    ]),
  );
  // Groups as a hit's chat shows them, read once each (as the senders).
  const groupOf = db.prepare(
    "select group_id, name, avatar from groups where group_id = ?",
  );
  const groups = new Map();
  const groupChat = (id) => {
    let chat = groups.get(id);
    if (!chat) {
      const group = groupOf.get(id);
      chat = {
        id: `group-${group.group_id}`,
        name: group.name,
        avatar: group.avatar || "/static/img/avatar.png",
        is_group: 1,
      };
      groups.set(id, chat);
    }
    return chat;
  };
  app.post("/global", async (request) => {
    const { reader, words, cursor } = request.body;
    // The chats are read at each search, as the product reads them: who reads what changes.
    const chats = JSON.stringify([
      ...directChats
        .all(reader, 0)
        .map((row) => ({ cid: row.conversation_id, first: 0 })),
      ...readableGroups.all(reader, 1).map((row) => ({
        cid: `group-${row.group_id}`,
        first: JSON.parse(row.setting).history === "0" ? row.joined_seq : 0,
      })),
    ]);
    const { table, match } = ftsQuery(words);
    // As the service: one row more than the page tells whether there is a next one.
    const limit = GLOBAL_PAGE + 1;
    const rest = [
      reader,
      SEQ_MAX,
      match,
      SEQ_MAX,
      SEQ_MAX,
      limit,
      limit,
      limit,
    ];
    const rows = cursor
      ? found[table].below.all(Number(cursor), chats, ...rest)
      : found[table].newest.all(SEQ_MAX, chats, ...rest);
    const page = rows.slice(0, GLOBAL_PAGE);
    const messages = page.map((row) => {
      const peer = row.from_user === reader ? row.to_user : row.from_user;
      const contact = row.is_group === 1 ? `group-${row.to_user}` : peer;
      const chat =
        row.is_group === 1
          ? groupChat(row.to_user)
          : {
              id: peer,
              name: senderOf(peer).displayName,
              avatar: senderOf(peer).avatar,
              is_group: 0,
            };
      return {
        message: wireMessage(row, senderOf(row.from_user), contact),
        chat,
        ...snippetOf(row.content, words),
      };
    });
    const next = rows.length > GLOBAL_PAGE ? String(page.at(-1).msg_id) : "";
    // People and groups by name: none of the seeded names holds a query's words.
    const data = { messages, cursor: next, people: [], groups: [] };
    return { code: 0, msg: "操作成功", key: "ok", data, count: 0, page: 0 };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send({ port: app.server.address().port });
  process.on("SIGTERM", () => {
    void app.close().then(() => {
      db.close();
      process.exit(0);
    });
  });
}

/**
 * One JSON POST, answered whole: its size in bytes and the parsed envelope. The harness
 * compares the product's answer with its ceiling's: the same messages, and about the same
 * bytes (benchmarks.md §7).
 */
export async function postOnce(url, body, headers = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes: bytes.length, json: JSON.parse(bytes.toString("utf8")) };
}

/**
 * Checks that a ceiling answers the product's page: the same messages in the same order,
 * within 2 % of its bytes. Answers both sizes. `messagesOf` finds the messages in an
 * envelope: a history page's `data`, by default.
 */
export function sameAnswer(
  label,
  ours,
  ceiling,
  messagesOf = (envelope) => envelope.data,
) {
  const ids = (answer) =>
    messagesOf(answer.json)
      .map((m) => m.msg_id)
      .join(",");
  if (ceiling.json.code !== 0 || ids(ours) !== ids(ceiling))
    throw new Error(`${label}: the ceiling answered other messages`);
  if (Math.abs(ours.bytes - ceiling.bytes) > ours.bytes * 0.02)
    throw new Error(
      `${label}: the ceiling answered ${ceiling.bytes} bytes, the product ${ours.bytes}`,
    );
  return { product: ours.bytes, bare: ceiling.bytes };
}

/**
 * Per query, its old page against its newest (rows in QUERIES order, newest page first):
 * p99 and throughput, the product's, rounded by run.mjs's `round`. W4s and W4s global both
 * read them so.
 */
export function oldOverNewest(rows, round) {
  return QUERIES.map((query) => {
    const [newest, old] = rows.filter((r) => r.words === query.words);
    return {
      query: query.label,
      oldestOverNewestP99: round(old.product.p99 / newest.product.p99),
      oldestOverNewestReqPerSec: round(
        newest.product.reqPerSec / old.product.reqPerSec,
      ),
    };
  });
}

/**
 * A closed loop's request: a JSON POST as bench/run.mjs's `alternate` hands it to
 * autocannon, which runs it in a worker thread over keep-alive connections, like the API
 * workloads (bench/api.mjs): the generator spends little per call and never shares an
 * event loop with the main thread's timers.
 */
export function jsonPost(url, body, headers = {}) {
  return {
    url,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  };
}

/**
 * W4s: seeds the conversation, then measures each query's newest and oldest page on the
 * ceiling and on the product, A-B-A-B. `alternate` and `round` are bench/run.mjs's, so
 * the figures are counted as W4's are.
 */
export async function historySearch({
  dataDir,
  product,
  alice,
  bob,
  alternate,
  round,
  seconds,
}) {
  const total = Number(process.env.BENCH_SEARCH_MESSAGES ?? 1_000_000);
  const file = path.join(dataDir, "parley.sqlite");
  const seeded = seed(file, alice, bob, total);
  // The product's first search indexes what was inserted behind its back.
  const indexing = performance.now();
  const first = await product.post(
    "/enterprise/im/getMessageList",
    { toContactId: bob.id, type: "all", keywords: "会", page: 1, limit: PAGE },
    alice.token,
  );
  if (first.code !== 0) throw new Error(`first search: ${first.msg}`);
  const indexSeconds = (performance.now() - indexing) / 1000;
  const dbMb = Math.round(fs.statSync(file).size / 1e6);
  const bare = await startBare(file);
  const concurrency = 16;
  const rows = [];
  try {
    for (const query of QUERIES)
      for (const page of [1, CAP / PAGE]) {
        const request = {
          toContactId: bob.id,
          type: "all",
          keywords: query.words,
          page,
          limit: PAGE,
        };
        // Checked in full once; in the loop only the envelope's code is looked at, so
        // the generator spends on each side the same little per answer.
        const ours = await postOnce(
          `${product.url}/enterprise/im/getMessageList`,
          request,
          { Authorization: alice.token },
        );
        const answer = ours.json;
        if (answer.code !== 0 || answer.data.length !== PAGE)
          throw new Error(`search ${query.words} p${page}: ${answer.msg}`);
        const bareRequest = {
          conversation: seeded.conversation,
          reader: alice.id,
          words: query.words,
          page,
        };
        const bytes = sameAnswer(
          `search ${query.words} p${page}`,
          ours,
          await postOnce(`${bare.url}/search`, bareRequest),
        );
        const viaProduct = jsonPost(
          `${product.url}/enterprise/im/getMessageList`,
          request,
          { Authorization: alice.token },
        );
        const viaBare = jsonPost(`${bare.url}/search`, bareRequest);
        const {
          bare: ceiling,
          product: measured,
          ratio,
        } = await alternate(concurrency, seconds, viaBare, viaProduct);
        rows.push({
          query: query.label,
          words: query.words,
          page,
          bytes,
          product: measured,
          bare: ceiling,
          productOverBare: ratio,
        });
      }
  } finally {
    await bare.stop();
  }
  const byQuery = oldOverNewest(rows, round);
  return {
    messages: total,
    seedSeconds: round(seeded.seconds + indexSeconds),
    indexSeconds: round(indexSeconds),
    seedRowsPerSec: Math.round(total / (seeded.seconds + indexSeconds)),
    dbMb,
    countCap: CAP,
    concurrency,
    rows,
    oldestOverNewest: byQuery,
    worstProductOverBare: Math.min(...rows.map((r) => r.productOverBare)),
    worstOldestOverNewestP99: Math.max(
      ...byQuery.map((q) => q.oldestOverNewestP99),
    ),
  };
}

/**
 * W4s as a table: one line per query and page, product against ceiling, under `title`
 * (W4s global's table is the same with its own).
 */
export function searchTable(
  w4s,
  title = `W4s history search: ${w4s.messages} messages seeded in ${w4s.seedSeconds} s (of which the product's indexing ${w4s.indexSeconds} s; ${w4s.seedRowsPerSec} rows/s, ${w4s.dbMb} MB), ${w4s.concurrency} connections, count capped at ${w4s.countCap}`,
) {
  const header = [
    "query",
    "page",
    "product req/s",
    "p50 ms",
    "p99 ms",
    "bare req/s",
    "p50 ms",
    "p99 ms",
    "product/bare",
    "bytes (product/bare)",
  ];
  const cells = w4s.rows.map((r) => [
    `${r.query} ${r.words}`,
    String(r.page),
    String(r.product.reqPerSec),
    r.product.p50.toFixed(2),
    r.product.p99.toFixed(2),
    String(r.bare.reqPerSec),
    r.bare.p50.toFixed(2),
    r.bare.p99.toFixed(2),
    String(r.productOverBare),
    r.bytes ? `${r.bytes.product}/${r.bytes.bare}` : "",
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...cells.map((c) => c[i].length)),
  );
  const line = (row) =>
    row
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [
    title,
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...cells.map(line),
    ...w4s.oldestOverNewest.map(
      (q) =>
        `${q.query}: oldest/newest p99 ${q.oldestOverNewestP99} (target ≤ 1.5)`,
    ),
    `worst product/bare ${w4s.worstProductOverBare} (target ≥ 0.8)`,
  ].join("\n");
}

if (process.argv[2] === "--bare") await serveBare(process.argv[3]);
