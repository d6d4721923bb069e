// The built product (`npm run build`) on its own port and data folder, for the benchmarks:
// started, called over the wire, stopped.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import getPort from "get-port";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));

/**
 * Where the product keeps its data for a benchmark: the embedded SQLite in `dataDir` by
 * default; PostgreSQL (in a schema of its own, dropped afterwards) when BENCH_DATABASE_URL
 * is set, and Redis pub/sub between processes (under a key prefix of its own) when
 * BENCH_REDIS_URL is set (or `defaults` gives them). `env` goes to startProduct; `drop`
 * removes what the run left.
 */
export function benchStorage(defaults = {}) {
  const databaseUrl =
    process.env.BENCH_DATABASE_URL || defaults.databaseUrl || undefined;
  const redisUrl =
    process.env.BENCH_REDIS_URL || defaults.redisUrl || undefined;
  const tag = randomBytes(4).toString("hex");
  const schema = databaseUrl ? `bench_${tag}` : undefined;
  return {
    kind: databaseUrl ? "postgres" : "sqlite",
    databaseUrl,
    schema,
    redisUrl,
    describe:
      (databaseUrl ? "PostgreSQL" : "SQLite (embedded)") +
      (redisUrl ? " + Redis pub/sub" : ""),
    env: {
      DATABASE_URL: databaseUrl ?? "",
      DATABASE_SCHEMA: schema ?? "",
      REDIS_URL: redisUrl ?? "",
      ...(redisUrl ? { REDIS_PREFIX: `bench-${tag}` } : {}),
    },
    async drop() {
      if (!databaseUrl) return;
      const pg = require("pg");
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Starts apps/server/dist/main.js on a free port with `dataDir` and waits until it answers.
 * `post` answers the envelope; `call` answers `data` and throws on a non-zero code.
 */
export async function startProduct(dataDir, env = {}) {
  const port = await getPort({ host: "127.0.0.1" });
  // BENCH_SERVER_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_SERVER_PROFILE;
  const child = spawn(
    process.execPath,
    [
      ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
      path.join(root, "apps/server/dist/main.js"),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: "admin-pass1",
        RATE_REGISTER_IP: "0",
        RATE_LOGIN_IP: "0",
        // The benches measure throughput: one user's send rate is a limit, not a cost.
        RATE_SEND_USER: "0",
        RATE_SEARCH_USER: "0",
        ...env,
      },
      // Its log (info, the default) goes to stderr: a bench script's stdout is its answer
      // to run.mjs, which must stay JSON alone.
      stdio: ["ignore", 2, "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error("the server exited at start");
    try {
      const res = await fetch(`${url}/common/pub/getSystemInfo`, {
        method: "POST",
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 3000) throw new Error("the server did not start");
    // Asked often, so a cold start is timed to within a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const post = async (p, body, token) => {
    const res = await fetch(url + p, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: token } : {}),
      },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  const call = async (p, body, token) => {
    const envelope = await post(p, body, token);
    if (envelope.code !== 0) throw new Error(`${p}: ${envelope.msg}`);
    return envelope.data;
  };
  return {
    url,
    /** The server's process id, to read its CPU time from /proc. */
    pid: child.pid,
    post,
    call,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}
