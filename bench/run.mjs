#!/usr/bin/env node
// Benchmarks (reference/benchmarks.md, a first slice): they print figures and write
// bench/results/<timestamp>.json; they never gate on absolute time.
//
//   W0   calibration: bare Fastify hello (the HTTP ceiling of this box), raw ws echo.
//   W1c  1:1 chat, closed loop: pairs of users send; each message is received on the
//        peer's socket. msgs/s stored and delivered; send→receive p50/p99/max; loss,
//        duplicates and order checked per conversation.
//   W4   history paging on a 100k-message conversation (seeded directly): getMessageList at
//        the newest page and at the oldest cursor; req/s and p99, oldest/newest ratio.
//   W4s  history search on a 1M-message conversation (bench/search.mjs): getMessageList with
//        keywords, newest and oldest page, against a bare route running the same queries.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import getPort from "get-port";
import { startProduct } from "./product.mjs";
import { historySearch, searchTable } from "./search.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const Fastify = require("fastify");
const { WebSocket, WebSocketServer } = require("ws");
const Database = require("better-sqlite3");

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[
    Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
  ];
}
function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p99: percentile(s, 99),
    max: s.at(-1) ?? 0,
  };
}
const round = (x) => Math.round(x * 100) / 100;

/** Runs `worker` on `concurrency` loops for `seconds`; answers completed count and latencies. */
async function closedLoop(concurrency, seconds, worker) {
  const latencies = [];
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, index) => {
      while (performance.now() < end) {
        const start = performance.now();
        await worker(index);
        latencies.push(performance.now() - start);
        done += 1;
      }
    }),
  );
  return { rate: done / seconds, latency: summary(latencies) };
}

async function calibrate() {
  const app = Fastify();
  app.post("/hello", async () => ({ code: 0 }));
  const port = await getPort({ host: "127.0.0.1" });
  await app.listen({ port, host: "127.0.0.1" });
  const hello = await closedLoop(32, Math.min(SECONDS, 5), () =>
    fetch(`http://127.0.0.1:${port}/hello`, { method: "POST" }).then((r) =>
      r.json(),
    ),
  );
  await app.close();

  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((resolve) => wss.once("listening", resolve));
  wss.on("connection", (ws) => ws.on("message", (data) => ws.send(data)));
  const wsPort = wss.address().port;
  const sockets = await Promise.all(
    Array.from(
      { length: 20 },
      () =>
        new Promise((resolve) => {
          const ws = new WebSocket(`ws://127.0.0.1:${wsPort}`);
          ws.on("open", () => resolve(ws));
        }),
    ),
  );
  const echo = await closedLoop(
    20,
    Math.min(SECONDS, 5),
    (i) =>
      new Promise((resolve) => {
        const ws = sockets[i];
        ws.once("message", resolve);
        ws.send('{"type":"ping"}');
      }),
  );
  for (const ws of sockets) ws.close();
  wss.close();
  return {
    fastifyHello: { reqPerSec: round(hello.rate), ...hello.latency },
    wsEcho: { perSec: round(echo.rate), ...echo.latency },
  };
}

/** The server's resident memory, in MB, from /proc. */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * Issue 10: one 20 MB upload at a time (uploadFile, each with new bytes so none is
 * deduplicated), against writing the same bytes to a file from a bare Node stream in the
 * same run; the server's memory is sampled meanwhile (streamed, never held whole).
 */
