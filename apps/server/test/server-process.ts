import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import getPort from "get-port";
import { dropSchema } from "../src/db/database.js";
import qs from "qs";
import { testEnv } from "./build-test-app.js";

const serverRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
);

/** A real server process started from the sources, as main.ts runs in production. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** POSTs a form-encoded call and answers the envelope. */
  post(
    path: string,
    body?: object,
    token?: string,
  ): Promise<{ code: number; msg: string; data: unknown }>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
  output(): string;
}

/** Where a process keeps its data: a SQLite folder, or a PostgreSQL URL and schema. */
export type ProcessDatabase =
  { dataDir: string } | { url: string; schema: string; dataDir: string };

export async function startServerProcess(
  database: ProcessDatabase,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await getPort({ host: "127.0.0.1" });
  const dbEnv: Record<string, string> =
    "url" in database
      ? {
          DATABASE_URL: database.url,
          DATABASE_SCHEMA: database.schema,
          // Files (group avatars) go to a folder of the test's own, never the repository.
          DATA_DIR: database.dataDir,
        }
      : { DATA_DIR: database.dataDir };
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...testEnv({ LOG_LEVEL: "warn", ...dbEnv, ...env }),
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;

  const post: ServerProcess["post"] = async (callPath, body = {}, token) => {
    const response = await fetch(url + callPath, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(token ? { Authorization: token } : {}),
      },
      body: qs.stringify(body),
    });
    return (await response.json()) as {
      code: number;
      msg: string;
      data: unknown;
    }; // the envelope
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited at start:\n${log}`);
    try {
      if ((await post("/common/pub/getSystemInfo")).code === 0) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    child,
    post,
    kill: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
    output: () => log,
  };
}

/**
 * A database several processes can share: a fresh PostgreSQL schema with
 * TEST_DATABASE_URL, else a fresh SQLite folder; and how to throw it away.
 */
export function createProcessDatabase(): {
  database: ProcessDatabase;
  cleanup: () => Promise<void>;
} {
  const url = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-proc-"));
  if (url) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    return {
      database: { url, schema, dataDir },
      cleanup: async () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await dropSchema(url, schema);
      },
    };
  }
  return {
    database: { dataDir },
    cleanup: () =>
      Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** Registers a user through a process's API and logs them in. */
export async function userOn(
  on: ServerProcess,
  name: string,
): Promise<{ token: string; userId: number }> {
  const account = `${name}${randomBytes(4).toString("hex")}`;
  const registered = await on.post("/common/pub/register", {
    account,
    realname: name,
    password: "secret12",
  });
  if (registered.code !== 0)
    throw new Error(`register failed: ${registered.msg}`);
  const login = await on.post("/common/pub/login", {
    account,
    password: "secret12",
  });
  const data = login.data as {
    authToken: string;
    userInfo: { user_id: number };
  };
  return { token: data.authToken, userId: data.userInfo.user_id };
}
