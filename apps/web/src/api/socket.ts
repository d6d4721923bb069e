import {
  type RoutedFrame,
  type ServerEvent,
  type ServerEventMap,
  type ServerEventType,
  ServerFrameSchema,
  contacts as contactCalls,
  socket as socketCalls,
} from "@parley/protocol";
import type { QueryClient } from "@tanstack/react-query";
import { StorageKeys, write } from "../lib/storage";
import { useConnectionStore } from "../stores/connection.store";
import { call } from "./http";

/** SPEC §4 Connection and §9: ping every 30 s; on close, two retries 5 s apart, then down. */
export const HEARTBEAT_MS = 30_000;
export const RECONNECT_DELAY_MS = 5_000;
export const MAX_AUTOMATIC_RECONNECTS = 2;
/** After the banner, retries go on with growing delays up to this (issue 15). */
export const MAX_RECONNECT_DELAY_MS = 60_000;

/**
 * How long to wait before the `attempt`-th retry (1-based): SPEC's two quick retries 5 s
 * apart, then doubling delays capped at a minute, each with jitter (half to all of it), so
 * a thousand clients dropped together do not return together.
 */
export function retryDelayMs(attempt: number, random: number): number {
  if (attempt <= MAX_AUTOMATIC_RECONNECTS) return RECONNECT_DELAY_MS;
  const doubled =
    RECONNECT_DELAY_MS * 2 ** Math.min(attempt - MAX_AUTOMATIC_RECONNECTS, 8);
  const ceiling = Math.min(MAX_RECONNECT_DELAY_MS, doubled);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** Close codes after which retrying is pointless: the session itself ended. */
const SESSION_ENDED = 4401;

type Listener = (event: ServerEvent) => void;

interface Credentials {
  token: string;
  userId: number;
}

/** What a realtime handler may use: the query cache, who I am, and the router. */
export interface RealtimeContext {
  client: QueryClient;
  /** The signed-in user's id. */
  me: number;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

/** One handler of a server event, given the event's typed `data`. */
export type EventHandler<T extends ServerEventType> = (
  data: ServerEventMap[T],
  ctx: RealtimeContext,
) => void;

/**
 * What a feature does with the socket: its events, and what to fetch again once the server
 * confirms a bind — the first one too, since a message may arrive between a list's first
 * fetch and the moment the socket is bound, and after a reconnect anything may be missed.
 */
export interface RealtimeHandlers {
  events?: { [T in ServerEventType]?: EventHandler<T> };
  onBound?: (ctx: RealtimeContext) => void;
  /**
   * The server ended this session (disabled, signed out elsewhere, the system closed):
   * what to learn before the "session ended" dialog, since the events that said why may
   * have been missed while the socket was away.
   */
  onSessionEnded?: (ctx: RealtimeContext) => void;
}

type EventHandlers = NonNullable<RealtimeHandlers["events"]>;

function deliver<T extends ServerEventType>(
  table: readonly EventHandlers[],
  type: T,
  data: ServerEventMap[T],
  ctx: RealtimeContext,
): void {
  for (const handlers of table) handlers[type]?.(data, ctx);
}

/**
 * The features' handlers as one table, looked up by event name: each event reaches exactly
 * the handlers registered for its type, in the order the features are given.
 */
export function createDispatcher(
  features: readonly RealtimeHandlers[],
  ctx: RealtimeContext,
): { event: Listener; bound: () => void; ended: () => void } {
  const table = features.flatMap((feature) =>
    feature.events ? [feature.events] : [],
  );
  return {
    event: (event) => deliver(table, event.type, event.data, ctx),
    bound: () => {
      for (const feature of features) feature.onBound?.(ctx);
    },
    ended: () => {
      for (const feature of features) feature.onSessionEnded?.(ctx);
    },
  };
}

/** Where the socket lives: the same host, `/wss`, secure when the page is (SPEC §7). */
export function socketUrl(
  location: Pick<Location, "protocol" | "host"> = window.location,
): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/wss`;
}

/**
 * The realtime channel: binds with the session after `init`, keeps a heartbeat, retries
 * twice on a drop, then reports the connection down for the banner and keeps retrying
 * with growing delays, at once when the browser is back online or the tab comes back.
 * Every successful reconnect is announced so the screens fetch what they missed.
 */
export class RealtimeClient {
  private ws: WebSocket | null = null;
  private credentials: Credentials | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /** The socket whose bindUid the server has not confirmed (with its pong) yet. */
  private awaitingBind: WebSocket | null = null;
  /** The socket whose bind the server confirmed. */
  private bound: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly boundListeners = new Set<() => void>();
  private readonly endedListeners = new Set<() => void>();

  private readonly retryNow = () => {
    // Only while waiting for a retry: a socket under way or open is left alone.
    if (!this.credentials || this.ws !== null) return;
    if (document.visibilityState === "hidden") return;
    this.open();
  };

  constructor(
    private readonly makeSocket: (url: string) => WebSocket = (url) =>
      new WebSocket(url),
    /** Jitter's source; tests pin it. */
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * Hands every event to the features' handlers for its type and, after a reconnect, runs
   * their catch-up; answers the undo.
   */
  use(features: readonly RealtimeHandlers[], ctx: RealtimeContext): () => void {
    const dispatcher = createDispatcher(features, ctx);
    const offEvent = this.onEvent(dispatcher.event);
    const offBound = this.onBound(dispatcher.bound);
    const offEnded = this.onSessionEnded(dispatcher.ended);
    return () => {
      offEvent();
      offBound();
      offEnded();
    };
  }

  /** Every parsed server event, whatever its type. */
  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called each time the server confirms a bind: events before it may have been missed. */
  onBound(listener: () => void): () => void {
    this.boundListeners.add(listener);
    return () => this.boundListeners.delete(listener);
  }

  /** Called when the server closes the socket because it ended this session. */
  onSessionEnded(listener: () => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /**
   * Sends a frame a feature of the server answers (`typing`) on a bound socket; without
   * one it is dropped, as such a frame is only a hint. Answers whether it went.
   */
  send(frame: RoutedFrame): boolean {
    const ws = this.ws;
    if (!ws || ws !== this.bound || ws.readyState !== WebSocket.OPEN)
      return false;
    ws.send(JSON.stringify(frame));
    return true;
  }

  start(credentials: Credentials): void {
    this.credentials = credentials;
    this.failures = 0;
    window.addEventListener("online", this.retryNow);
    window.addEventListener("focus", this.retryNow);
    document.addEventListener("visibilitychange", this.retryNow);
    this.open();
  }

  /** The banner's reconnect button: try now; the banner stays, "connecting…", until it works. */
  reconnect(): void {
    if (!this.credentials) return;
    this.open();
  }

  stop(): void {
    this.credentials = null;
    window.removeEventListener("online", this.retryNow);
    window.removeEventListener("focus", this.retryNow);
    document.removeEventListener("visibilitychange", this.retryNow);
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, "bye");
    this.awaitingBind = null;
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
    const connection = useConnectionStore.getState();
    // Once the banner is up it stays, showing that a try is under way.
    if (connection.status === "down") connection.setAttempting(true);
    else connection.setStatus("connecting");
    ws.onmessage = (message: MessageEvent) => {
      if (this.ws === ws) this.receive(ws, message.data);
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.ws === ws) this.dropped(event.code);
    };
  }

  private receive(ws: WebSocket, raw: unknown): void {
    if (typeof raw !== "string") return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = ServerFrameSchema.safeParse(json);
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type === "init") void this.bind(ws, frame.client_id);
    else if (frame.type === "ping") ws.send(JSON.stringify({ type: "pong" }));
    else if (frame.type === "pong") {
      // The answer to bindUid: from now on every event reaches this socket.
      if (this.awaitingBind !== ws) return;
      this.awaitingBind = null;
      this.bound = ws;
      for (const listener of this.boundListeners) listener();
    } else for (const listener of this.listeners) listener(frame);
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
    this.awaitingBind = ws;
    this.failures = 0;
    useConnectionStore.getState().setStatus("open");
    this.heartbeat = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN)
        ws.send(JSON.stringify({ type: "ping" }));
    }, HEARTBEAT_MS);
  }

  private dropped(code: number): void {
    this.clearTimers();
    this.ws = null;
    if (!this.credentials) return;
    const connection = useConnectionStore.getState();
    connection.setAttempting(false);
    if (code === SESSION_ENDED) {
      connection.setStatus("down");
      for (const listener of this.endedListeners) listener();
      // The server ended this session (disabled, password reset, system closed): one call
      // hears why, and its -1 opens the "session ended" dialog now, not at the next click.
      void call(contactCalls.getContacts, {}).catch(() => undefined);
      return;
    }
    if (
      this.failures >= MAX_AUTOMATIC_RECONNECTS &&
      connection.status !== "down"
    ) {
      connection.setStatus("down");
      void call(
        socketCalls.offline,
        { user_id: this.credentials.userId },
        { silent: true },
      ).catch(() => undefined);
    } else if (connection.status !== "down") {
      connection.setStatus("connecting");
    }
    this.failures += 1;
    this.retryTimer = setTimeout(
      () => {
        this.open();
      },
      retryDelayMs(this.failures, this.random()),
    );
  }
}

/** The one realtime client of the page. */
export const realtime = new RealtimeClient();
