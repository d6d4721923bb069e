import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A tool that receives webhooks and slash commands (issue 48): a real HTTP server on
 * loopback that records each request (path, headers, body) and answers what the test set
 * for its path, in turn (the last answer repeats); `stall` keeps a request unanswered.
 */

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status?: number;
  type?: string;
  body?: string;
  /** Never answers (the caller's timeout ends it). */
  stall?: boolean;
}

export interface HookReceiver {
  origin: string;
  /** `host:port`, for HOOK_ALLOW_HOSTS. */
  host: string;
  received: Received[];
  /** What requests to `path` are answered, in turn. */
  answer(path: string, ...answers: Answer[]): void;
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const received: Received[] = [];
  const answers = new Map<string, Answer[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const queue = answers.get(path) ?? [];
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? {};
      if (answer.stall) return;
      res.writeHead(answer.status ?? 200, {
        "content-type": answer.type ?? "application/json",
      });
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    host: `127.0.0.1:${String(port)}`,
    received,
    answer: (path, ...list) => answers.set(path, list),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
