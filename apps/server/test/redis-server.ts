import { type ChildProcess, spawn } from "node:child_process";
import getPort from "get-port";
import { Redis } from "ioredis";

/** A Redis server of a test's own, so it can be stopped (SIGSTOP) and resumed. */
export interface OwnRedis {
  url: string;
  child: ChildProcess;
  /** Freezes it: connections stay open, nothing is answered (a hung Redis). */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await getPort({ host: "127.0.0.1" });
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
    ],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on("error", () => {
    // Refused until the server listens: the loop below retries.
  });
  for (let attempt = 0; ; attempt += 1) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      probe.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
  return {
    url,
    child,
    freeze: () => child.kill("SIGSTOP"),
    thaw: () => child.kill("SIGCONT"),
    stop: async () => {
      child.kill("SIGCONT");
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}
