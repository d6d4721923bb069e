// W1c and W2 of `npm run bench`: 1:1 sends on the real wire, from a worker thread, so the
// generator never shares an event loop with the bench's other work. Pairs of users: one
// sends `sendMessage` over HTTP (keep-alive `node:http`, lighter than fetch), the other
// receives the `simple` frame on its bound socket.
//
//   closed  each pair sends its next message once the last one is accepted and received
//   open    messages are due at a fixed total rate whatever the answers (W2); latency counts
//           from when each was due, so a server that falls behind shows it
//
// Every run counts lost, duplicated and reordered deliveries per conversation.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  isMainThread,
  parentPort,
  Worker,
  workerData,
} from "node:worker_threads";
import { postJson } from "./http-json.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[
    Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
  ];
}
const round = (x) => Math.round(x * 100) / 100;

/** Sends before the measured run, not counted (benchmarks.md §6.1: 2 s discarded). */
const WARM_UP_MS = 2_000;

/** CPU time (user + system) of a process, in ms, from /proc. */
export function cpuMs(pid) {
  const fields = fs
    .readFileSync(`/proc/${pid}/stat`, "utf8")
    .split(") ")[1]
    .split(" ");
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

/**
 * Runs one workload in a worker: `users` are pairs (sender, receiver) with `id` and `token`;
 * `mode` "closed" or "open" (then `rate` msgs/s in all). Senders post to and bind at `url`,
 * receivers bind there too; scaled out (`receiveUrl`, another process of the same product)
 * half the pairs send at `url` and receive at `receiveUrl`, the other half the other way
 * round, so every delivery crosses from one process to the other. Answers the worker's figures with the CPU per message of the product's
 * processes (`pids`) over the run. `beforeRun` is awaited once the warm-up is over, just
 * before the measured run starts (a caller's own counters start there).
 */
export async function chatLoad({
  url,
  receiveUrl = url,
  pids,
  users,
  seconds,
  mode,
  rate,
  beforeRun = async () => {},
}) {
  const worker = new Worker(fileURLToPath(import.meta.url), {
    workerData: { url, receiveUrl, users, seconds, mode, rate },
  });
  const ready = new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (message) => {
      if (message.ready) resolve();
    });
  });
  await ready;
  await beforeRun();
  const cpuOf = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = cpuOf();
  const result = await new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (message) => {
      if (message.result) resolve(message.result);
    });
    worker.postMessage({ go: true });
  });
  const cpu = cpuOf() - cpuBefore;
  await worker.terminate();
  return {
    ...result,
    serverCpuPercent: Math.round(cpu / 10 / result.seconds),
    serverCpuUsPerMsg:
      result.sent > 0 ? Math.round((cpu * 1000) / result.sent) : 0,
  };
}

async function runWorker() {
  const require = createRequire(path.join(root, "apps/server/package.json"));
  const { WebSocket } = require("ws");
  const { url, receiveUrl, users, seconds, mode, rate } = workerData;
  const pairs = users.length / 2;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  // Scaled out, the pairs go both ways, half of them sending at each process (so both
  // take sends, as users split across processes would) and every message still crosses
  // to the other one: pair p sends at `url` and receives at `receiveUrl` when p is even,
  // the other way round when it is odd.
  const sendsAt = (pair) => (pair % 2 === 0 ? url : receiveUrl);
  const receivesAt = (pair) => (pair % 2 === 0 ? receiveUrl : url);
  const post = (at, route, body, token) =>
    postJson({
      url: at,
      path: route,
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", authorization: token },
      agent,
    });

  const bind = async (token, at) => {
    const ws = new WebSocket(`${at.replace("http", "ws")}/wss`);
    await new Promise((resolve) => ws.once("message", resolve));
    ws.send(JSON.stringify({ type: "bindUid", token }));
    await new Promise((resolve) => ws.once("message", resolve));
    return ws;
  };

  const pending = new Map();
  const received = new Map();
  const sockets = await Promise.all(
    users.map((u, i) => {
      const pair = Math.floor(i / 2);
      return bind(u.token, i % 2 === 0 ? sendsAt(pair) : receivesAt(pair));
    }),
  );
  sockets.forEach((ws, index) => {
    ws.on("message", (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.type !== "simple" || frame.data.from_user === users[index].id)
        return;
      const seqs = received.get(frame.data.from_user) ?? [];
      seqs.push(frame.data.seq);
      received.set(frame.data.from_user, seqs);
      const key = `${frame.data.from_user}:${frame.data.id}`;
      const done = pending.get(key);
      if (done) {
        pending.delete(key);
        done();
      }
    });
  });

  let sent = 0;
  let refused = 0;
  const latencies = [];
  /** Sends one message of `pair`; resolves once it is accepted and received. */
  const sendOne = async (pair, dueAt) => {
    const from = users[pair * 2];
    const to = users[pair * 2 + 1];
    const id = randomUUID();
    const delivered = new Promise((resolve) =>
      pending.set(`${from.id}:${id}`, resolve),
    );
    const res = await post(
      sendsAt(pair),
      "/enterprise/im/sendMessage",
      { id, type: "text", content: `m${sent}`, toContactId: to.id },
      from.token,
    );
    if (res.code !== 0) {
      refused += 1;
      pending.delete(`${from.id}:${id}`);
      return;
    }
    sent += 1;
    await delivered;
    latencies.push(performance.now() - dueAt);
  };

  // Warm-up, discarded (benchmarks.md §6.1): a fresh server compiles its hot paths and
  // opens its database connections on the first sends. Every warm-up message is received
  // before the counts start again.
  const warmUntil = performance.now() + WARM_UP_MS;
  await Promise.all(
    Array.from({ length: pairs }, async (_, pair) => {
      while (performance.now() < warmUntil)
        await sendOne(pair, performance.now());
    }),
  );
  if (pending.size > 0 || refused > 0)
    throw new Error(
      `warm-up: ${pending.size} not received, ${refused} refused`,
    );
  sent = 0;
  latencies.length = 0;
  received.clear();

  parentPort.postMessage({ ready: true });
  await new Promise((resolve) =>
    parentPort.once("message", (message) => message.go && resolve()),
  );
  const started = performance.now();
  const end = started + seconds * 1000;
  if (mode === "closed") {
    await Promise.all(
      Array.from({ length: pairs }, async (_, pair) => {
        while (performance.now() < end) await sendOne(pair, performance.now());
      }),
    );
  } else {
    // Open loop: message k is due at started + k / rate, sent by pair k mod pairs.
    const inFlight = new Set();
    let k = 0;
    while (performance.now() < end) {
      const now = performance.now();
      while (started + (k * 1000) / rate <= now) {
        const promise = sendOne(k % pairs, started + (k * 1000) / rate);
        inFlight.add(promise);
        void promise.finally(() => inFlight.delete(promise));
        k += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // Waits for what is still in flight (at most 10 s more).
    await Promise.race([
      Promise.all(inFlight),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ]);
  }
  const elapsed = (Math.min(performance.now(), end) - started) / 1000;

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
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  parentPort.postMessage({
    result: {
      mode,
      pairs,
      seconds: round(elapsed),
      ...(mode === "open" ? { offeredPerSec: rate } : {}),
      msgsPerSec: round(sent / elapsed),
      sendToReceiveMs: {
        n: sorted.length,
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? 0),
      },
      sent,
      refused,
      delivered,
      lost: sent - delivered,
      duplicates,
      outOfOrder,
    },
  });
}

if (!isMainThread) await runWorker();
