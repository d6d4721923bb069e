// W4s global: the global search (issue 45, `enterprise/im/search`) over BENCH_GLOBAL_MESSAGES
// (1,000,000) messages in BENCH_GLOBAL_CHATS (1,000) chats of one searcher. Part of
// `npm run bench` (bench/run.mjs, `--only global-search`), on a data folder of its own, so
// W4, W4s and W7 keep reading their one 1,000,000-message conversation.
//
// The searcher registers through the API; their peers, chats, groups and messages are
// inserted with SQL into the product's SQLite file after the product has migrated it, and
// the product indexes the messages before its first search answers (db/search-index.ts),
// which counts as seeding, as in W4s. Then, for W4s's four queries, the newest page (no
// cursor) and an old page (a cursor near the start of the history, below), each against
// its ceiling in the same run: the bare route `/global` of bench/search.mjs, which runs
// the product's own statements on the same file and answers the same hits in the same
// bytes (checked at each run). The product and the ceiling each run in their own process;
// the load is autocannon in a worker thread of bench/run.mjs's process, A-B-A-B.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  GLOBAL_PAGE,
  jsonPost,
  oldOverNewest,
  postOnce,
  QUERIES,
  sameAnswer,
  searchTable,
  startBare,
  texts,
} from "./search.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));

/** Every tenth chat is a group; the rest are one-to-one chats, each with a peer of its own. */
const isGroupChat = (k) => k % 10 === 9;
/** A group's members besides the searcher: its owner and two more of the peers. */
const GROUP_PEERS = 3;
/** The settings a group is created with (groups.service.ts: the defaults, written out). */
const GROUP_SETTING = JSON.stringify({
  manage: "0",
  invite: "1",
  nospeak: "0",
  profile: "1",
  history: "1",
  public: "0",
});
/**
 * The old page's cursor: the newest hit sent before this share of the history, and no
 * fewer messages than OLD_AT_LEAST (each query matches some 4 % of them or more), so a
 * small run still has a full page below it.
 */
const OLD_AT = 0.01;
const OLD_AT_LEAST = 2000;
/**
 * Connections of the closed loop: each process runs one statement at a time, so 4 keep it
 * busy while answers travel, and a p99 stays a few statements long (W4s's 16 would queue
 * a common word's search behind 15 others of 0.1 s each at 1,000,000 messages).
 */
const CONCURRENCY = 4;

/**
 * Which chat each message goes to: chat k of `chats` with probability
 * √((k+1)/chats) − √(k/chats) (a uniform draw squared), so chats are busy and quiet as in a
 * real installation (of 1,000 chats: the busiest 3.2 % of the messages, the quietest 0.05 %)
 * and msg_id order mixes them. Deterministic: an LCG of its own, in 32-bit integer
 * arithmetic (Math.imul): texts()' product in doubles passes 2^53 and loses its low bits,
 * which falls into short cycles (here the quietest chat had 5 messages where 540 are due).
 */
function chatPicker(chats) {
  let state = 20261207;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const u = state / 2 ** 32;
    return Math.floor(chats * u * u);
  };
}

/**
 * Seeds the searcher's chats into the product's SQLite file: peers, one-to-one chats, groups
 * with their members, each member's view of each chat (user_conversations, as a send leaves
 * them), then `total` messages in batches of BATCH rows, each chat numbered 1..n, one
 * second apart. Answers the chats, the messages' first send time and the seconds taken.
 */
