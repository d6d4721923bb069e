#!/usr/bin/env node
// `npm run bench` (issue 14, reference/benchmarks.md): every workload against a ceiling
// measured in the same run, one table at the end, the figures in bench/results/<date>.json
// with the machine, Node and package versions. Figures only: nothing here passes or fails
// on time (HOUSE-STYLE §5); a run fails only when a message is lost, duplicated or
// reordered.
//
//   W4b  plain API calls (trivial authenticated call, getSystemInfo, getContacts) against a
//        bare Fastify route with the same body parsing and security headers (bench/api.mjs,
//        bench/ceiling.mjs), A-B-A-B
//   W5   login burst against argon2id verification alone
//   W6   idle socket memory against a raw `ws` server
//   W1c  1:1 chat, closed loop: pairs of users send; each message is received on the
//        peer's socket. msgs/s stored and delivered; send→receive p50/p99/max; loss,
//        duplicates and order checked per conversation.
//   —    20 MB uploads against a bare Node stream writing the same bytes (issue 10)
//   W4s  history search on a 1M-message conversation (bench/search.mjs): getMessageList with
//        keywords, newest and oldest page, against a bare route running the same queries.
//   W4   history paging (no keywords) in that conversation, newest page and oldest cursor
//   W7   cold start on that data folder against the bare route's
//   W4s global  the global search (enterprise/im/search) over 1M messages in 1,000 chats
//        (bench/global-search.mjs, a data folder of its own): newest and an old page
//   W1a  group fan-out in groups of 50 and 10,000 against a raw `ws` rebroadcast
//        (bench/groups.mjs, a child process)
//   F1   the JavaScript of /login and of the chat screen (bench/bundle.mjs, a child process)
//   F2   paints of /login and the chat shell, full speed and CPU 4× slower (the same child)
//   F3   DOM elements of a 10,000-message chat opened, receiving and paged back (the same)
//
// `--scale-out` adds W8 (it needs PostgreSQL and Redis: BENCH_DATABASE_URL and
// BENCH_REDIS_URL, by default this machine's): W1c and W2 with senders on one product
// process and receivers on another (bench/scale-out.mjs), then fan-out in groups of 50
// across two processes (bench/groups.mjs with BENCH_PROCESSES=2), against pgbench's
// single-row INSERT and redis-benchmark's PUBLISH, with Redis PUBLISHes per message.
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { apiWorkloads, coldStart } from "./api.mjs";
import { chatLoad, cpuMs } from "./chat-load.mjs";
import { globalSearch, globalSearchTable } from "./global-search.mjs";
import { postJson } from "./http-json.mjs";
import { startProduct } from "./product.mjs";
import { summaryTable } from "./table.mjs";
import { SCALE_OUT_DEFAULTS, scaleOut } from "./scale-out.mjs";
import {
  historySearch,
  postOnce,
  jsonPost,
  sameAnswer,
  searchTable,
  startBare,
} from "./search.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const autocannon = createRequire(path.join(root, "package.json"))("autocannon");
const Database = require("better-sqlite3");

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** W1c's pairs of users (benchmarks.md: 500). */
const CHAT_PAIRS = Number(process.env.BENCH_PAIRS ?? 500);

/**
 * `--only api,chat`: the named parts alone, while working on one (the table shows what
 * ran). `--scale-out` adds W8, which otherwise runs only when `--only` names it.
 */
const PARTS = [
  "api",
  "chat",
  "uploads",
  "search",
  "cold",
  "global-search",
  "groups",
  "bundles",
  "scale-out",
];
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt > 0 ? new Set(process.argv[onlyAt + 1]?.split(",")) : null;
for (const name of only ?? [])
  if (!PARTS.includes(name)) {
    console.error(`--only takes some of ${PARTS.join(", ")}`);
    process.exit(2);
  }
const scaleOutFlag = process.argv.includes("--scale-out");
const wanted = (part) =>
  part === "scale-out"
    ? scaleOutFlag || (only?.has(part) ?? false)
    : only === null || only.has(part);

const round = (x) => Math.round(x * 100) / 100;

/**
 * One closed-loop run of `request` (search.mjs `jsonPost`: url, body, headers) by autocannon
 * in a worker thread, `concurrency` connections for `seconds`. The first answer is fetched
 * and kept; every answer of the run must be byte for byte that one (a mismatch counts as
 * an error, and any error stops the bench): the figure is of working answers.
 */
