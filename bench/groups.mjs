#!/usr/bin/env node
// Group fan-out (issue 8; W1a/W1b/W2 of reference/benchmarks.md), against the ceiling of
// this box measured in the same run. Figures only: it never passes or fails on time.
//
//   npm run bench:groups
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//   BENCH_REDIS_URL=redis://127.0.0.1:6379 npm run bench:groups
//
// Two groups live in the product's database: one of 50 members, all online, and one of
// 10,000 members of whom 2,000 are online. Each group is created through the API by its
// owner (with two members, as `enterprise/group/add` needs), and the other members are
// added with SQL in one transaction, with exactly the rows `insertMembers` writes. Every
// online member logs in through the API and binds a socket at /wss.
//
// Senders are the first online members. Each posts `sendMessage` to `group-N` with content
// carrying its number and its own sequence number; it sends its next message once the
// previous one is accepted (so its order is defined), and in the closed loop only while
// fewer than WINDOW of its messages have not reached every online member. Receivers find
// the sequence number in the frame's bytes, so the generator does not parse JSON.
//
// The ceiling is bench/raw-ws.mjs: the same number of sockets in the same rooms; a sender
// writes the frame the product pushed for that group (the same bytes, its own numbers in
// the content) on its socket and the server rebroadcasts it to the room, the sender
// included. There a message counts as accepted when the sender's own copy comes back.
//
// Phases per group: ceiling, product, ceiling, product at saturation (closed loop), then
// each side at the same steady offered rate (open loop, latency measured from the time a
// message was due, so a backlog counts). The load generator is this process; the product
// and the ceiling each run in their own process.
//
// Scaled out (W8, `npm run bench -- --scale-out`): BENCH_PROCESSES=2 with PostgreSQL and
// Redis runs two product processes on the same database and Redis; members bind their
// sockets to either in turn and senders post to either in turn, so most copies cross from
// one process to the other through Redis. Redis PUBLISH commands per message are counted
// (INFO commandstats, before and after each product run).
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { postJson } from "./http-json.mjs";
import { benchStorage, startProduct } from "./product.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const { WebSocket } = require("ws");
const Database = require("better-sqlite3");
const pg = require("pg");
const argon2 = require("@node-rs/argon2");

const env = process.env;
/** Product processes: 1, or 2 scaled out on PostgreSQL and Redis. */
const PROCESSES = Number(env.BENCH_PROCESSES ?? 1);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const STEADY_SECONDS = Number(env.BENCH_STEADY_SECONDS ?? 5);
const WARMUP_SECONDS = 1.5;
const DRAIN_MS = 3000;
const PASSWORD = "secret12";
const ALL_GROUPS = [
  {
    key: "g50",
    members: Number(env.BENCH_SMALL_MEMBERS ?? 50),
    online: Number(env.BENCH_SMALL_MEMBERS ?? 50),
    senders: 10,
    window: 4,
  },
  {
    key: "g10k",
    members: Number(env.BENCH_LARGE_MEMBERS ?? 10_000),
    online: Number(env.BENCH_LARGE_ONLINE ?? 2000),
    senders: 4,
    window: 2,
  },
];
/** BENCH_GROUPS=g10k runs one of them only. */
const GROUPS = ALL_GROUPS.filter((g) =>
  (env.BENCH_GROUPS ?? "g50,g10k").split(",").includes(g.key),
);

const round = (x, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pad = (n, width) => String(n).padStart(width, "0");

/** A growable list of float samples (milliseconds). */
class Samples {
  constructor() {
    this.data = new Float64Array(1 << 16);
    this.length = 0;
  }
  push(x) {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = x;
  }
  summary() {
    const s = this.data.slice(0, this.length).sort();
    const at = (p) =>
      s.length === 0
        ? 0
        : round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]);
    return {
      n: s.length,
      p50: at(50),
      p95: at(95),
      p99: at(99),
      max: round(s.at(-1) ?? 0),
    };
  }
}

// ---------------------------------------------------------------- CPU accounting