async function uploads(dataDir, product) {
  const MB = 1024 * 1024;
  const size = 20 * MB;
  const runs = 5;
  const bytes = randomBytes(size);
  const median = (values) =>
    [...values].sort((a, b) => a - b)[values.length >> 1];

  const bare = [];
  for (let i = 0; i < runs; i += 1) {
    const file = path.join(dataDir, `bare-${i}`);
    const started = performance.now();
    await pipeline(
      Readable.from(
        (function* chunks() {
          for (let at = 0; at < size; at += 64 * 1024)
            yield bytes.subarray(at, at + 64 * 1024);
        })(),
      ),
      fs.createWriteStream(file),
    );
    bare.push(size / MB / ((performance.now() - started) / 1000));
    fs.rmSync(file);
  }

  const alice = await user(product, "uploada");
  const bob = await user(product, "uploadb");
  const rssBefore = rssMb(product.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(product.pid));
  }, 20);
  const served = [];
  // The first uploads load and compile the code that types and measures files: two go
  // first, untimed, so the figure is the server's steady pace.
  const warmUps = 2;
  try {
    for (let i = 0; i < warmUps + runs; i += 1) {
      bytes.writeUInt32BE(i + 1, 0);
      // The body is made before the clock starts, and sent in large writes: the figure is
      // the server's, not the generator's multipart encoding.
      const boundary = `----bench${randomUUID()}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n` +
            JSON.stringify({ id: randomUUID(), toContactId: bob.id }) +
            `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${i}.zip"\r\n` +
            "Content-Type: application/zip\r\n\r\n",
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const started = performance.now();
      const envelope = await new Promise((resolve, reject) => {
        const req = http.request(
          `${product.url}/common/upload/uploadFile`,
          {
            method: "POST",
            headers: {
              Authorization: alice.token,
              "Content-Type": `multipart/form-data; boundary=${boundary}`,
              "Content-Length": body.length,
            },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => (text += chunk));
            res.on("end", () => resolve(JSON.parse(text)));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
      if (envelope.code !== 0) throw new Error(`uploadFile: ${envelope.msg}`);
      if (i >= warmUps)
        served.push(size / MB / ((performance.now() - started) / 1000));
    }
  } finally {
    clearInterval(sampler);
  }
  const product20 = median(served);
  const bare20 = median(bare);
  return {
    fileMb: size / MB,
    uploadMbPerSec: round(product20),
    bareStreamMbPerSec: round(bare20),
    ratio: round(product20 / bare20),
    serverRssMb: { before: rssBefore, peak: rssPeak },
  };
}

async function user(product, name) {
  const account = `${name}${Math.random().toString(36).slice(2, 8)}`;
  await product.post("/common/pub/register", {
    account,
    realname: name.slice(0, 16),
    password: "secret12",
  });
  const login = await product.post("/common/pub/login", {
    account,
    password: "secret12",
  });
  return { token: login.data.authToken, id: login.data.userInfo.user_id };
}

async function bound(product, token) {
  const ws = new WebSocket(`${product.url.replace("http", "ws")}/wss`);
  await new Promise((resolve) => ws.once("message", resolve));
  ws.send(JSON.stringify({ type: "bindUid", token }));
  await new Promise((resolve) => ws.once("message", resolve));
  return ws;
}

async function chat(product) {
  const pairs = 20;
  const users = [];
  for (let i = 0; i < pairs * 2; i += 1)
    users.push(await user(product, `bench${i}`));
  const pending = new Map();
  const received = new Map();
  const sockets = await Promise.all(users.map((u) => bound(product, u.token)));
  sockets.forEach((ws, index) => {
    ws.on("message", (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.type !== "simple" || frame.data.from_user === users[index].id)
        return;
      const key = `${frame.data.from_user}:${frame.data.id}`;
      const list = received.get(frame.data.from_user) ?? [];
      list.push(frame.data.seq);
      received.set(frame.data.from_user, list);
      const resolve = pending.get(key);
      if (resolve) {
        pending.delete(key);
        resolve();
      }
    });
  });
  let sent = 0;
  const result = await closedLoop(pairs, SECONDS, async (pair) => {
    const from = users[pair * 2];
    const to = users[pair * 2 + 1];
    const id = randomUUID();
    const delivered = new Promise((resolve) =>
      pending.set(`${from.id}:${id}`, resolve),
    );
    const res = await product.post(
      "/enterprise/im/sendMessage",
      { id, type: "text", content: `m${sent}`, toContactId: to.id },
      from.token,
    );
    if (res.code !== 0) throw new Error(res.msg);
    sent += 1;
    await delivered;
  });
  let outOfOrder = 0;
  let duplicates = 0;
  let delivered = 0;
  for (const seqs of received.values()) {
    delivered += seqs.length;
    duplicates += seqs.length - new Set(seqs).size;
    for (let i = 1; i < seqs.length; i += 1)
      if (seqs[i] <= seqs[i - 1]) outOfOrder += 1;
  }
  for (const ws of sockets) ws.close();
  return {
    pairs,
    msgsPerSec: round(result.rate),
    sendToReceiveMs: result.latency,
    sent,
    delivered,
    lost: sent - delivered,
    duplicates,
    outOfOrder,
  };
}

async function paging(dataDir, product) {
  const alice = await user(product, "pagera");
  const bob = await user(product, "pagerb");
  const total = Number(process.env.BENCH_HISTORY ?? 100_000);
  // Seed directly: the product's own send path is measured above.
  const db = new Database(path.join(dataDir, "parley.sqlite"));
  const low = Math.min(alice.id, bob.id);
  const conversation = `${low}-${Math.max(alice.id, bob.id)}`;
  const now = Date.now();
  db.prepare(
    "insert or ignore into conversations (conversation_id, is_group, created_at) values (?, 0, ?)",
  ).run(conversation, now);
  const insert = db.prepare(
    "insert into messages (conversation_id, seq, client_msg_id, from_user, to_user, content, created_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const seed = db.transaction((from, to) => {
    for (let seq = from; seq < to; seq += 1) {
      const sender = seq % 2 ? alice.id : bob.id;
      insert.run(
        conversation,
        seq,
        randomUUID(),
        sender,
        sender === alice.id ? bob.id : alice.id,
        `history ${seq}`,
        now - (total - seq) * 1000,
      );
    }
  });
  for (let start = 1; start <= total; start += 10_000)
    seed(start, Math.min(start + 10_000, total + 1));
  db.prepare(
    "update conversations set last_seq = ? where conversation_id = ?",
  ).run(total, conversation);
  const { min } = db
    .prepare(
      "select min(msg_id) as min from messages where conversation_id = ?",
    )
    .get(conversation);
  db.close();

  const page = (lastId) =>
    product.post(
      "/enterprise/im/getMessageList",
      { toContactId: bob.id, limit: 10, last_id: lastId },
      alice.token,
    );
  const newest = await closedLoop(16, Math.min(SECONDS, 5), () => page(0));
  const oldest = await closedLoop(16, Math.min(SECONDS, 5), () =>
    page(min + 15),
  );
  const contacts = await closedLoop(16, Math.min(SECONDS, 5), () =>
    product.post("/enterprise/im/getContacts", {}, alice.token),
  );
  return {
    messages: total,
    newestPage: { reqPerSec: round(newest.rate), ...newest.latency },
    oldestPage: { reqPerSec: round(oldest.rate), ...oldest.latency },
    oldestOverNewestP99: round(oldest.latency.p99 / newest.latency.p99),
    getContacts: { reqPerSec: round(contacts.rate), ...contacts.latency },
  };
}

