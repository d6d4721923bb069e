import { EventEmitter } from "node:events";

/**
 * What travels between server processes. The hub knows no feature: it carries frames to
 * users' sockets, broadcasts, the news that sessions ended, and the news that data some
 * process keeps in memory has changed.
 */
export type HubEvent =
  | {
      kind: "users";
      userIds: number[];
      frame: string;
      exceptClientId?: string | undefined;
    }
  /**
   * Several frames, each to its users, as one event (one Redis publish): a one-to-one
   * message's copy for the receiver and the sender's for their own sockets.
   */
  | { kind: "each"; parts: UsersPart[] }
  | { kind: "all"; frame: string }
  /** Every socket that joined a topic (the console's `admin-manage`). */
  | { kind: "topic"; topic: string; frame: string }
  /**
   * The socket with this client id joins a topic, if it belongs to this session (once it
   * is bound, when it is not yet): a client id alone never lets anyone listen in.
   */
  | { kind: "join"; clientId: string; sessionId: number; topic: string }
  | {
      kind: "sessionsEnded";
      userId: number;
      sessionIds: number[];
      reason: string;
      byClientId?: string | undefined;
    }
  /** Data each process keeps in memory (the config, a user's sessions) changed. */
  | { kind: "changed"; change: Change };

/** One frame to every socket of some users (but one client's). */
export interface UsersPart {
  userIds: number[];
  frame: string;
  exceptClientId?: string | undefined;
}

/** What a process may keep in memory and hear of when another process changes it. */
export type Change =
  | { what: "config" }
  /** A user's role, status or language, read with each of their sessions. */
  | { what: "user"; userId: number }
  /**
   * What these users' contact lists show (null: anyone's) changed without an event to
   * them: a read mark, a user who joined or changed their name or picture, a retention run.
   */
  | { what: "contacts"; userIds: number[] | null };

/** Carries events to every process's sockets, and shares who is online. */
export interface Hub {
  /** Delivers an event to every process, this one included. Never throws. */
  publish(event: HubEvent): Promise<void>;
  /** Registers this process's receiver. */
  onEvent(handler: (event: HubEvent) => void): void;
  /** Records that a user has (or no longer has) sockets on this process. */
  setLocalPresence(userId: number, online: boolean): Promise<void>;
  /** Which of these users have a socket on any process. */
  onlineAmong(userIds: readonly number[]): Promise<Set<number>>;
  /** Records how many bound sockets this process holds now. */
  setLocalSockets(count: number): void;
  /** How many users are online and how many sockets are bound, over every process. */
  onlineTotals(): Promise<OnlineTotals>;
  close(): Promise<void>;
}

/** Users online and sockets bound, over every process (the console home). */
export interface OnlineTotals {
  users: number;
  sockets: number;
}

/** The default hub: one process, events delivered in memory. */
export class InProcessHub implements Hub {
  private readonly emitter = new EventEmitter();
  private readonly online = new Set<number>();
  private sockets = 0;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(event: HubEvent): Promise<void> {
    this.emitter.emit("event", event);
    return Promise.resolve();
  }

  onEvent(handler: (event: HubEvent) => void): void {
    this.emitter.on("event", handler);
  }

  setLocalPresence(userId: number, online: boolean): Promise<void> {
    if (online) this.online.add(userId);
    else this.online.delete(userId);
    return Promise.resolve();
  }

  onlineAmong(userIds: readonly number[]): Promise<Set<number>> {
    return Promise.resolve(
      new Set(userIds.filter((id) => this.online.has(id))),
    );
  }

  setLocalSockets(count: number): void {
    this.sockets = count;
  }

  onlineTotals(): Promise<OnlineTotals> {
    return Promise.resolve({ users: this.online.size, sockets: this.sockets });
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}