async function closedLoop(concurrency, seconds, request) {
  const first = await fetch(request.url, {
    method: "POST",
    headers: request.headers,
    body: request.body,
  });
  const expectBody = await first.text();
  if (!expectBody.startsWith('{"code":0'))
    throw new Error(
      `${request.url}: ${first.status} ${expectBody.slice(0, 200)}`,
    );
  const result = await autocannon({
    url: request.url,
    method: "POST",
    connections: concurrency,
    duration: seconds,
    workers: 1,
    headers: request.headers,
    body: request.body,
    expectBody,
  });
  const errors =
    result.errors + result.timeouts + result.non2xx + (result.mismatches ?? 0);
  if (errors > 0)
    throw new Error(`${request.url}: ${errors} answers were not the first one`);
  return {
    rate: result.requests.total / seconds,
    latency: {
      n: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
    },
  };
}

/**
 * A ceiling against the product on the same closed loop, A-B-A-B as benchmarks.md §6.1
 * asks (ceiling, product, ceiling, product, each half of `seconds` after a short warm-up),
 * so a drift of the machine during the pair weighs on both sides alike. Each side's rate is
 * the median (of two: their mean); its p50 and p99 the two runs' weighed by their answers.
 */
async function alternate(concurrency, seconds, ceiling, product) {
  const runs = { ceiling: [], product: [] };
  for (let pass = 0; pass < 2; pass += 1)
    for (const [side, request] of [
      ["ceiling", ceiling],
      ["product", product],
    ]) {
      await closedLoop(concurrency, 1, request);
      runs[side].push(await closedLoop(concurrency, seconds / 2, request));
    }
  // Each run's percentiles weighed by its answers (autocannon gives percentiles, not the
  // samples): one hiccup of the machine in a run of a second moves that run's p99 alone.
  const weighed = (list, key) =>
    round(
      list.reduce((sum, run) => sum + run.latency[key] * run.latency.n, 0) /
        Math.max(1, list[0].latency.n + list[1].latency.n),
    );
  const side = (list) => ({
    reqPerSec: round((list[0].rate + list[1].rate) / 2),
    n: list[0].latency.n + list[1].latency.n,
    p50: weighed(list, "p50"),
    p99: weighed(list, "p99"),
    max: Math.max(list[0].latency.max, list[1].latency.max),
  });
  const bare = side(runs.ceiling);
  const ours = side(runs.product);
  return { bare, product: ours, ratio: round(ours.reqPerSec / bare.reqPerSec) };
}

/** The server's resident memory, in MB, from /proc. */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * Issue 10: one 20 MB upload at a time (uploadFile, each with new bytes so none is
 * deduplicated), against writing the same bytes to a file from a bare Node stream, A-B-A-B
 * (a bare write, then an upload). Both keep what they wrote until the workload ends, as
 * storage must: a file deleted at once never reaches the disk (its dirty pages are
 * dropped), which made the bare figure the page cache's and not the disk's. The server's
 * memory is sampled meanwhile (streamed, never held whole).
 */
