import {
  type ServerEvent,
  ServerEventSchema,
  socket as socketCalls,
} from "@parley/protocol";
import { StorageKeys, write } from "../lib/storage";
import { useConnectionStore } from "../stores/connection.store";
import { call } from "./http";

/** SPEC §4 Connection and §9: ping every 30 s; on close, two retries 5 s apart, then down. */
export const HEARTBEAT_MS = 30_000;
export const RECONNECT_DELAY_MS = 5_000;
export const MAX_AUTOMATIC_RECONNECTS = 2;

/** Close codes after which retrying is pointless: the session itself ended. */
const SESSION_ENDED = 4401;

type Listener = (event: ServerEvent) => void;

interface Credentials {
  token: string;
  userId: number;
}

/** Where the socket lives: the same host, `/wss`, secure when the page is (SPEC §7). */
export function socketUrl(
  location: Pick<Location, "protocol" | "host"> = window.location,
): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/wss`;
}

/**
 * The realtime channel: binds with the session after `init`, keeps a heartbeat, retries
 * twice on a drop, then reports the connection down for the banner. Every successful
 * reconnect is announced so the screens fetch what they missed.
 */
export class RealtimeClient {
  private ws: WebSocket | null = null;
  private credentials: Credentials | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private everOpened = false;
  private readonly listeners = new Set<Listener>();
  private readonly reconnectListeners = new Set<() => void>();

  constructor(
    private readonly makeSocket: (url: string) => WebSocket = (url) =>
      new WebSocket(url),
  ) {}

  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after a reconnect, when events may have been missed. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  start(credentials: Credentials): void {
    this.credentials = credentials;
    this.failures = 0;
    this.open();
  }

  /** The banner's reconnect button: start over with a fresh retry budget. */
  reconnect(): void {
    if (!this.credentials) return;
    this.failures = 0;
    this.open();
  }

  stop(): void {
    this.credentials = null;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, "bye");
    this.everOpened = false;
    useConnectionStore.getState().setStatus("idle");
  }

  private clearTimers(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.retryTimer);
  }

  private open(): void {
    this.clearTimers();
    this.ws?.close(1000, "replaced");
    const ws = this.makeSocket(socketUrl());
    this.ws = ws;
    useConnectionStore.getState().setStatus("connecting");
    ws.onmessage = (message: MessageEvent) => {
      if (this.ws === ws) this.receive(ws, message.data);
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.ws === ws) this.dropped(event.code);
    };
  }

  private receive(ws: WebSocket, raw: unknown): void {
    if (typeof raw !== "string") return;
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof frame !== "object" || frame === null) return;
    const type = (frame as { type?: unknown }).type;
    if (type === "init") {
      const clientId = (frame as { client_id?: unknown }).client_id;
      if (typeof clientId === "string") void this.bind(ws, clientId);
      return;
    }
    if (type === "ping") {
      ws.send(JSON.stringify({ type: "pong" }));
      return;
    }
    if (type === "pong") return;
    const event = ServerEventSchema.safeParse(frame);
    if (!event.success) return;
    for (const listener of this.listeners) listener(event.data);
  }

  private async bind(ws: WebSocket, clientId: string): Promise<void> {
    const credentials = this.credentials;
    if (!credentials) return;
    write(StorageKeys.clientId, clientId);
    useConnectionStore.getState().setClientId(clientId);
    try {
      await call(
        socketCalls.bindUid,
        { client_id: clientId, user_id: credentials.userId },
        { silent: true },
      );
    } catch {
      // The socket bind below still binds this connection.
    }
    if (this.ws !== ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send(
      JSON.stringify({
        type: "bindUid",
        user_id: credentials.userId,
        token: credentials.token,
      }),
    );
    const reconnected = this.everOpened;
    this.everOpened = true;
    this.failures = 0;
    useConnectionStore.getState().setStatus("open");
    this.heartbeat = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN)
        ws.send(JSON.stringify({ type: "ping" }));
    }, HEARTBEAT_MS);
    if (reconnected) for (const listener of this.reconnectListeners) listener();
  }

  private dropped(code: number): void {
    this.clearTimers();
    this.ws = null;
    if (!this.credentials) return;
    if (code === SESSION_ENDED || this.failures >= MAX_AUTOMATIC_RECONNECTS) {
      useConnectionStore.getState().setStatus("down");
      if (code !== SESSION_ENDED) {
        void call(
          socketCalls.offline,
          { user_id: this.credentials.userId },
          { silent: true },
        ).catch(() => undefined);
      }
      return;
    }
    this.failures += 1;
    useConnectionStore.getState().setStatus("connecting");
    this.retryTimer = setTimeout(() => {
      this.open();
    }, RECONNECT_DELAY_MS);
  }
}

/** The one realtime client of the page. */
export const realtime = new RealtimeClient();
