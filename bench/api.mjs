// The plain API workloads of `npm run bench` (reference/benchmarks.md W4b, W5, W6 memory,
// W7), each against a ceiling measured in the same run:
//
//   trivial   an authenticated trivial call (enterprise/push/publicKey: session, envelope)
//             vs the bare Fastify route of bench/ceiling.mjs (same body parsing, same
//             security headers, same envelope), A-B-A-B
//   sysinfo   common/pub/getSystemInfo (the config every client reads first) vs the same
//   contacts  enterprise/im/getContacts of a user with 500 contacts, 100 chats and 50
//             groups vs the same, and vs the bare route answering that very envelope (an
//             answer of ~200 kB costs mostly its bytes, whoever sends it)
//   friends   enterprise/im/getContacts of a user with 50 contacts (benchmarks.md W4b: run
//             mode 2, 50 friends, 20 chats with them) vs the bare route
//   login     login burst: common/pub/login, 16 at a time, vs argon2id verification alone
//             with the product's parameters at the same concurrency (the KDF bound)
//   cold      cold start: spawn → first answer, the product (migrated data folder) vs
//             bench/ceiling.mjs, median of 3 each
//   sockets   idle socket memory: 1,000 bound sockets on the product vs 1,000 on a raw
//             `ws` server, RSS growth per socket
//
// HTTP load comes from autocannon in a worker thread of this process: neither the product
// nor the ceiling shares an event loop with it.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const requireRoot = createRequire(path.join(root, "package.json"));
const requireServer = createRequire(
  path.join(root, "apps/server/package.json"),
);
const autocannon = requireRoot("autocannon");
const Database = requireServer("better-sqlite3");
const { WebSocket } = requireServer("ws");
const argon2 = requireServer("@node-rs/argon2");

const median = (values) =>
  [...values].sort((a, b) => a - b)[values.length >> 1];
const round = (x) => Math.round(x * 100) / 100;
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** bench/ceiling.mjs in its own process; answers its url, the ms to listening, and stop. */
export async function startCeiling() {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(root, "bench/ceiling.mjs")],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const port = await new Promise((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
      const match = /port (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", () => reject(new Error("the ceiling exited")));
  });
  const url = `http://127.0.0.1:${port}`;
  await fetch(`${url}/hello`, { method: "POST", headers: FORM, body: "" });
  return {
    url,
    pid: child.pid,
    startMs: performance.now() - started,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The twin is only a ceiling if it answers like the product: the same header names and the
 * same security policies. Says so loudly when they have drifted apart.
 */
async function sameHeaders(productUrl, auth, ceilingUrl) {
  const heads = async (url, headers) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { ...FORM, ...headers },
      body: "",
    });
    await res.arrayBuffer();
    return res.headers;
  };
  const product = await heads(productUrl, auth);
  const ceiling = await heads(ceilingUrl, {});
  const policies = [
    "content-security-policy",
    "permissions-policy",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-resource-policy",
  ];
  const differing = policies.filter(
    (name) => product.get(name) !== ceiling.get(name),
  );
  if (differing.length > 0)
    console.warn(
      `bench/ceiling.mjs answers other security headers than the product (${differing.join(", ")}): mend it before reading the ratios`,
    );
}

/**
 * One closed-loop autocannon run; answers req/s, p50/p99 ms and the failed answers. With
 * `check`, one answer is fetched first and must be an envelope of code 0; with "same",
 * every answer of the run must also be byte for byte that one (a mismatch counts as an
 * error): the figure is of working answers, never of fast refusals.
 */
async function load(
  url,
  { body = "", headers = {}, seconds, connections, check = null },
) {
  let expectBody;
  if (check) {
    const res = await fetch(url, {
      method: "POST",
      headers: { ...FORM, ...headers },
      body,
    });
    const text = await res.text();
    const envelope = JSON.parse(text);
    if (envelope.code !== 0)
      throw new Error(`${url} answered code ${envelope.code}: ${envelope.msg}`);
    if (check === "same") expectBody = text;
  }
  const result = await autocannon({
    url,
    method: "POST",
    connections,
    duration: seconds,
    workers: 1,
    headers: { ...FORM, ...headers },
    body,
    ...(expectBody === undefined ? {} : { expectBody }),
  });
  return {
    reqPerSec: round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors:
      result.errors +
      result.timeouts +
      result.non2xx +
      (result.mismatches ?? 0),
  };
}