function seed(file, searcher, total, chats) {
  const Database = require("better-sqlite3");
  const db = new Database(file);
  // As W4s's seed: a big page cache for the index, no fsync per batch.
  db.pragma("cache_size = -262144");
  db.pragma("synchronous = OFF");
  db.pragma("busy_timeout = 5000");
  const started = performance.now();
  const now = Date.now();
  const start = now - total * 1000;
  const groups = Array.from({ length: chats }, (_, k) => k).filter(
    isGroupChat,
  ).length;
  const peerCount = chats - groups;
  const setUp = db.transaction(() => {
    // Peers cannot log in (no password hashes to it): they are senders and names only.
    const peers = db
      .prepare(
        `insert into users (account, realname, password_hash, name_py, created_at, updated_at)
         select 'globalpeer' || value, 'Peer ' || value, '-', 'peer' || value, @now, @now
         from json_each(@numbers) returning user_id`,
      )
      .all({
        now,
        numbers: JSON.stringify(
          Array.from({ length: peerCount }, (_, i) => i + 1),
        ),
      })
      .map((row) => row.user_id);
    const conversation = db.prepare(
      "insert into conversations (conversation_id, is_group, created_at) values (?, ?, ?)",
    );
    const view = db.prepare(
      `insert into user_conversations (user_id, conversation_id, peer_id, is_group, last_send_time, updated_at)
       values (?, ?, ?, ?, ?, ?)`,
    );
    const group = db.prepare(
      `insert into groups (name, name_py, owner_id, created_by, setting, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?) returning group_id`,
    );
    const member = db.prepare(
      `insert into group_members (group_id, user_id, role, invited_by, joined_at)
       values (?, ?, ?, ?, ?)`,
    );
    const list = [];
    let nextPeer = 0;
    let nextGroup = 1;
    for (let k = 0; k < chats; k += 1) {
      if (isGroupChat(k)) {
        const number = nextGroup;
        nextGroup += 1;
        const others = Array.from(
          { length: GROUP_PEERS },
          (_, i) => peers[(k + i * 7) % peers.length],
        );
        const { group_id: groupId } = group.get(
          `Team ${number}`,
          `team${number}`,
          others[0],
          others[0],
          GROUP_SETTING,
          start,
          start,
        );
        const id = `group-${groupId}`;
        conversation.run(id, 1, start);
        const members = [others[0], searcher.id, ...others.slice(1)];
        for (const userId of members) {
          member.run(
            groupId,
            userId,
            userId === others[0] ? 1 : 3,
            others[0],
            start,
          );
          view.run(userId, id, id, 1, start, start);
        }
        list.push({ id, isGroup: 1, to: groupId, groupId, members });
      } else {
        const peer = peers[nextPeer];
        nextPeer += 1;
        const id = `${Math.min(searcher.id, peer)}-${Math.max(searcher.id, peer)}`;
        conversation.run(id, 0, start);
        view.run(searcher.id, id, String(peer), 0, start, start);
        view.run(peer, id, String(searcher.id), 0, start, start);
        list.push({ id, isGroup: 0, to: peer, members: [searcher.id, peer] });
      }
    }
    return list;
  });
  const list = setUp();
  // One statement per batch, as W4s: json_each hands SQLite the rows.
  const insert = db.prepare(
    `insert into messages (conversation_id, seq, client_msg_id, from_user, to_user, is_group, type, content, created_at)
     select value ->> 0, value ->> 1, 'global-' || (cast(@from as integer) + key), value ->> 2, value ->> 3,
       value ->> 4, 'text', value ->> 5, cast(@start as integer) + (cast(@from as integer) + key) * 1000
     from json_each(@rows)`,
  );
  const pick = chatPicker(chats);
  const counts = new Array(chats).fill(0);
  const BATCH = 20_000;
  for (let from = 1; from <= total; from += BATCH) {
    const words = texts(Math.min(BATCH, total - from + 1), from);
    const rows = words.map((text) => {
      const k = pick();
      const chat = list[k];
      counts[k] += 1;
      const seq = counts[k];
      // One-to-one: the two take turns; a group: its members in turn.
      const sender = chat.members[seq % chat.members.length];
      const to = chat.isGroup
        ? chat.to
        : chat.members.find((id) => id !== sender);
      return [chat.id, seq, sender, to, chat.isGroup, text];
    });
    insert.run({ from, start, rows: JSON.stringify(rows) });
  }
  // Each chat's last message, as a send leaves it in the chat and in every member's view.
  const last = db.prepare(
    `update conversations set last_seq = @seq,
       last_msg_id = (select max(msg_id) from messages where conversation_id = @id),
       last_send_time = (select created_at from messages where conversation_id = @id and seq = @seq)
     where conversation_id = @id`,
  );
  const read = db.prepare(
    `update user_conversations set last_read_seq = @seq,
       last_send_time = (select last_send_time from conversations where conversation_id = @id)
     where conversation_id = @id`,
  );
  db.transaction(() => {
    list.forEach((chat, k) => {
      last.run({ id: chat.id, seq: counts[k] });
      read.run({ id: chat.id, seq: counts[k] });
    });
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return {
    chats: list,
    groups,
    busiest: Math.max(...counts),
    quietest: Math.min(...counts),
    start,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The hits of a global search's answer, as messages. */
const hitsOf = (envelope) => envelope.data.messages.map((hit) => hit.message);

/**
 * W4s global: seeds the chats, then measures each query's newest page and old page on the
 * ceiling and on the product, A-B-A-B. `alternate` and `round` are bench/run.mjs's, so the
 * figures are counted as W4s's are.
 */
export async function globalSearch({
  dataDir,
  product,
  searcher,
  alternate,
  round,
  seconds,
}) {
  const total = Number(process.env.BENCH_GLOBAL_MESSAGES ?? 1_000_000);
  const chatCount = Number(process.env.BENCH_GLOBAL_CHATS ?? 1_000);
  const file = path.join(dataDir, "parley.sqlite");
  const seeded = seed(file, searcher, total, chatCount);
  const url = `${product.url}/enterprise/im/search`;
  const auth = { Authorization: searcher.token };
  // The product's first search indexes what was inserted behind its back.
  const indexing = performance.now();
  const first = await product.post(
    "/enterprise/im/search",
    { keywords: "会" },
    searcher.token,
  );
  if (first.code !== 0) throw new Error(`first global search: ${first.msg}`);
  const indexSeconds = (performance.now() - indexing) / 1000;
  const dbMb = Math.round(fs.statSync(file).size / 1e6);
  const bare = await startBare(file);
  const oldAt = Math.max(Math.floor(total * OLD_AT), OLD_AT_LEAST);
  const rows = [];
  try {
    for (const query of QUERIES) {
      // The old page: the one below the newest hit sent before the oldAt-th message, as a
      // reader reaches it by paging back (its cursor is that hit's msg_id).
      const probe = await product.post(
        "/enterprise/im/search",
        {
          keywords: query.words,
          before: seeded.start + oldAt * 1000,
          limit: 1,
        },
        searcher.token,
      );
      const oldest = probe.data?.messages[0]?.message.msg_id;
      if (oldest === undefined)
        throw new Error(`global search ${query.words}: no hit early enough`);
      for (const [page, cursor] of [
        ["newest", ""],
        ["old", String(oldest)],
      ]) {
        const request = cursor
          ? { keywords: query.words, cursor }
          : { keywords: query.words };
        const label = `global search ${query.words} ${page}`;
        // Checked in full once; in the loop each answer is compared with the first.
        const ours = await postOnce(url, request, auth);
        if (
          ours.json.code !== 0 ||
          ours.json.data.messages.length !== GLOBAL_PAGE
        )
          throw new Error(`${label}: ${ours.json.msg}`);
        const bareRequest = { reader: searcher.id, words: query.words, cursor };
        const bytes = sameAnswer(
          label,
          ours,
          await postOnce(`${bare.url}/global`, bareRequest),
          hitsOf,
        );
        const {
          bare: ceiling,
          product: measured,
          ratio,
        } = await alternate(
          CONCURRENCY,
          seconds,
          jsonPost(`${bare.url}/global`, bareRequest),
          jsonPost(url, request, auth),
        );
        rows.push({
          query: query.label,
          words: query.words,
          page,
          cursor,
          bytes,
          product: measured,
          bare: ceiling,
          productOverBare: ratio,
        });
      }
    }
  } finally {
    await bare.stop();
  }
  const byQuery = oldOverNewest(rows, round);
  return {
    messages: total,
    chats: chatCount,
    groups: seeded.groups,
    busiestChat: seeded.busiest,
    quietestChat: seeded.quietest,
    seedSeconds: round(seeded.seconds + indexSeconds),
    indexSeconds: round(indexSeconds),
    seedRowsPerSec: Math.round(total / (seeded.seconds + indexSeconds)),
    dbMb,
    oldAt,
    concurrency: CONCURRENCY,
    rows,
    oldestOverNewest: byQuery,
    worstProductOverBare: Math.min(...rows.map((r) => r.productOverBare)),
    worstOldestOverNewestP99: Math.max(
      ...byQuery.map((q) => q.oldestOverNewestP99),
    ),
  };
}

/** W4s global as W4s's table, under its own title. */
export function globalSearchTable(w4g) {
  return searchTable(
    w4g,
    `W4s global search: ${w4g.messages} messages in ${w4g.chats} chats (${w4g.groups} groups; ${w4g.quietestChat}–${w4g.busiestChat} messages a chat) seeded in ${w4g.seedSeconds} s (of which the product's indexing ${w4g.indexSeconds} s; ${w4g.seedRowsPerSec} rows/s, ${w4g.dbMb} MB), ${w4g.concurrency} connections; old page: below the newest hit before message ${w4g.oldAt}`,
  );
}