let clockTicks = 100;
try {
  clockTicks = Number(execFileSync("getconf", ["CLK_TCK"]).toString()) || 100;
} catch {
  // 100 on every Linux this runs on
}
/** CPU seconds a process has used (user + system), from /proc. */
function processCpu(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}
/** Busy and total CPU seconds of the whole box, from /proc/stat. */
function boxCpu() {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = v[3] + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / clockTicks, total: total / clockTicks };
}
/** CPU seconds of each PostgreSQL and Redis process on the box, by pid. */
function storeCpu() {
  const out = new Map();
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      if (comm === "postgres" || comm.startsWith("redis-server"))
        out.set(pid, processCpu(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
function cpuSnapshot(pids) {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    generator: (own.user + own.system) / 1e6,
    server: pids.servers.reduce((sum, pid) => sum + processCpu(pid), 0),
    ceiling: processCpu(pids.ceiling),
    store: pids.store ? storeCpu() : new Map(),
    box: boxCpu(),
  };
}
/**
 * CPU use between two snapshots, in % of one core; `store` is PostgreSQL and Redis (when
 * the product uses them; other users of the same servers count too), `other` the rest of
 * the box.
 */
function cpuBetween(a, b) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (x) => Math.round((x / seconds) * 100);
  const box = b.box.busy - a.box.busy;
  let store = 0;
  for (const [pid, cpu] of b.store)
    if (a.store.has(pid)) store += cpu - a.store.get(pid);
  return {
    serverPct: pct(b.server - a.server),
    ceilingPct: pct(b.ceiling - a.ceiling),
    generatorPct: pct(b.generator - a.generator),
    storePct: pct(store),
    boxPct: Math.round((box / (b.box.total - a.box.total)) * 100),
    otherPct: pct(
      box -
        (b.server - a.server) -
        (b.ceiling - a.ceiling) -
        (b.generator - a.generator) -
        store,
    ),
  };
}

// ---------------------------------------------------------------- seeding

/** Direct access to the product's database, for bulk seeding only. */
async function openSeedDb(storage, dataDir) {
  if (storage.kind === "sqlite") {
    const db = new Database(path.join(dataDir, "parley.sqlite"));
    db.pragma("busy_timeout = 5000");
    return {
      async one(sql, params) {
        return db.prepare(sql).get(...params);
      },
      /** Inserts members in one transaction, as insertMembers does; answers their ids. */
      async addMembers(group, users, now) {
        const insertUser = db.prepare(
          "insert into users (account, realname, password_hash, name_py, setting, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
        );
        const insertMember = db.prepare(
          "insert into group_members (group_id, user_id, role, invited_by, joined_at, joined_seq) values (?, ?, 3, ?, ?, ?)",
        );
        const insertView = db.prepare(
          "insert into user_conversations (user_id, conversation_id, peer_id, is_group, last_read_seq, last_send_time, updated_at) values (?, ?, ?, 1, ?, ?, ?)",
        );
        return (
          db
            .transaction(() => {
              const { last_seq: seq } = db
                .prepare(
                  "select last_seq from conversations where conversation_id = ?",
                )
                .get(group.conversationId);
              const ids = [];
              for (const u of users) {
                const { lastInsertRowid } = insertUser.run(
                  u.account,
                  u.realname,
                  u.hash,
                  u.realname.toLowerCase(),
                  u.setting,
                  now,
                  now,
                );
                const id = Number(lastInsertRowid);
                ids.push(id);
                insertMember.run(group.groupId, id, group.ownerId, now, seq);
                insertView.run(
                  id,
                  group.conversationId,
                  group.conversationId,
                  seq,
                  now,
                  now,
                );
              }
              return ids;
            })
            // IMMEDIATE: the write lock first, so a write of the running product between its
            // read and its first insert makes it wait (busy timeout), never fail as "locked".
            .immediate()
        );
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({
    connectionString: storage.databaseUrl,
    options: `-c search_path=${storage.schema}`,
  });
  await client.connect();
  return {
    async one(sql, params) {
      let i = 0;
      const text = sql.replace(/\?/g, () => `$${++i}`);
      return (await client.query(text, params)).rows[0];
    },
    async addMembers(group, users, now) {
      await client.query("begin");
      try {
        const seq = Number(
          (
            await client.query(
              "select last_seq from conversations where conversation_id = $1",
              [group.conversationId],
            )
          ).rows[0].last_seq,
        );
        const { rows } = await client.query(
          `insert into users (account, realname, password_hash, name_py, setting, created_at, updated_at)
           select a, r, $3, lower(r), $4, $5, $5 from unnest($1::text[], $2::text[]) as t(a, r)
           returning user_id`,
          [
            users.map((u) => u.account),
            users.map((u) => u.realname),
            users[0].hash,
            users[0].setting,
            now,
          ],
        );
        const ids = rows.map((r) => Number(r.user_id));
        await client.query(
          `insert into group_members (group_id, user_id, role, invited_by, joined_at, joined_seq)
           select $1, u, 3, $2, $3, $4 from unnest($5::bigint[]) as u`,
          [group.groupId, group.ownerId, now, seq, ids],
        );
        await client.query(
          `insert into user_conversations (user_id, conversation_id, peer_id, is_group, last_read_seq, last_send_time, updated_at)
           select u, $1, $1, 1, $2, $3, $3 from unnest($4::bigint[]) as u`,
          [group.conversationId, seq, now, ids],
        );
        await client.query("commit");
        return ids;
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
    },
    async close() {
      await client.end();
    },
  };
}

async function register(product, account, realname) {
  const res = await product.post("/common/pub/register", {
    account,
    realname,
    password: PASSWORD,
  });
  if (res.code !== 0) throw new Error(`register ${account}: ${res.msg}`);
}

async function login(product, account) {
  const res = await product.post("/common/pub/login", {
    account,
    password: PASSWORD,
  });
  if (res.code !== 0) throw new Error(`login ${account}: ${res.msg}`);
  return { token: res.data.authToken, id: Number(res.data.userInfo.user_id) };
}

/** Runs `task` over `items`, `concurrency` at a time; answers the results in order. */
async function pool(items, concurrency, task) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i], i);
      }
    }),
  );
  return out;
}

/**
 * A group as the product makes it: created through the API by its owner with two members,
 * the other members added in one SQL transaction. Answers its id and its members' accounts
 * (owner first).
 */