async function uploads(dataDir, product) {
  const MB = 1024 * 1024;
  const size = 20 * MB;
  // Each sample is 20-60 ms and the disk's write-back makes single ones vary 3-fold (bare
  // 529-2,066 MB/s within one run): 25 pairs, not 9, so the medians hold still between runs.
  const runs = 25;
  const bytes = randomBytes(size);
  const median = (values) =>
    [...values].sort((a, b) => a - b)[values.length >> 1];
  const bareFiles = [];
  const bareWrite = async (i) => {
    const file = path.join(dataDir, `bare-${i}`);
    bareFiles.push(file);
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
    return size / MB / ((performance.now() - started) / 1000);
  };

  const alice = await user(product, "uploada");
  const bob = await user(product, "uploadb");
  // From after the warm-ups, which load the code that types files: growth then is what
  // receiving costs, which must stay well under a file (streamed, never held whole).
  let rssBefore = rssMb(product.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(product.pid));
  }, 20);
  const bare = [];
  const served = [];
  let cpuAtStart = 0;
  // The first uploads load and compile the code that types and measures files: two go
  // first, untimed, so the figure is the server's steady pace.
  const warmUps = 2;
  try {
    for (let i = 0; i < warmUps + runs; i += 1) {
      if (i === warmUps) {
        cpuAtStart = cpuMs(product.pid);
        rssBefore = rssMb(product.pid);
        rssPeak = rssBefore;
      }
      const bareMbPerSec = await bareWrite(i);
      if (i >= warmUps) bare.push(bareMbPerSec);
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
      const envelope = await postJson({
        url: product.url,
        path: "/common/upload/uploadFile",
        body,
        headers: {
          Authorization: alice.token,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
        },
      });
      if (envelope.code !== 0) throw new Error(`uploadFile: ${envelope.msg}`);
      if (i >= warmUps)
        served.push(size / MB / ((performance.now() - started) / 1000));
    }
  } finally {
    clearInterval(sampler);
    for (const file of bareFiles) fs.rmSync(file, { force: true });
  }
  // The server's CPU per upload, all its threads (hashing, parsing, the writes' system time).
  const cpuPerUploadMs = (cpuMs(product.pid) - cpuAtStart) / runs;
  const product20 = median(served);
  const bare20 = median(bare);
  return {
    fileMb: size / MB,
    uploadMbPerSec: round(product20),
    bareStreamMbPerSec: round(bare20),
    ratio: round(product20 / bare20),
    serverRssMb: { before: rssBefore, peak: rssPeak },
    serverCpuMsPerUpload: round(cpuPerUploadMs),
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
  return {
    account,
    token: login.data.authToken,
    id: login.data.userInfo.user_id,
  };
}

/**
 * W1c then W2: 500 pairs (BENCH_PAIRS) send 1:1 messages, closed loop, then open loop at a quarter of the
 * closed loop's rate (reference/benchmarks.md: latency at 25 % load). The generator is a
 * worker thread (bench/chat-load.mjs); the product's CPU per message is read from /proc.
 */
async function chat(product) {
  const pairs = CHAT_PAIRS;
  // Made 16 at a time: each registration and login hashes a password.
  const users = [];
  for (let i = 0; i < pairs * 2; i += 16) {
    const batch = Array.from({ length: Math.min(16, pairs * 2 - i) }, (_, k) =>
      user(product, `bench${i + k}`),
    );
    for (const { id, token } of await Promise.all(batch))
      users.push({ id, token });
  }
  const run = (mode, rate) =>
    chatLoad({
      url: product.url,
      pids: [product.pid],
      users,
      seconds: SECONDS,
      mode,
      rate,
    });
  const closed = await run("closed");
  const open = await run(
    "open",
    Math.max(1, Math.round(closed.msgsPerSec / 4)),
  );
  return { closed, open };
}

/**
 * W4: plain history paging (no keywords) in the 1,000,000-message conversation the search
 * workload seeded: the newest page and a page at the oldest cursor, each against a bare
 * Fastify route running the same statement on the same file (bench/search.mjs `/page`),
 * ceiling then product, each driven by autocannon in a worker thread (search.mjs `jsonPost`).
 */
async function paging(dataDir, product, alice, bob) {
  const file = path.join(dataDir, "parley.sqlite");
  const db = new Database(file, { readonly: true });
  const low = Math.min(alice.id, bob.id);
  const conversation = `${low}-${Math.max(alice.id, bob.id)}`;
  const { min, total } = db
    .prepare(
      "select min(msg_id) as min, count(*) as total from messages where conversation_id = ?",
    )
    .get(conversation);
  db.close();
  const limit = 10;
  const seconds = Math.min(SECONDS, 4);
  const bare = await startBare(file);
  const sides = {};
  try {
    for (const [name, lastId] of [
      ["newest", 0],
      ["oldest", min + 15],
    ]) {
      const ours = await postOnce(
        `${product.url}/enterprise/im/getMessageList`,
        { toContactId: bob.id, limit, last_id: lastId },
        { Authorization: alice.token },
      );
      if (ours.json.code !== 0 || ours.json.data.length !== limit)
        throw new Error(`history page ${name}: ${ours.json.msg}`);
      const bareRequest = { conversation, reader: alice.id, lastId, limit };
      const bytes = sameAnswer(
        `history page ${name}`,
        ours,
        await postOnce(`${bare.url}/page`, bareRequest),
      );
      sides[name] = {
        bytes,
        ...(await alternate(
          16,
          seconds,
          jsonPost(`${bare.url}/page`, bareRequest),
          jsonPost(
            `${product.url}/enterprise/im/getMessageList`,
            { toContactId: bob.id, limit, last_id: lastId },
            { Authorization: alice.token },
          ),
        )),
      };
    }
  } finally {
    await bare.stop();
  }
  return {
    messages: total,
    newestPage: sides.newest.product,
    oldestPage: sides.oldest.product,
    bareNewest: sides.newest.bare,
    bareOldest: sides.oldest.bare,
    answerBytes: sides.newest.bytes,
    newestOverBare: sides.newest.ratio,
    oldestOverBare: sides.oldest.ratio,
    oldestOverNewestP99: round(
      sides.oldest.product.p99 / sides.newest.product.p99,
    ),
  };
}

