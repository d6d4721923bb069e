// W8 of reference/benchmarks.md, the 1:1 half (`npm run bench -- --scale-out`): two
// product processes on one PostgreSQL database and one Redis, all on this box. The users
// are split across the processes: half the pairs send at A and receive at B, the other
// half send at B and receive at A, so every delivery crosses from one process to the other
// through Redis, and both processes take sends. W1c (closed loop) then W2 (open loop, at
// the single-process run's offered rate when it ran, else a quarter of the closed loop's).
//
// W1c's pairs (500 by default, BENCH_PAIRS). Ceilings in the same run: pgbench's single-row
// INSERT, one transaction each, at 20 clients, the connections of the two products' pools
// (the durable store's own rate), and redis-benchmark's PUBLISH at as many clients. Redis PUBLISH commands per
// message are read from INFO commandstats around each run (nothing else publishes on this
// box's Redis while the bench runs).
//
// The group half (W1a in groups of 50, scaled out) is bench/groups.mjs with
// BENCH_PROCESSES=2, run by bench/run.mjs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chatLoad } from "./chat-load.mjs";
import { benchStorage, startProduct } from "./product.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));

/** Where PostgreSQL and Redis are on this machine kind, unless BENCH_* say otherwise. */
export const SCALE_OUT_DEFAULTS = {
  databaseUrl: "postgres://postgres@127.0.0.1:5432/test",
  redisUrl: "redis://127.0.0.1:6379",
};

/**
 * Clients of the pgbench and redis-benchmark ceilings: the product's pool holds 10
 * connections per process, so 20 in all (PostgreSQL serves far fewer connections than the
 * pairs of W1c; the product's sends wait for its pool, pgbench's clients are its pool).
 */
const PGBENCH_CLIENTS = 20;

/** PUBLISH commands Redis has run so far. */
async function publishes(redis) {
  const stats = await redis.info("commandstats");
  return Number(/cmdstat_publish:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

/** pgbench: single-row INSERTs, each its own transaction, `clients` at a time; tps. */
function pgbenchInserts(storage, clients, seconds) {
  const pg = storage.databaseUrl;
  const table = `"${storage.schema}".bench_insert`;
  const script = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), "parley-pgbench-")),
    "insert.sql",
  );
  fs.writeFileSync(
    script,
    `insert into ${table} (conversation_id, content, created_at) values ('c', 'm', 0);\n`,
  );
  execFileSync("psql", [
    pg,
    "-q",
    "-c",
    `create table ${table} (id bigserial primary key, conversation_id text, content text, created_at bigint)`,
  ]);
  try {
    const out = execFileSync(
      "pgbench",
      [
        "-n",
        "-c",
        String(clients),
        "-j",
        "2",
        "-T",
        String(seconds),
        "-f",
        script,
        pg,
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    const tps = /tps = ([\d.]+)/.exec(out)?.[1];
    if (!tps) throw new Error(`pgbench said: ${out}`);
    return Number(tps);
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
  }
}

/** redis-benchmark: PUBLISH to a channel nobody listens to, `clients` at a time; per s. */
function redisPublishCeiling(redisUrl, clients) {
  const { hostname, port } = new URL(redisUrl);
  const out = execFileSync(
    "redis-benchmark",
    [
      "-h",
      hostname,
      "-p",
      port || "6379",
      "-c",
      String(clients),
      "-n",
      "100000",
      "-q",
      "PUBLISH",
      "parley-bench-ceiling",
      "m",
    ],
    { encoding: "utf8" },
  );
  const rate = /([\d.]+) requests per second/.exec(out)?.[1];
  if (!rate) throw new Error(`redis-benchmark said: ${out}`);
  return Number(rate);
}

/**
 * Runs the 1:1 half of W8. `user(product, name)` registers and signs in a user (run.mjs's);
 * `openRate` is the single-process W2's offered rate when that ran.
 */
export async function scaleOut({ user, seconds, openRate, pairs }) {
  const storage = benchStorage(SCALE_OUT_DEFAULTS);
  const dirs = [0, 1].map(() =>
    fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-scale-")),
  );
  const Redis = require("ioredis");
  const redis = new Redis(storage.redisUrl, { lazyConnect: true });
  await redis.connect();
  const products = [];
  try {
    // The first migrates the database; the second finds it ready.
    for (const dir of dirs) products.push(await startProduct(dir, storage.env));
    const [a, b] = products;
    // Made 16 at a time: each registration and login hashes a password.
    const users = [];
    for (let i = 0; i < pairs * 2; i += 16)
      users.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(16, pairs * 2 - i) }, (_, k) =>
            user((i + k) % 2 === 0 ? a : b, `scale${i + k}`),
          ),
        )),
      );
    const run = async (mode, rate) => {
      let before = 0;
      const result = await chatLoad({
        // Counted from the end of the warm-up, as the sends are.
        beforeRun: async () => {
          before = await publishes(redis);
        },
        url: a.url,
        receiveUrl: b.url,
        pids: products.map((p) => p.pid),
        users,
        seconds,
        mode,
        rate,
      });
      const published = (await publishes(redis)) - before;
      return {
        ...result,
        redisPublishesPerMsg:
          Math.round((published / Math.max(1, result.sent)) * 100) / 100,
      };
    };
    const closed = await run("closed");
    const open = await run(
      "open",
      openRate ?? Math.max(1, Math.round(closed.msgsPerSec / 4)),
    );
    return {
      storage: storage.describe,
      processes: products.length,
      closed,
      open,
      pgbenchInsertTps: pgbenchInserts(storage, PGBENCH_CLIENTS, seconds),
      redisPublishPerSec: redisPublishCeiling(
        storage.redisUrl,
        PGBENCH_CLIENTS,
      ),
    };
  } finally {
    await Promise.all(products.map((p) => p.stop()));
    await redis.quit();
    await storage.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