async function seedGroup(product, seedDb, spec, tag, cheapHash) {
  const prefix = `${spec.key}${tag}`;
  const founders = ["o", "a", "b"].map((x) => `${prefix}${x}`);
  for (const account of founders) await register(product, account, account);
  const owner = await login(product, founders[0]);
  const helpers = await Promise.all(
    founders.slice(1).map((a) => login(product, a)),
  );
  const contact = await product.call(
    "/enterprise/group/add",
    { user_ids: helpers.map((h) => h.id), name: `bench ${spec.key}` },
    owner.token,
  );
  const groupId = Number(String(contact.id).replace("group-", ""));
  const { setting } = await seedDb.one(
    "select setting from users where user_id = ?",
    [owner.id],
  );
  const users = Array.from({ length: spec.members - 3 }, (_, i) => ({
    account: `${prefix}m${i}`,
    realname: `member${i}`,
    hash: cheapHash,
    setting,
  }));
  const started = performance.now();
  if (users.length > 0)
    await seedDb.addMembers(
      {
        groupId,
        ownerId: owner.id,
        conversationId: `group-${groupId}`,
      },
      users,
      Date.now(),
    );
  return {
    groupId,
    accounts: [...founders, ...users.map((u) => u.account)],
    seedMs: Math.round(performance.now() - started),
  };
}

// ---------------------------------------------------------------- reconnect storm

/**
 * W6, the reconnect storm (reference/benchmarks.md): every online member of the large
 * group drops its product socket; while they are away the owner sends STORM_MISSED
 * messages to the group; then all of them come back at once, each as the web client does
 * after a drop: a new socket (init, bindUid, pong), then the chat's newest page
 * (getMessageList), which must hold every message it missed. Timed per member from the
 * start of the storm to caught up; the whole storm until the last one is. The ceiling:
 * the same number of plain sockets opened at once to the raw `ws` server, each until its
 * first frame back.
 */
const STORM_MISSED = 5;

async function reconnectStorm(group) {
  const members = group.online;
  await Promise.all(
    members.map(
      (member) =>
        new Promise((resolve) => {
          member.ws.once("close", resolve);
          member.ws.terminate();
        }),
    ),
  );
  const owner = members[0];
  const missed = [];
  for (let i = 0; i < STORM_MISSED; i += 1) {
    const content = `storm ${Date.now()} ${i}`;
    await product.call(
      "/enterprise/im/sendMessage",
      {
        id: randomUUID(),
        type: "text",
        content,
        toContactId: `group-${group.groupId}`,
      },
      owner.token,
    );
    missed.push(content);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const page = (token) =>
    postJson({
      url: product.url,
      path: "/enterprise/im/getMessageList",
      body: JSON.stringify({
        toContactId: `group-${group.groupId}`,
        limit: 20,
      }),
      headers: { "content-type": "application/json", authorization: token },
      agent,
    });
  // SQL_TIMINGS: the product writes its statements so far, so the next part is the storm's.
  const markTimings = () => {
    if (env.SQL_TIMINGS)
      for (const p of products) process.kill(p.pid, "SIGUSR2");
  };
  markTimings();
  const cpuBefore = cpuSnapshot(pids);
  const started = performance.now();
  let failed = 0;
  let behind = 0;
  const times = await Promise.all(
    members.map(async (member) => {
      try {
        member.ws = await productSocket(product, member.token);
        const answer = await page(member.token);
        const got = new Set((answer.data ?? []).map((m) => m.content));
        if (answer.code !== 0 || missed.some((c) => !got.has(c))) behind += 1;
      } catch {
        failed += 1;
      }
      return performance.now() - started;
    }),
  );
  const stormMs = performance.now() - started;
  const cpu = cpuBetween(cpuBefore, cpuSnapshot(pids));
  markTimings();
  agent.destroy();
  // The ceiling: as many plain sockets at once to the raw server, each to its first frame.
  const rawStarted = performance.now();
  const raws = await Promise.all(
    members.map(async () => {
      const ws = await openSocket(`ws://127.0.0.1:${ceilingPort}/?room=storm`);
      return ws;
    }),
  );
  const rawMs = performance.now() - rawStarted;
  for (const ws of raws) ws.terminate();
  const sorted = times.sort((a, b) => a - b);
  const at = (p) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]);
  return {
    sockets: members.length,
    missed: STORM_MISSED,
    allCaughtUpMs: round(stormMs),
    perMemberMs: { p50: at(0.5), p99: at(0.99) },
    failed,
    behind,
    rawConnectMs: round(rawMs),
    cpu,
  };
}

function stormBrief(storm) {
  return (
    `${storm.sockets} sockets back and caught up on ${storm.missed} missed messages in ${storm.allCaughtUpMs} ms ` +
    `(per member p50 ${storm.perMemberMs.p50}, p99 ${storm.perMemberMs.p99} ms; ${storm.failed} failed, ${storm.behind} behind); ` +
    `${storm.sockets} raw ws connects took ${storm.rawConnectMs} ms`
  );
}

// ---------------------------------------------------------------- reaction storm

/**
 * The reaction storm (issue 43 item 7): STORM_REACTORS online members of the large group
 * react to one of its messages within a second (evenly spread, ten different emojis), and
 * every online member hears the `reaction` events. Done when every online member's last
 * frame for the message counts every reaction; nothing lost means none is left short.
 * Measured against the group fan-out row: frames delivered per second, and how many
 * pushes each member got (changes that come during a push share the next one).
 */