/** Runs another bench script as a child with `env`; answers its whole standard output. */
async function child(script, args, env) {
  const proc = spawn(process.execPath, [path.join(root, script), ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  proc.stdout.on("data", (chunk) => {
    out += chunk;
  });
  const code = await new Promise((resolve) => proc.once("exit", resolve));
  return { code, out };
}

/** W1a: bench/groups.mjs (fan-out in groups of 50 and of 10,000), its JSON read back. */
async function fanOut() {
  const { code, out } = await child("bench/groups.mjs", [], {
    BENCH_SECONDS: process.env.BENCH_GROUP_SECONDS ?? "4",
    BENCH_STEADY_SECONDS: "3",
  });
  const file = /written to (\S+)/.exec(out)?.[1];
  if (!file) throw new Error("bench/groups.mjs wrote no results");
  const results = JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
  return { ...results, exitCode: code };
}

/** W8's fan-out: bench/groups.mjs in groups of 50 with two processes on PostgreSQL and Redis. */
async function fanOutScaled() {
  const { code, out } = await child("bench/groups.mjs", [], {
    BENCH_PROCESSES: "2",
    BENCH_GROUPS: "g50",
    BENCH_DATABASE_URL:
      process.env.BENCH_DATABASE_URL || SCALE_OUT_DEFAULTS.databaseUrl,
    BENCH_REDIS_URL: process.env.BENCH_REDIS_URL || SCALE_OUT_DEFAULTS.redisUrl,
    BENCH_SECONDS: process.env.BENCH_GROUP_SECONDS ?? "4",
    BENCH_STEADY_SECONDS: "3",
  });
  const file = /written to (\S+)/.exec(out)?.[1];
  if (!file) throw new Error("bench/groups.mjs (scaled out) wrote no results");
  const results = JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
  return { ...results, exitCode: code };
}

/** F1–F3: bench/bundle.mjs (JavaScript, paints, a big chat in the browser), as JSON. */
async function bundles() {
  const { code, out } = await child("bench/bundle.mjs", ["--json"], {});
  if (code !== 0) throw new Error("bench/bundle.mjs failed");
  return JSON.parse(out.slice(out.indexOf("\n{") + 1));
}

if (!fs.existsSync(path.join(root, "apps/server/dist/main.js"))) {
  console.error("Build first: npm run build");
  process.exit(1);
}
const started = Date.now();
const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? "",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    kernel: os.release(),
  },
  node: process.version,
  versions: Object.fromEntries(
    ["fastify", "ws", "better-sqlite3", "kysely", "@node-rs/argon2"].map(
      (name) => [
        name,
        JSON.parse(
          fs.readFileSync(
            path.join(root, "node_modules", name, "package.json"),
            "utf8",
          ),
        ).version,
      ],
    ),
  ),
  seconds: SECONDS,
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
let product = await startProduct(dataDir);
try {
  if (wanted("api")) {
    console.log("W4b, W5, W6: plain API calls, login burst, idle sockets…");
    results.api = await apiWorkloads({
      product,
      user,
      dataDir,
      seconds: Math.min(SECONDS, 4),
    });
  }
  if (wanted("chat")) {
    console.log("W1c, W2: 1:1 chat, closed then open loop…");
    results.W1c = await chat(product);
  }
  if (wanted("uploads")) {
    console.log("Uploads…");
    results.uploads = await uploads(dataDir, product);
  }
  if (wanted("search")) {
    console.log("W4s: 1,000,000 messages seeded, then history search…");
    const alice = await user(product, "searcha");
    const bob = await user(product, "searchb");
    results.W4s = await historySearch({
      dataDir,
      product,
      alice,
      bob,
      alternate,
      round,
      seconds: Math.min(SECONDS, 2),
    });
    console.log("W4: history paging in the same conversation…");
    results.W4 = await paging(dataDir, product, alice, bob);
  }
  await product.stop();
  product = null;
  if (wanted("cold")) {
    console.log("W7: cold start on that data folder…");
    results.W7 = await coldStart(startProduct, dataDir);
  }
} finally {
  await product?.stop();
  // BENCH_KEEP_DATA=1 keeps the data folder (1M messages) for profiling one statement.
  if (process.env.BENCH_KEEP_DATA) console.log(`data folder kept: ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
if (wanted("global-search")) {
  console.log("W4s global: messages in many chats seeded, then global search…");
  // A product on a data folder of its own: W4, W4s and W7 keep their one conversation.
  const globalDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-"));
  const globalProduct = await startProduct(globalDir);
  try {
    results.W4sGlobal = await globalSearch({
      dataDir: globalDir,
      product: globalProduct,
      searcher: await user(globalProduct, "globala"),
      alternate,
      round,
      // A common word's search takes about 0.1 s at 1,000,000 messages: halves of 5 s count
      // some 50 answers a side, where W4s's halves of 1 s would count about 10.
      seconds: SECONDS * 2,
    });
  } finally {
    await globalProduct.stop();
    if (process.env.BENCH_KEEP_DATA)
      console.log(`data folder kept: ${globalDir}`);
    else fs.rmSync(globalDir, { recursive: true, force: true });
  }
}
if (wanted("groups")) {
  console.log("W1a: group fan-out (bench/groups.mjs)…");
  results.W1a = await fanOut();
}
if (wanted("bundles")) {
  console.log("F1–F3: bundles, paints, a big chat (bench/bundle.mjs)…");
  results.F1 = await bundles();
}
if (wanted("scale-out")) {
  console.log("W8: 1:1 chat across two processes on PostgreSQL and Redis…");
  const chat = await scaleOut({
    user,
    pairs: CHAT_PAIRS,
    seconds: SECONDS,
    // W2's offered rate; BENCH_OPEN_RATE stands in for it when W2 did not run.
    openRate:
      results.W1c?.open.offeredPerSec ??
      (process.env.BENCH_OPEN_RATE
        ? Number(process.env.BENCH_OPEN_RATE)
        : undefined),
  });
  console.log("W8: fan-out in groups of 50 across two processes…");
  results.W8 = { ...chat, W1a: await fanOutScaled() };
}
results.wallSeconds = Math.round((Date.now() - started) / 1000);

fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
const file = path.join(
  root,
  "bench/results",
  `${results.date.replace(/[:.]/g, "-")}.json`,
);
fs.writeFileSync(file, JSON.stringify(results, null, 2));
console.log();
if (results.W4s) {
  console.log(searchTable(results.W4s));
  console.log();
}
if (results.W4sGlobal) {
  console.log(globalSearchTable(results.W4sGlobal));
  console.log();
}
console.log(summaryTable(results));
console.log(
  `wall ${results.wallSeconds} s; written to ${path.relative(root, file)}`,
);
const groupRuns = [results.W1a, results.W8?.W1a].flatMap((run) =>
  Object.values(run?.groups ?? {}).flatMap((g) => g.runs ?? []),
);
const broken =
  [results.W1c?.closed, results.W1c?.open, results.W8?.closed, results.W8?.open]
    .filter(Boolean)
    .reduce((n, r) => n + r.lost + r.duplicates + r.outOfOrder + r.refused, 0) +
  groupRuns.reduce((n, r) => n + r.lost + r.duplicates + r.outOfOrder, 0);
if (broken > 0) {
  console.error("messages were lost, duplicated or reordered");
  process.exit(1);
}
const failedAnswers = [
  "trivial",
  "sysinfo",
  "contacts",
  "contactsSame",
  "friends",
  "login",
].reduce(
  (n, name) =>
    n +
    (results.api?.[name]?.product.runs ?? []).reduce(
      (m, run) => m + run.errors,
      0,
    ),
  0,
);
if (failedAnswers > 0) {
  console.error(
    `${failedAnswers} API answers failed or differed: the figures are not of working calls`,
  );
  process.exit(1);
}