/**
 * Ceiling, product, ceiling, product (each after an untimed warm-up of a second); the
 * ratio is of the medians, as benchmarks.md §6.1 asks.
 */
async function abab(ceiling, product, seconds) {
  const runs = { ceiling: [], product: [] };
  for (let round_ = 0; round_ < 2; round_ += 1)
    for (const [side, run] of [
      ["ceiling", ceiling],
      ["product", product],
    ]) {
      await run(1);
      runs[side].push(await run(seconds));
    }
  const ceilingRate = median(runs.ceiling.map((r) => r.reqPerSec));
  const productRate = median(runs.product.map((r) => r.reqPerSec));
  return {
    product: { reqPerSec: productRate, runs: runs.product },
    ceiling: { reqPerSec: ceilingRate, runs: runs.ceiling },
    ratio: round(productRate / ceilingRate),
  };
}

/** Login burst vs argon2id verification alone at the same concurrency. */
async function loginBurst(product, account, seconds) {
  const concurrency = 16;
  const hash = await argon2.hash("secret12", {
    algorithm: 2,
    memoryCost: 19456,
    timeCost: 2,
  });
  const kdf = async (s) => {
    let done = 0;
    const end = performance.now() + s * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          await argon2.verify(hash, "secret12");
          done += 1;
        }
      }),
    );
    return { reqPerSec: round(done / s) };
  };
  const body = new URLSearchParams({
    account,
    password: "secret12",
  }).toString();
  const login = (s) =>
    load(`${product.url}/common/pub/login`, {
      body,
      seconds: s,
      connections: concurrency,
    });
  // A login that is refused would be fast: the run must be of logins that succeed.
  const first = await fetch(`${product.url}/common/pub/login`, {
    method: "POST",
    headers: FORM,
    body,
  });
  const envelope = await first.json();
  if (envelope.code !== 0)
    throw new Error(`login answered code ${envelope.code}: ${envelope.msg}`);
  return abab(kdf, login, seconds);
}

/**
 * Spawn → first answer, median of three, for the product and for the bare ceiling. Needs
 * the product stopped: run after the rest, on the same data folder.
 */
export async function coldStart(startProduct, dataDir) {
  const product = [];
  const bare = [];
  for (let i = 0; i < 3; i += 1) {
    const c = await startCeiling();
    bare.push(c.startMs);
    await c.stop();
    const started = performance.now();
    const p = await startProduct(dataDir);
    product.push(performance.now() - started);
    await p.stop();
  }
  const productMs = median(product);
  const bareMs = median(bare);
  return {
    productMs: Math.round(productMs),
    bareMs: Math.round(bareMs),
    ratio: round(productMs / bareMs),
  };
}

function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 1500));
}

/**
 * RSS growth per idle socket: bound product sockets vs raw `ws` ones. On each side a first
 * 200 sockets open untimed and stay: what the first connections cost once (code compiled
 * on first use, the heap's first growth) is not a cost per connection, and counted in the
 * window it read as one (a build that loads its code differently moved it by 4×).
 */