const STORM_REACTORS = Number(env.BENCH_REACTORS ?? 200);
const STORM_EMOJIS = [
  "👍",
  "🎉",
  "❤️",
  "😂",
  "🚀",
  "👀",
  "✅",
  "🙏",
  "🔥",
  "💯",
];

async function reactionStorm(group) {
  const members = group.online;
  const reactors = members.slice(0, Math.min(STORM_REACTORS, members.length));
  const owner = members[0];
  const id = randomUUID();
  await product.call(
    "/enterprise/im/sendMessage",
    {
      id,
      type: "text",
      content: `react to me ${Date.now()}`,
      toContactId: `group-${group.groupId}`,
    },
    owner.token,
  );
  const marker = `"id":"${id}"`;
  const last = new Array(members.length).fill(0);
  const lastAt = new Array(members.length).fill(0);
  let frames = 0;
  const listeners = members.map((member, index) => {
    const onFrame = (data) => {
      const text = data.toString();
      if (!text.includes('"type":"reaction"') || !text.includes(marker)) return;
      frames += 1;
      const { data: event } = JSON.parse(text);
      last[index] = event.reactions.reduce((n, r) => n + r.count, 0);
      lastAt[index] = performance.now();
    };
    member.ws.on("message", onFrame);
    return onFrame;
  });
  const cpuBefore = cpuSnapshot(pids);
  const started = performance.now();
  const latencies = [];
  let refused = 0;
  await Promise.all(
    reactors.map(async (member, i) => {
      await sleep((i * 1000) / reactors.length);
      const t0 = performance.now();
      try {
        await product.call(
          "/enterprise/im/react",
          { id, emoji: STORM_EMOJIS[i % STORM_EMOJIS.length] },
          member.token,
        );
      } catch {
        refused += 1;
      }
      latencies.push(performance.now() - t0);
    }),
  );
  const expected = reactors.length - refused;
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline && last.some((count) => count < expected))
    await sleep(20);
  const cpu = cpuBetween(cpuBefore, cpuSnapshot(pids));
  members.forEach((member, i) => member.ws.off("message", listeners[i]));
  const allMs = Math.max(...lastAt) - started;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]);
  return {
    reactors: reactors.length,
    receivers: members.length,
    allReachedMs: round(allMs),
    reactMs: { p50: at(0.5), p99: at(0.99) },
    pushesPerMember: round(frames / members.length, 1),
    framesPerSec: round(frames / (allMs / 1000)),
    refused,
    lost: last.filter((count) => count < expected).length,
    cpu,
  };
}

function reactionBrief(storm) {
  return (
    `${storm.reactors} reactions within a second reached all ${storm.receivers} online members in ${storm.allReachedMs} ms ` +
    `(react call p50 ${storm.reactMs.p50}, p99 ${storm.reactMs.p99} ms; ${storm.pushesPerMember} pushes per member, ` +
    `${storm.framesPerSec} frames/s; ${storm.refused} refused, ${storm.lost} members short); ` +
    `CPU server ${storm.cpu.serverPct}%`
  );
}

// ---------------------------------------------------------------- sockets

function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once("error", reject);
    ws.once("open", () => resolve(ws));
  });
}

/** A product socket: init, then bindUid with the session's token, then pong. */
async function productSocket(product, token) {
  const ws = new WebSocket(`${product.url.replace("http", "ws")}/wss`, {
    perMessageDeflate: false,
  });
  await new Promise((resolve, reject) => {
    ws.once("error", reject);
    ws.once("message", resolve);
  });
  // The pong, past any event that reached the socket first: once bound it hears the
  // user's events, and one published just before (the seeding's setManager, from the
  // other process in scale-out) may land before the pong.
  const pong = new Promise((resolve, reject) => {
    const onFrame = (data) => {
      const { type } = JSON.parse(data.toString());
      if (type === "pong") {
        ws.off("message", onFrame);
        resolve();
      }
    };
    ws.on("message", onFrame);
    ws.once("close", (code) => reject(new Error(`bind: closed ${code}`)));
  });
  ws.send(JSON.stringify({ type: "bindUid", token }));
  await pong;
  return ws;
}

// ---------------------------------------------------------------- the load

const MARKER = Buffer.from('"content":"bn');
let phaseLetter = 64; // the next phase is "A"

/**
 * One phase's tally: every message a sender registers, every copy a receiver sees; loss,
 * duplicates and order per receiver and sender.
 */
class Tally {
  constructor(receivers, senders) {
    this.letter = phaseLetter = phaseLetter >= 90 ? 65 : phaseLetter + 1;
    this.receivers = receivers;
    this.senders = senders;
    this.bytes = Math.ceil(receivers / 8);
    this.messages = Array.from({ length: senders }, () => []);
    this.lastSeq = new Int32Array(receivers * senders).fill(-1);
    this.delivery = new Samples();
    this.reach = new Samples();
    this.start = 0;
    this.end = Infinity;
    this.accepted = 0;
    this.acceptedInWindow = 0;
    this.deliveredInWindow = 0;
    this.delivered = 0;
    this.duplicates = 0;
    this.outOfOrder = 0;
    this.stray = 0;
    this.errors = 0;
    this.pending = 0;
    this.idle = null;
    /** The ceiling has no answer: a message is accepted when its sender's copy is back. */
    this.acceptOnEcho = false;
  }

