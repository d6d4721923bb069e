import { randomBytes } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import {
  BIND_TIMEOUT_MS,
  ClientFrameSchema,
  CloseCodes,
  HEARTBEAT_MS,
  type InitFrame,
  MAX_FRAME_BYTES,
  type PongFrame,
  ROUTED_FRAME_TYPES,
  type RoutedFrame,
  SocketLimits,
} from "@parley/protocol";
import type { FastifyBaseLogger as Logger } from "fastify";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import type { Publish } from "./ports.js";
import type { Clock } from "../lib/clock.js";
import type { SessionContext } from "../plugins/session.js";
import type { Hub, HubEvent, UsersPart } from "./hub.js";
import { eventFrame } from "./publisher.js";

/** Past this many unsent bytes a socket is too slow; it is dropped and catches up over HTTP. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

interface Connection {
  readonly clientId: string;
  readonly ws: WebSocket;
  userId: number | null;
  sessionId: number | null;
  /** When the bound session expires (ms); the heartbeat closes the socket then. */
  expiresAt: number;
  bindTimer: NodeJS.Timeout | undefined;
  alive: boolean;
  /** The topics this socket listens to (the console's `admin-manage`). */
  readonly topics: Set<string>;
  /** Topics asked for before the socket bound: joined only if it binds to that session. */
  readonly pendingJoins: Map<string, number>;
}

/** Who sent a routed frame: a bound socket's user and client id. */
export interface FrameSender {
  userId: number;
  clientId: string;
}

/**
 * The features' answers to the client frames they own (`typing`), one per type: the
 * gateway counts, parses and hands them on, never reads them.
 */
export type FrameRoutes = {
  [T in RoutedFrame["type"]]: (
    sender: FrameSender,
    frame: Extract<RoutedFrame, { type: T }>,
  ) => Promise<void>;
};

export interface GatewayOptions {
  hub: Hub;
  /** Events out, through the hub (the gateway announces presence with them). */
  publish: Publish;
  /** Who sees a user come and go: never everyone, so presence grows with real chats. */
  presenceAudience(userId: number): Promise<readonly number[]>;
  clock: Clock;
  resolveToken(token: string): Promise<SessionContext>;
  logger: Logger;
  /** Origins allowed besides the server's own. */
  allowedOrigins: readonly string[];
  /** The public origin, when configured (PUBLIC_URL). */
  publicOrigin?: string | undefined;
  /** Defaults to 10 s (decisions.md); tests shorten it. */
  bindTimeoutMs?: number | undefined;
  /** Defaults to 30 s (SPEC §9); tests shorten it. */
  heartbeatMs?: number | undefined;
  /** Told each time a socket binds or a bound one goes (the console's live figures). */
  onSocketsChanged?: (() => void) | undefined;
  /** Told when a user's last socket on every process has gone (their call ends). */
  onUserGone?: ((userId: number) => void) | undefined;
  /** Where each routed frame of a bound socket goes. */
  routes: FrameRoutes;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.isBuffer(data)
    ? data.toString("utf8")
    : Buffer.from(new Uint8Array(data)).toString("utf8");
}

const PING_FRAME = JSON.stringify({ type: "ping" });

const ROUTED: ReadonlySet<unknown> = new Set(ROUTED_FRAME_TYPES);

/** Whether a parsed frame claims a routed type (whether or not the rest of it parses). */
function isRouted(parsed: unknown): boolean {
  return (
    typeof parsed === "object" &&
    parsed !== null &&
    // Any object: a missing `type` reads as undefined, which is no routed type.
    ROUTED.has((parsed as { type?: unknown }).type)
  );
}

/** What a frame that is not JSON parses to. */
const MALFORMED = Symbol("malformed");

/** How `ws` sends every frame: as text, whether given a string or its UTF-8 bytes. */
const TEXT = { binary: false } as const;

/** A frame for `recipients` sockets: its bytes when more than one will be written. */
function once(frame: string, recipients: number): string | Buffer {
  return recipients > 1 ? Buffer.from(frame) : frame;
}

/**
 * The realtime channel at /wss (wire-contract.md §3): `init` with a client id on connect,
 * binding only with a valid token, unbound sockets closed after 10 s, a heartbeat, frames of
 * at most 64 KiB, the Origin checked, and a session's sockets closed the moment it ends.
 */