async function socketMemory(product, token) {
  const count = 1000;
  const warmUp = 200;
  const open = (url, onOpen) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once("error", reject);
      onOpen(ws, resolve);
    });
  const batch = async (make, size = count) => {
    const sockets = [];
    for (let i = 0; i < size; i += 50)
      sockets.push(...(await Promise.all(Array.from({ length: 50 }, make))));
    return sockets;
  };

  // The raw ceiling runs in this process's child: a bare ws server, nothing else.
  const raw = spawn(
    process.execPath,
    [
      "-e",
      `const { WebSocketServer } = require(${JSON.stringify(requireServer.resolve("ws"))});
       const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
       wss.on("connection", (ws) => { ws.on("message", (d) => ws.send(d)); ws.on("error", () => {}); });
       wss.on("listening", () => console.log("port " + wss.address().port));`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const rawPort = await new Promise((resolve) => {
    raw.stdout.on("data", (chunk) => {
      const match = /port (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
  });
  const rawSocket = () =>
    open(`ws://127.0.0.1:${rawPort}`, (ws, resolve) =>
      ws.once("open", () => resolve(ws)),
    );
  const rawFirst = await batch(rawSocket, warmUp);
  await settle();
  const rawBefore = rssKb(raw.pid);
  const rawSockets = await batch(rawSocket);
  await settle();
  const rawPerSocket = (rssKb(raw.pid) - rawBefore) / count;
  for (const ws of [...rawFirst, ...rawSockets]) ws.terminate();
  raw.kill("SIGTERM");

  const productSocket = () =>
    open(`${product.url.replace("http", "ws")}/wss`, (ws, resolve) => {
      ws.once("message", () => {
        ws.send(JSON.stringify({ type: "bindUid", token }));
        ws.once("message", () => resolve(ws));
      });
    });
  const first = await batch(productSocket, warmUp);
  await settle();
  const before = rssKb(product.pid);
  const sockets = await batch(productSocket);
  await settle();
  const perSocket = (rssKb(product.pid) - before) / count;
  for (const ws of [...first, ...sockets]) ws.terminate();
  return {
    sockets: count,
    productKbPerSocket: round(perSocket),
    rawKbPerSocket: round(rawPerSocket),
    ratio: round(perSocket / rawPerSocket),
  };
}

/** How big the getContacts user's list is (reference/benchmarks.md W4b). */
const CONTACTS = { people: 500, chats: 100, groups: 50 };

/**
 * The getContacts user of W4b: 500 other people (inserted with SQL in one transaction into
 * the product's SQLite file, one cheap password hash for all: in run mode 1 everyone is a
 * contact), a one-to-one chat with 100 of them and 50 groups, both made through the API so
 * every row is the product's own. Answers the user.
 */
export async function contactsUser(product, user, dataDir) {
  const me = await user(product, "apicontacts");
  const db = new Database(path.join(dataDir, "parley.sqlite"));
  db.pragma("busy_timeout = 5000");
  const { setting } = db
    .prepare("select setting from users where user_id = ?")
    .get(me.id);
  const hash = await argon2.hash("secret12", {
    memoryCost: 8,
    timeCost: 1,
    parallelism: 1,
  });
  const now = Date.now();
  const insert = db.prepare(
    "insert into users (account, realname, password_hash, name_py, setting, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const tag = Math.random().toString(36).slice(2, 7);
  const ids = db.transaction(() =>
    Array.from({ length: CONTACTS.people }, (_, i) =>
      Number(
        insert.run(
          `c${tag}${i}`,
          `Contact ${i}`,
          hash,
          `contact ${i}`,
          setting,
          now,
          now,
        ).lastInsertRowid,
      ),
    ),
  )();
  db.close();
  for (const [i, id] of ids.slice(0, CONTACTS.chats).entries())
    await product.call(
      "/enterprise/im/sendMessage",
      {
        id: crypto.randomUUID(),
        type: "text",
        content: `hello ${i}`,
        toContactId: id,
      },
      me.token,
    );
  for (let g = 0; g < CONTACTS.groups; g += 1)
    await product.call(
      "/enterprise/group/add",
      {
        name: `Team ${g}`,
        user_ids: [ids[(2 * g) % ids.length], ids[(2 * g + 1) % ids.length]],
      },
      me.token,
    );
  return me;
}

/**
 * The 50-contact user of benchmarks.md W4b: in run mode 2 (friends only) their list is their
 * 50 friends (people of `many`, made friends both ways with SQL) and the notices entry; 20
 * of them have a chat with them. Answers the user.
 */
export async function friendsUser(product, user, dataDir) {
  const me = await user(product, "apifriends");
  const db = new Database(path.join(dataDir, "parley.sqlite"));
  db.pragma("busy_timeout = 5000");
  const people = db
    .prepare(
      "select user_id from users where account like 'c%' and user_id != ? order by user_id desc limit 50",
    )
    .all(me.id)
    .map((row) => row.user_id);
  const insert = db.prepare(
    "insert into friends (user_id, friend_user_id, nickname, created_at) values (?, ?, '', ?)",
  );
  const now = Date.now();
  db.transaction(() => {
    for (const id of people) {
      insert.run(me.id, id, now);
      insert.run(id, me.id, now);
    }
  })();
  db.close();
  for (const [i, id] of people.slice(0, 20).entries())
    await product.call(
      "/enterprise/im/sendMessage",
      {
        id: crypto.randomUUID(),
        type: "text",
        content: `hi ${i}`,
        toContactId: id,
      },
      me.token,
    );
  return me;
}

/** Sets the run mode through the console's setConfig, as the system administrator. */
export async function setRunMode(product, runMode) {
  const admin = await product.call("/common/pub/login", {
    account: "admin",
    password: "admin-pass1",
  });
  await product.call(
    "/manage/config/setConfig",
    { name: "sysInfo", value: { runMode } },
    admin.authToken,
  );
}

/**
 * Runs the HTTP and socket workloads above against a running `product` (bench/product.mjs)
 * whose data folder is `dataDir`; `user` registers and logs in a fresh user. Answers the
 * figures.
 */
export async function apiWorkloads({ product, user, seconds, dataDir }) {
  const ceiling = await startCeiling();
  const me = await user(product, "apitrivial");
  // First, while the heap is small and steady: after the ~200 kB answers below it shrinks
  // for a while and the growth per socket would read below zero.
  const sockets = await socketMemory(product, me.token);
  const many = await contactsUser(product, user, dataDir);
  const few = await friendsUser(product, user, dataDir);
  const manyEnvelope = await product.post(
    "/enterprise/im/getContacts",
    {},
    many.token,
  );
  const listed = manyEnvelope.data;
  await fetch(`${ceiling.url}/same`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(manyEnvelope),
  });
  const auth = { Authorization: me.token };
  await sameHeaders(
    `${product.url}/enterprise/push/publicKey`,
    auth,
    `${ceiling.url}/hello`,
  );
  const results = {};
  const getContacts = (token) => (s) =>
    load(`${product.url}/enterprise/im/getContacts`, {
      headers: { Authorization: token },
      seconds: s,
      connections: 32,
      // Each contact's time moves (lastSendTime): checked once, not byte for byte.
      check: "ok",
    });
  try {
    const hello = (s) =>
      load(`${ceiling.url}/hello`, { seconds: s, connections: 32 });
    results.trivial = await abab(
      hello,
      (s) =>
        load(`${product.url}/enterprise/push/publicKey`, {
          headers: auth,
          seconds: s,
          connections: 32,
          check: "same",
        }),
      seconds,
    );
    results.sysinfo = await abab(
      hello,
      (s) =>
        load(`${product.url}/common/pub/getSystemInfo`, {
          seconds: s,
          connections: 32,
          check: "same",
        }),
      seconds,
    );
    results.contacts = await abab(hello, getContacts(many.token), seconds);
    results.contactsSame = await abab(
      (s) => load(`${ceiling.url}/same`, { seconds: s, connections: 32 }),
      getContacts(many.token),
      seconds,
    );
    results.contactsSame.bytes = Buffer.byteLength(
      JSON.stringify(manyEnvelope),
    );
    await setRunMode(product, "2");
    try {
      results.friends = await abab(hello, getContacts(few.token), seconds);
      results.friends.listed = (
        await product.call("/enterprise/im/getContacts", {}, few.token)
      ).length;
    } finally {
      await setRunMode(product, "1");
    }
  } finally {
    await ceiling.stop();
  }
  results.contacts.listed = listed.length;
  results.login = await loginBurst(product, me.account, Math.min(seconds, 3));
  results.sockets = sockets;
  return results;
}