  content(sender, seq) {
    return `bn${String.fromCharCode(this.letter)}${pad(sender, 4)}q${pad(seq, 7)}`;
  }

  register(sender, seq, t0) {
    const m = {
      t0,
      got: 0,
      bits: new Uint8Array(this.bytes),
      accepted: false,
      onAccept: null,
      onDone: null,
    };
    this.messages[sender][seq] = m;
    this.pending += 1;
    return m;
  }

  accept(m) {
    if (m.accepted) return;
    m.accepted = true;
    this.accepted += 1;
    const now = performance.now();
    if (now >= this.start && now <= this.end) this.acceptedInWindow += 1;
    m.onAccept?.();
  }

  /** A frame on receiver r's socket. */
  receive(r, data) {
    const now = performance.now();
    const at = data.indexOf(MARKER);
    if (at < 0) return;
    let p = at + MARKER.length;
    if (data[p++] !== this.letter) {
      this.stray += 1;
      return;
    }
    let s = 0;
    for (let i = 0; i < 4; i += 1) s = s * 10 + data[p++] - 48;
    p += 1;
    let q = 0;
    for (let i = 0; i < 7; i += 1) q = q * 10 + data[p++] - 48;
    const m = this.messages[s]?.[q];
    if (!m) {
      this.stray += 1;
      return;
    }
    const byte = r >> 3;
    const bit = 1 << (r & 7);
    if (m.bits[byte] & bit) {
      this.duplicates += 1;
      return;
    }
    m.bits[byte] |= bit;
    if (r === s && this.acceptOnEcho) this.accept(m);
    const li = r * this.senders + s;
    if (q < this.lastSeq[li]) this.outOfOrder += 1;
    else this.lastSeq[li] = q;
    this.delivery.push(now - m.t0);
    this.delivered += 1;
    if (now >= this.start && now <= this.end) this.deliveredInWindow += 1;
    m.got += 1;
    if (m.got === this.receivers) {
      this.reach.push(now - m.t0);
      this.pending -= 1;
      m.onDone?.();
      if (this.pending === 0) this.idle?.();
    }
  }