export class Gateway {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
  });
  private readonly connections = new Map<string, Connection>();
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly byTopic = new Map<string, Set<Connection>>();
  /** Sockets bound to a user here (the console home's device count). */
  private bound = 0;
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;
  // Per socket, in this process: a socket's frames never cross processes.
  private readonly frameLimit = new RateLimiterMemory({
    keyPrefix: "frames",
    points: SocketLimits.frames,
    duration: SocketLimits.windowSeconds,
  });
  // Routed frames within this share are not counted as frames (typing: one a second).
  private readonly routedLimit = new RateLimiterMemory({
    keyPrefix: "routed",
    points: SocketLimits.typing,
    duration: SocketLimits.windowSeconds,
  });
  private readonly bindLimit = new RateLimiterMemory({
    keyPrefix: "binds",
    points: SocketLimits.binds,
    duration: SocketLimits.windowSeconds,
  });

  constructor(private readonly options: GatewayOptions) {
    options.hub.onEvent((event) => {
      this.onHubEvent(event);
    });
    this.heartbeat = setInterval(() => {
      this.beat();
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Takes over `upgrade` requests for /wss on the HTTP server. */
  attach(server: Server): void {
    server.on(
      "upgrade",
      (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        this.upgrade(request, socket, head);
      },
    );
  }

  private originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    // Non-browser clients send no Origin; a browser always does, so cross-site pages are caught.
    if (!origin) return true;
    const host = request.headers.host;
    const own = host ? [`http://${host}`, `https://${host}`] : [];
    if (this.options.publicOrigin) own.push(this.options.publicOrigin);
    return own.includes(origin) || this.options.allowedOrigins.includes(origin);
  }

  private upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ): void {
    const path = (request.url ?? "")
      .split("?")[0]
      ?.replace(/\/+$/, "")
      .toLowerCase();
    if (path !== "/wss") {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    if (!this.originAllowed(request)) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.accept(ws);
    });
  }

  private accept(ws: WebSocket): void {
    const connection: Connection = {
      clientId: randomBytes(10).toString("hex"),
      ws,
      userId: null,
      sessionId: null,
      expiresAt: Number.POSITIVE_INFINITY,
      alive: true,
      topics: new Set(),
      pendingJoins: new Map(),
      bindTimer: setTimeout(() => {
        if (connection.userId === null)
          ws.close(CloseCodes.unbound, "not bound");
      }, this.options.bindTimeoutMs ?? BIND_TIMEOUT_MS),
    };
    this.connections.set(connection.clientId, connection);
    ws.on("message", (data: RawData, isBinary: boolean) => {
      connection.alive = true;
      void this.onMessage(connection, data, isBinary);
    });
    ws.on("pong", () => {
      connection.alive = true;
    });
    ws.on("close", () => {
      void this.onClose(connection);
    });
    ws.on("error", (error: Error) => {
      // A frame over 64 KiB ends here with code 1009; ws closes the socket itself.
      this.options.logger.debug({ err: error.message }, "socket error");
    });
    const init: InitFrame = { type: "init", client_id: connection.clientId };
    this.send(connection, JSON.stringify(init));
  }

  /**
   * Writes a text frame. A frame for many sockets comes as bytes, encoded once by the
   * caller: `ws` would otherwise encode the same string again for every socket.
   */
  private send(connection: Connection, frame: string | Buffer): void {
    const { ws } = connection;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(frame, TEXT);
  }

  /** Counts a frame (or a bind); closes the socket when it sends more than its share. */
  private async within(
    limiter: RateLimiterMemory,
    connection: Connection,
  ): Promise<boolean> {
    try {
      await limiter.consume(connection.clientId);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      connection.ws.close(CloseCodes.tooManyFrames, "too many frames");
      return false;
    }
  }

  /** A routed frame within its share costs nothing; past it, it counts as any frame. */
  private async counted(
    connection: Connection,
    routed: boolean,
  ): Promise<boolean> {
    if (routed) {
      try {
        await this.routedLimit.consume(connection.clientId);
        return true;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
      }
    }
    return this.within(this.frameLimit, connection);
  }

  private async onMessage(
    connection: Connection,
    data: RawData,
    isBinary: boolean,
  ): Promise<void> {
    let parsed: unknown = MALFORMED;
    if (!isBinary) {
      try {
        parsed = JSON.parse(rawText(data));
      } catch {
        // Closed below, once counted.
      }
    }
    const routed = isRouted(parsed);
    if (!(await this.counted(connection, routed))) return;
    if (isBinary) {
      connection.ws.close(CloseCodes.policy, "text frames only");
      return;
    }
    if (parsed === MALFORMED) {
      connection.ws.close(CloseCodes.policy, "malformed frame");
      return;
    }
    const frame = ClientFrameSchema.safeParse(parsed);
    if (!frame.success) {
      if (!routed) connection.ws.close(CloseCodes.policy, "unknown frame");
      return;
    }
    switch (frame.data.type) {
      case "ping":
        this.pong(connection);
        return;
      case "pong":
        return;
      case "typing":
        await this.route(connection, frame.data);
        return;
      case "bindUid": {
        if (!(await this.within(this.bindLimit, connection))) return;
        const token = frame.data.token.trim().replace(/^bearer\s+/i, "");
        let session: SessionContext;
        try {
          session = await this.options.resolveToken(token);
          // Required two-factor not set up yet: no socket until it is (issue 46).
          if (session.setupOnly) throw new Error("setup only");
        } catch {
          connection.ws.close(CloseCodes.policy, "invalid token");
          return;
        }
        const claimed = frame.data.user_id;
        if (
          claimed !== undefined &&
          claimed !== "" &&
          Number(claimed) !== session.userId
        ) {
          connection.ws.close(CloseCodes.policy, "user does not match token");
          return;
        }
        await this.bind(connection, session);
        this.pong(connection);
        return;
      }
    }
  }

  /**
   * Hands a routed frame of a bound socket to its feature (an unbound socket's is
   * dropped). Its failure is logged: the socket stays, as the frame was only a hint.
   */
  private async route(
    connection: Connection,
    frame: RoutedFrame,
  ): Promise<void> {
    const { userId, clientId } = connection;
    if (userId === null) return;
    try {
      await this.options.routes[frame.type]({ userId, clientId }, frame);
    } catch (error) {
      this.options.logger.warn(
        { err: String(error), frame: frame.type },
        "routed frame failed",
      );
    }
  }

  private pong(connection: Connection): void {
    const pong: PongFrame = {
      type: "pong",
      multiport: this.multiport(connection),
    };
    this.send(connection, JSON.stringify(pong));
  }

  private multiport(connection: Connection): boolean {
    return (
      connection.userId !== null &&
      (this.byUser.get(connection.userId)?.size ?? 0) > 1
    );
  }

  private async bind(
    connection: Connection,
    session: SessionContext,
  ): Promise<void> {
    if (connection.ws.readyState !== WebSocket.OPEN) return;
    if (connection.userId !== null && connection.userId !== session.userId) {
      this.unbind(connection);
    }
    clearTimeout(connection.bindTimer);
    // Topics were joined for the session the socket had: another one starts without them.
    if (connection.sessionId !== session.sessionId)
      this.leaveTopics(connection);
    connection.sessionId = session.sessionId;
    connection.expiresAt = session.expiresAt;
    for (const [topic, sessionId] of connection.pendingJoins)
      if (sessionId === session.sessionId) this.joinTopic(connection, topic);
    connection.pendingJoins.clear();
    if (connection.userId === session.userId) return;
    connection.userId = session.userId;
    let sockets = this.byUser.get(session.userId);
    const first = !sockets;
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(session.userId, sockets);
    }
    sockets.add(connection);
    this.bound += 1;
    this.options.hub.setLocalSockets(this.bound);
    this.options.onSocketsChanged?.();
    if (first) {
      await this.options.hub.setLocalPresence(session.userId, true);
      await this.announce(session.userId, 1);
    }
  }

  /** Removes a connection from its user; answers the user id when it was their last socket here. */
  private unbind(connection: Connection): number | null {
    const userId = connection.userId;
    if (userId === null) return null;
    this.leaveTopics(connection);
    connection.userId = null;
    connection.sessionId = null;
    connection.expiresAt = Number.POSITIVE_INFINITY;
    const sockets = this.byUser.get(userId);
    if (sockets?.delete(connection)) {
      this.bound -= 1;
      this.options.hub.setLocalSockets(this.bound);
      this.options.onSocketsChanged?.();
    }
    if (sockets && sockets.size > 0) return null;
    this.byUser.delete(userId);
    return userId;
  }

  private joinTopic(connection: Connection, topic: string): void {
    connection.topics.add(topic);
    let members = this.byTopic.get(topic);
    if (!members) {
      members = new Set();
      this.byTopic.set(topic, members);
    }
    members.add(connection);
  }

  private leaveTopics(connection: Connection): void {
    for (const topic of connection.topics) {
      const members = this.byTopic.get(topic);
      members?.delete(connection);
      if (members?.size === 0) this.byTopic.delete(topic);
    }
    connection.topics.clear();
  }

  /** A join for a socket of this process: now if it is bound to that session, else on its bind. */
  private onJoin(clientId: string, sessionId: number, topic: string): void {
    const connection = this.connections.get(clientId);
    if (!connection) return;
    if (connection.sessionId === sessionId) this.joinTopic(connection, topic);
    else if (connection.userId === null)
      connection.pendingJoins.set(topic, sessionId);
  }

  private async onClose(connection: Connection): Promise<void> {
    clearTimeout(connection.bindTimer);
    connection.pendingJoins.clear();
    this.connections.delete(connection.clientId);
    const lastHere = this.unbind(connection);
    if (lastHere === null) return;
    await this.options.hub.setLocalPresence(lastHere, false);
    const stillOnline = await this.options.hub.onlineAmong([lastHere]);
    if (stillOnline.has(lastHere)) return;
    await this.announce(lastHere, 0);
    // A server going down hands its sockets to another; a call goes on meanwhile.
    if (!this.closing) this.options.onUserGone?.(lastHere);
  }

  private async announce(userId: number, isOnline: 0 | 1): Promise<void> {
    // A server going down takes every socket with it: nobody is left to tell.
    if (this.closing) return;
    try {
      const audience = await this.options.presenceAudience(userId);
      if (audience.length === 0) return;
      await this.options.publish.toUsers(audience, "isOnline", {
        id: userId,
        is_online: isOnline,
      });
    } catch (error) {
      this.options.logger.warn(
        { err: String(error) },
        "presence not announced",
      );
    }
  }

  private beat(): void {
    const now = this.options.clock.now();
    for (const connection of this.connections.values()) {
      // An expired session ends its sockets as a revoked one does (issue 7, break 5).
      if (connection.userId !== null && connection.expiresAt <= now) {
        connection.ws.close(CloseCodes.sessionEnded, "expired");
        continue;
      }
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
      this.send(connection, PING_FRAME);
    }
  }

  /** A frame to every socket of some users (but one client's) on this process. */
  private toUsers(part: UsersPart): void {
    const frame = once(part.frame, part.userIds.length);
    for (const userId of part.userIds) {
      for (const connection of this.byUser.get(userId) ?? []) {
        if (connection.clientId !== part.exceptClientId)
          this.send(connection, frame);
      }
    }
  }

  private onHubEvent(event: HubEvent): void {
    switch (event.kind) {
      case "users":
        this.toUsers(event);
        return;
      case "each":
        for (const part of event.parts) this.toUsers(part);
        return;
      case "all": {
        const frame = once(event.frame, this.connections.size);
        for (const sockets of this.byUser.values()) {
          for (const connection of sockets) this.send(connection, frame);
        }
        return;
      }
      case "topic": {
        const sockets = this.byTopic.get(event.topic);
        if (!sockets) return;
        const frame = once(event.frame, sockets.size);
        for (const connection of sockets) this.send(connection, frame);
        return;
      }
      case "join":
        this.onJoin(event.clientId, event.sessionId, event.topic);
        return;
      case "changed":
        // News for the features' caches (realtime/publisher.ts), not for sockets.
        return;
      case "sessionsEnded": {
        const ended = new Set(event.sessionIds);
        for (const connection of [...(this.byUser.get(event.userId) ?? [])]) {
          if (connection.sessionId === null || !ended.has(connection.sessionId))
            continue;
          if (event.reason === "evicted") {
            this.send(
              connection,
              eventFrame(
                "offline",
                {
                  id: event.userId,
                  client_id: event.byClientId ?? "",
                  isMobile: false,
                },
                this.options.clock.now(),
              ),
            );
          }
          connection.ws.close(CloseCodes.sessionEnded, event.reason);
        }
        return;
      }
    }
  }

  /** The number of sockets on this process. */
  get size(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const connection of this.connections.values()) {
      clearTimeout(connection.bindTimer);
      connection.ws.close(1001, "server stopping");
    }
    await new Promise<void>((resolve) => {
      this.wss.close(() => {
        resolve();
      });
    });
  }
}
