import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Where a process keeps its data: a SQLite folder, or a PostgreSQL URL and schema. */
export type ProcessDatabase =
  { dataDir: string } | { url: string; schema: string };

export async function startServerProcess(
  database: ProcessDatabase,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dbEnv: Record<string, string> =
    "dataDir" in database
      ? { DATA_DIR: database.dataDir }
      : { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema };
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