  /** Waits until message `seq` of `sender` reached everyone (or `timeoutMs` passed). */
  waitDone(sender, seq, timeoutMs = 5000) {
    const m = this.messages[sender][seq];
    if (!m || m.got === this.receivers) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      m.onDone = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Waits until every message reached everyone, at most `ms`. */
  drain(ms) {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  result(seconds) {
    let sent = 0;
    let lost = 0;
    for (const list of this.messages)
      for (const m of list) {
        if (!m) continue;
        sent += 1;
        if (m.accepted) lost += this.receivers - m.got;
      }
    return {
      msgsPerSec: round(this.acceptedInWindow / seconds, 1),
      deliveriesPerSec: Math.round(this.deliveredInWindow / seconds),
      sent,
      accepted: this.accepted,
      refused: this.errors,
      deliveries: this.delivered,
      lost,
      duplicates: this.duplicates,
      outOfOrder: this.outOfOrder,
      stray: this.stray,
      deliveryMs: this.delivery.summary(),
      lastMemberReachedMs: this.reach.summary(),
    };
  }
}

/**
 * Sends through the product: sendMessage over HTTP, accepted on `code: 0`; scaled out,
 * sender s posts to process s mod 2.
 */
function productSide(products, group) {
  const endpoints = products.map((product) => new URL(product.url));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const target = `group-${group.groupId}`;
  return {
    name: "product",
    send(tally, sender, seq, m) {
      const { hostname, port } = endpoints[sender % endpoints.length];
      const body = JSON.stringify({
        id: randomUUID(),
        type: "text",
        content: tally.content(sender, seq),
        toContactId: target,
        is_group: 1,
      });
      return new Promise((resolve) => {
        const req = http.request(
          {
            host: hostname,
            port,
            path: "/enterprise/im/sendMessage",
            method: "POST",
            agent,
            headers: {
              "Content-Type": "application/json",
              "Content-Length": Buffer.byteLength(body),
              Authorization: group.online[sender].token,
            },
          },
          (res) => {
            const chunks = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () => {
              const text = Buffer.concat(chunks).toString();
              if (res.statusCode === 200 && text.startsWith('{"code":0'))
                tally.accept(m);
              else {
                tally.errors += 1;
                if (tally.errors <= 3)
                  console.error(`sendMessage: ${text.slice(0, 200)}`);
              }
              resolve();
            });
          },
        );
        req.on("error", (error) => {
          tally.errors += 1;
          if (tally.errors <= 3) console.error(`sendMessage: ${error.message}`);
          resolve();
        });
        req.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** Sends through the ceiling: the product's frame for this group, on the sender's raw socket. */
function ceilingSide(group) {
  const [head, tail] = group.frameTemplate;
  return {
    name: "ceiling",
    send(tally, sender, seq, m) {
      tally.acceptOnEcho = true;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          tally.errors += 1;
          resolve();
        }, 5000);
        m.onAccept = () => {
          clearTimeout(timer);
          resolve();
        };
        group.online[sender].raw.send(head + tally.content(sender, seq) + tail);
      });
    },
    close() {},
  };
}

/**
 * Runs one phase on one side. `mode` is `{window}` (closed loop: each sender keeps fewer
 * than `window` messages short of everyone) or `{rate}` (open loop, msgs/s over all
 * senders; latency counted from when each message was due).
 */
async function runPhase(group, side, mode, seconds, pids) {
  const senders = group.spec.senders;
  const tally = new Tally(group.online.length, senders);
  group.tally = tally;
  const before = cpuSnapshot(pids);
  const publishesBefore = side.name === "product" ? await redisPublishes() : 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  // On the monotonic clock V8's CPU profiles use (BENCH_SERVER_PROFILE), in µs.
  const monotonicUs = Number(process.hrtime.bigint() / 1000n);
  tally.start = start;
  tally.end = end;
  await Promise.all(
    Array.from({ length: senders }, async (_, s) => {
      for (let seq = 0; ; seq += 1) {
        let t0;
        if (mode.rate) {
          t0 = start + ((seq * senders + s) * 1000) / mode.rate;
          if (t0 >= end) return;
          // Timers may fire up to a millisecond early: never send before the time due.
          while (performance.now() < t0) await sleep(t0 - performance.now());
        } else {
          if (seq >= mode.window) await tally.waitDone(s, seq - mode.window);
          t0 = performance.now();
          if (t0 >= end) return;
        }
        const m = tally.register(s, seq, t0);
        await side.send(tally, s, seq, m);
      }
    }),
  );
  const after = cpuSnapshot(pids);
  await tally.drain(DRAIN_MS);
  group.tally = null;
  const result = tally.result(seconds);
  // Read after the drain: every accepted message has been published by then.
  const publishes =
    side.name === "product" && redis
      ? (await redisPublishes()) - publishesBefore
      : null;
  return {
    side: side.name,
    mode: mode.rate ? `steady ${round(mode.rate, 1)} msgs/s` : "saturating",
    ...result,
    ...(publishes === null
      ? {}
      : {
          redisPublishesPerMsg: round(publishes / Math.max(1, result.accepted)),
        }),
    cpu: cpuBetween(before, after),
    monotonicUs: [monotonicUs, monotonicUs + Math.round(seconds * 1e6)],
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

// ---------------------------------------------------------------- main

if (!fs.existsSync(path.join(root, "apps/server/dist/main.js"))) {
  console.error("Build first: npm run build");
  process.exit(1);
}
const wallStart = performance.now();
const storage = benchStorage();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-groups-"));
const cpuModel = os.cpus()[0]?.model ?? "unknown";
console.log(
  `groups bench: ${os.cpus().length} cores (${cpuModel}), node ${process.version}, ${storage.describe}. ` +
    (PROCESSES > 1
      ? `${PROCESSES} product processes, the ceiling and this load generator share these cores.`
      : "The product, the ceiling and this load generator are three processes sharing these cores."),
);

if (PROCESSES > 1 && (storage.kind !== "postgres" || !storage.redisUrl)) {
  console.error(
    "BENCH_PROCESSES=2 needs BENCH_DATABASE_URL and BENCH_REDIS_URL: processes share PostgreSQL and Redis",
  );
  process.exit(2);
}
const product = await startProduct(dataDir, storage.env);
/** Every product process; the first migrated the database, the others find it ready. */
const products = [product];
const otherDirs = [];
for (let i = 1; i < PROCESSES; i += 1) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-groups-"));
  otherDirs.push(dir);
  products.push(await startProduct(dir, storage.env));
}
const redis = storage.redisUrl
  ? new (require("ioredis"))(storage.redisUrl, { lazyConnect: true })
  : null;
await redis?.connect();
/** PUBLISH commands Redis has run so far (every client's: nothing else publishes here). */
async function redisPublishes() {
  if (!redis) return 0;
  const stats = await redis.info("commandstats");
  return Number(/cmdstat_publish:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}
const ceilingChild = spawn(
  process.execPath,
  [path.join(root, "bench/raw-ws.mjs")],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const ceilingPort = await new Promise((resolve, reject) => {
  ceilingChild.once("exit", () => reject(new Error("raw-ws.mjs exited")));
  ceilingChild.stdout.on("data", (chunk) => {
    const match = /port (\d+)/.exec(chunk.toString());
    if (match) resolve(Number(match[1]));
  });
});
const pids = {
  servers: products.map((p) => p.pid),
  ceiling: ceilingChild.pid,
  store: storage.kind === "postgres" || Boolean(storage.redisUrl),
};
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpuModel,
  storage: storage.describe,
  processes: PROCESSES,
  seconds: SECONDS,
  steadySeconds: STEADY_SECONDS,
  groups: {},
};

const seedDb = await openSeedDb(storage, dataDir);
const groups = [];
try {
  // One hash for every seeded member, at the lowest argon2 cost: logins are not what this
  // measures (the founders keep the product's own cost).
  const cheapHash = await argon2.hash(PASSWORD, {
    memoryCost: 8,
    timeCost: 1,
    parallelism: 1,
  });
  const tag = Math.random().toString(36).slice(2, 7);
  for (const spec of GROUPS) {
    let t = performance.now();
    const seeded = await seedGroup(product, seedDb, spec, tag, cheapHash);
    const setupSeed = Math.round(performance.now() - t);
    t = performance.now();
    const sessions = await pool(
      seeded.accounts.slice(0, spec.online),
      16,
      (account) => login(product, account),
    );
    const loginMs = Math.round(performance.now() - t);
    t = performance.now();
    const group = {
      spec,
      groupId: seeded.groupId,
      online: sessions.map((s) => ({ ...s })),
      tally: null,
      frameTemplate: null,
    };
    await pool(group.online, 32, async (member, r) => {
      member.ws = await productSocket(
        products[r % products.length],
        member.token,
      );
      member.raw = await openSocket(
        `ws://127.0.0.1:${ceilingPort}/?room=${spec.key}`,
      );
      const receive = (data) => group.tally?.receive(r, data);
      member.ws.on("message", receive);
      member.raw.on("message", receive);
    });
    const socketMs = Math.round(performance.now() - t);
    console.log(
      `${spec.key}: ${spec.members} members (SQL insert of ${spec.members - 3}: ${seeded.seedMs} ms; group set up in ${setupSeed} ms), ` +
        `${spec.online} logged in (${loginMs} ms) and bound on both servers (${socketMs} ms)`,
    );
    groups.push(group);
    results.groups[spec.key] = {
      members: spec.members,
      online: spec.online,
      senders: spec.senders,
      window: spec.window,
      setupMs: { group: setupSeed, logins: loginMs, sockets: socketMs },
    };
  }

  for (const group of groups) {
    const { spec } = group;
    const productS = productSide(products, group);
    // The frame the product pushes for this group, to replay the same bytes on the ceiling.
    const capture = new Promise((resolve) => {
      const ws = group.online.at(-1).ws;
      const listen = (data) => {
        if (data.indexOf(MARKER) < 0) return;
        ws.off("message", listen);
        resolve(data.toString());
      };
      ws.on("message", listen);
    });
    const first = new Tally(group.online.length, spec.senders);
    group.tally = first;
    await productS.send(first, 0, 0, first.register(0, 0, performance.now()));
    const frame = await capture;
    await first.drain(DRAIN_MS);
    group.tally = null;
    const content = first.content(0, 0);
    const at = frame.indexOf(content);
    if (at < 0) throw new Error(`no content in the pushed frame: ${frame}`);
    group.frameTemplate = [
      frame.slice(0, at),
      frame.slice(at + content.length),
    ];
    results.groups[spec.key].frameBytes = Buffer.byteLength(frame);
    const ceilingS = ceilingSide(group);

    const closed = { window: spec.window };
    await runPhase(group, ceilingS, closed, WARMUP_SECONDS, pids);
    await runPhase(group, productS, closed, WARMUP_SECONDS, pids);
    const runs = [];
    for (let pass = 0; pass < 2; pass += 1) {
      for (const side of [ceilingS, productS]) {
        const run = await runPhase(group, side, closed, SECONDS, pids);
        runs.push(run);
        console.log(`  ${spec.key} ${side.name} saturating: ${brief(run)}`);
      }
    }
    const saturated = (name, figure) =>
      median(
        runs
          .filter((r) => r.side === name && r.mode === "saturating")
          .map((r) => r[figure]),
      );
    const sat = (name) => saturated(name, "deliveriesPerSec");
    const satMsgs = (name) => saturated(name, "msgsPerSec");
    // The same offered load on both sides: half what the product sustained, at most a
    // quarter of the ceiling (W2 of reference/benchmarks.md).
    const rate = Math.max(
      1,
      Math.min(satMsgs("product") * 0.5, satMsgs("ceiling") * 0.25),
    );
    for (const side of [ceilingS, productS]) {
      const run = await runPhase(group, side, { rate }, STEADY_SECONDS, pids);
      runs.push(run);
      console.log(`  ${spec.key} ${side.name} steady: ${brief(run)}`);
    }
    productS.close();
    Object.assign(results.groups[spec.key], {
      runs,
      productMsgsPerSec: satMsgs("product"),
      ceilingMsgsPerSec: satMsgs("ceiling"),
      productDeliveriesPerSec: sat("product"),
      ceilingDeliveriesPerSec: sat("ceiling"),
      productOverCeiling: round(sat("product") / sat("ceiling"), 3),
      steadyRate: round(rate, 1),
    });
    if (spec.key === "g10k" && env.BENCH_REACTION_STORM !== "0") {
      results.reactionStorm = await reactionStorm(group);
      console.log(
        `  ${spec.key} reaction storm: ${reactionBrief(results.reactionStorm)}`,
      );
    }
    if (spec.key === "g10k" && env.BENCH_STORM !== "0") {
      results.storm = await reconnectStorm(group);
      console.log(
        `  ${spec.key} reconnect storm: ${stormBrief(results.storm)}`,
      );
    }
  }
} finally {
  for (const group of groups)
    for (const member of group.online) {
      member.ws?.terminate();
      member.raw?.terminate();
    }
  await seedDb.close();
  await Promise.all(products.map((p) => p.stop()));
  await redis?.quit();
  ceilingChild.kill("SIGTERM");
  await storage.drop();
  // BENCH_KEEP_DATA=1 keeps the data folder, to look at a statement's plan on it.
  if (env.BENCH_KEEP_DATA === "1") console.log(`data folder kept: ${dataDir}`);
  for (const dir of env.BENCH_KEEP_DATA === "1"
    ? otherDirs
    : [dataDir, ...otherDirs])
    fs.rmSync(dir, { recursive: true, force: true });
}
results.wallSeconds = Math.round((performance.now() - wallStart) / 1000);

function brief(run) {
  return (
    `${run.msgsPerSec} msgs/s, ${run.deliveriesPerSec} deliveries/s, ` +
    `p50 ${run.deliveryMs.p50} ms, p99 ${run.deliveryMs.p99} ms, ` +
    `all reached p95 ${run.lastMemberReachedMs.p95} ms; lost ${run.lost}, dup ${run.duplicates}, reordered ${run.outOfOrder}; ` +
    (run.redisPublishesPerMsg === undefined
      ? ""
      : `Redis PUBLISH/msg ${run.redisPublishesPerMsg}; `) +
    `CPU server ${run.cpu.serverPct}% ceiling ${run.cpu.ceilingPct}% generator ${run.cpu.generatorPct}% ` +
    (pids.store ? `pg+redis ${run.cpu.storePct}% ` : "") +
    `other ${run.cpu.otherPct}%`
  );
}

function table() {
  const header = [
    "group",
    "side",
    "load",
    "msgs/s",
    "deliv/s",
    "p50 ms",
    "p99 ms",
    "all-reached p50/p95 ms",
    "lost",
    "dup",
    "reord",
    pids.store
      ? "CPU srv/ceil/gen/pg+redis/other %"
      : "CPU srv/ceil/gen/other %",
  ];
  const rows = [];
  for (const [key, g] of Object.entries(results.groups))
    for (const run of g.runs ?? [])
      rows.push([
        `${key} (${g.online}/${g.members})`,
        run.side,
        run.mode === "saturating"
          ? `closed w${g.window}×${g.senders}`
          : run.mode,
        String(run.msgsPerSec),
        String(run.deliveriesPerSec),
        String(run.deliveryMs.p50),
        String(run.deliveryMs.p99),
        `${run.lastMemberReachedMs.p50} / ${run.lastMemberReachedMs.p95}`,
        String(run.lost),
        String(run.duplicates),
        String(run.outOfOrder),
        [
          run.cpu.serverPct,
          run.cpu.ceilingPct,
          run.cpu.generatorPct,
          ...(pids.store ? [run.cpu.storePct] : []),
          run.cpu.otherPct,
        ].join("/"),
      ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => r[i].length)),
  );
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
  ].join("\n");
}

fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
const file = path.join(
  root,
  "bench/results",
  `groups-${results.date.replace(/[:.]/g, "-")}.json`,
);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
console.log();
console.log(table());
console.log();
for (const [key, g] of Object.entries(results.groups)) {
  if (!g.runs) continue;
  const steadyProduct = g.runs.findLast((r) => r.side === "product");
  console.log(
    `${key}: product/ceiling deliveries/s (median of 2 saturating runs each) = ${g.productDeliveriesPerSec} / ${g.ceilingDeliveriesPerSec} = ${g.productOverCeiling}` +
      (key === "g50" ? " (target ≥ 0.5)" : "") +
      `; at a steady ${g.steadyRate} msgs/s every online member reached in p95 ${steadyProduct.lastMemberReachedMs.p95} ms` +
      (key === "g10k" ? " (target < 500 ms)" : ""),
  );
}
const allRuns = Object.values(results.groups).flatMap((g) => g.runs ?? []);
const failures = allRuns.filter(
  (r) => r.lost > 0 || r.duplicates > 0 || r.outOfOrder > 0,
);
if (results.storm && results.storm.failed + results.storm.behind > 0)
  failures.push(results.storm);
if (
  results.reactionStorm &&
  results.reactionStorm.lost + results.reactionStorm.refused > 0
)
  failures.push(results.reactionStorm);
const refused = allRuns.reduce((n, r) => n + r.refused, 0);
if (refused > 0) console.error(`${refused} sends were refused or timed out`);
const busyElsewhere = allRuns.filter((r) => r.cpu.otherPct > 25).length;
if (busyElsewhere > 0)
  console.log(
    `In ${busyElsewhere} of ${allRuns.length} runs other processes used more than 25% of a core ("other"): those figures are noisy.`,
  );
if (allRuns.some((r) => r.side === "ceiling" && r.cpu.generatorPct > 90))
  console.log(
    "The generator ran above 90% of a core during the ceiling runs: the ceiling is what this box can push and receive, not the raw server alone.",
  );
console.log(
  `${os.cpus().length} cores shared by the product, the ceiling, the generator and whatever else runs (CPU in % of one core); ` +
    `wall ${results.wallSeconds} s; written to ${path.relative(root, file)}`,
);
if (failures.length > 0) {
  console.error("messages were lost, duplicated or reordered");
  process.exit(1);
}
