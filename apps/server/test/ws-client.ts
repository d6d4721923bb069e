import { WebSocket } from "ws";

/** A frame as the server sent it. */
export type Frame = { type: string } & Record<string, unknown>;

/** A real WebSocket client that records every frame and how the socket closed. */
export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  clientId: string;
  closed: Promise<{ code: number; reason: string }>;
  /** The next frame of a type (after any already taken) that matches. */
  next(
    type: string,
    match?: (frame: Frame) => boolean,
    timeoutMs?: number,
  ): Promise<Frame>;
  /** Frames of a type received so far. */
  all(type: string): Frame[];
  send(frame: unknown): void;
  /** Sends bindUid with the token and waits for the pong. */
  bind(token: string, userId?: number): Promise<Frame>;
  close(): Promise<void>;
}

export async function openSocket(
  baseUrl: string,
  options: { origin?: string } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/wss`, {
    headers: options.origin ? { Origin: options.origin } : {},
  });
  const frames: Frame[] = [];
  const taken = new Set<Frame>();
  const listeners = new Set<() => void>();
  ws.on("message", (data: Buffer, isBinary: boolean) => {
    // The server sends JSON objects in text frames only (wire-contract.md): a binary frame
    // is kept as one no test waits for, so the frame it should have been goes missing.
    frames.push(
      isBinary
        ? { type: "binary frame" }
        : (JSON.parse(data.toString()) as Frame),
    );
    for (const listener of [...listeners]) listener();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const listener of [...listeners]) listener();
    });
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) =>
      reject(new Error(`upgrade refused with ${String(res.statusCode)}`)),
    );
  });

  const next: TestSocket["next"] = (
    type,
    match = () => true,
    timeoutMs = 5_000,
  ) =>
    new Promise<Frame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(
          (f) => !taken.has(f) && f.type === type && match(f),
        );
        if (found) {
          taken.add(found);
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        } else if (ws.readyState === WebSocket.CLOSED) {
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`socket closed before a ${type} frame`));
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(
            `no ${type} frame within ${timeoutMs} ms; got ${frames.map((f) => f.type).join(",")}`,
          ),
        );
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  const init = await next("init");
  const socket: TestSocket = {
    ws,
    frames,
    clientId: String(init.client_id),
    closed,
    next,
    all: (type) => frames.filter((f) => f.type === type),
    send: (frame) => ws.send(JSON.stringify(frame)),
    bind: async (token, userId) => {
      socket.send({
        type: "bindUid",
        token,
        ...(userId === undefined ? {} : { user_id: userId }),
      });
      return next("pong");
    },
    close: async () => {
      if (ws.readyState !== WebSocket.CLOSED) ws.close();
      await closed;
    },
  };
  return socket;
}