if (!fs.existsSync(path.join(root, "apps/server/dist/main.js"))) {
  console.error("Build first: npm run build");
  process.exit(1);
}
const started = Date.now();
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  seconds: SECONDS,
};
results.W0 = await calibrate();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
const product = await startProduct(dataDir);
try {
  results.W1c = await chat(product);
  results.W4 = await paging(dataDir, product);
  results.uploads = await uploads(dataDir, product);
  results.W4s = await historySearch({
    dataDir,
    product,
    alice: await user(product, "searcha"),
    bob: await user(product, "searchb"),
    closedLoop,
    round,
    seconds: Math.min(SECONDS, 2),
  });
} finally {
  await product.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
results.ratios = {
  getContactsOverHello: round(
    results.W4.getContacts.reqPerSec / results.W0.fastifyHello.reqPerSec,
  ),
  newestPageOverHello: round(
    results.W4.newestPage.reqPerSec / results.W0.fastifyHello.reqPerSec,
  ),
  searchOverBare: results.W4s.worstProductOverBare,
  searchOldestOverNewestP99: results.W4s.worstOldestOverNewestP99,
};
results.wallSeconds = Math.round((Date.now() - started) / 1000);
fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
const file = path.join(
  root,
  "bench/results",
  `${results.date.replace(/[:.]/g, "-")}.json`,
);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
console.log();
console.log(searchTable(results.W4s));
console.log(`written to ${path.relative(root, file)}`);
if (
  results.W1c.lost > 0 ||
  results.W1c.duplicates > 0 ||
  results.W1c.outOfOrder > 0
)
  process.exit(1);
