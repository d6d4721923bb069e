import type { ServerEventMap, ServerEventType } from "@parley/protocol";
import type { Change } from "./hub.js";

/*
 * What features see of the realtime layer (through the app context), backed by the hub:
 * no feature touches the gateway, and the realtime layer knows no feature.
 */

/** Pushes typed server events (protocol's union) to sockets on every process, after a commit. */
export interface Publish {
  /** Every socket of these users, on every process (but `exceptClientId`). */
  toUsers<T extends ServerEventType>(
    userIds: readonly number[],
    type: T,
    data: ServerEventMap[T],
    options?: { exceptClientId?: string | undefined },
  ): Promise<void>;
  /**
   * Several events, each to its users, sent as one (one Redis publish, not one per event):
   * every socket of each part's users, on every process.
   */
  toEach(parts: readonly UsersEvent[]): Promise<void>;
  /** Every signed-in socket, on every process. */
  toAll<T extends ServerEventType>(
    type: T,
    data: ServerEventMap[T],
  ): Promise<void>;
  /** Every socket that joined this topic, on every process. */
  toTopic<T extends ServerEventType>(
    topic: string,
    type: T,
    data: ServerEventMap[T],
  ): Promise<void>;
}

/** One typed event for some users: a part of `Publish.toEach`. */
export type UsersEvent = {
  [T in ServerEventType]: {
    userIds: readonly number[];
    type: T;
    data: ServerEventMap[T];
  };
}[ServerEventType];

/**
 * News between processes that data they keep in memory changed (issue 14: the config and
 * the sessions are read on every request, so each process keeps them and reads them again
 * when told). A user's ended sessions are such news too (the hub's `sessionsEnded`).
 */
export interface Changes {
  /** Tells every process, this one at once, of the change. */
  announce(change: Change): Promise<void>;
  /** Runs `handler` on each change of this kind, made here or on another process. */
  on<W extends Change["what"]>(
    what: W,
    handler: (change: Extract<Change, { what: W }>) => void,
  ): void;
  /**
   * Runs `handler` with the users each event to sockets is for (null: everyone), whether
   * it was sent here (at once) or on another process, and with null on every announced
   * change: what a process holds per user (a contact list) is stale once news reaches them.
   */
  onReached(handler: (userIds: readonly number[] | null) => void): void;
}

/** Who is online, on any process. */
export interface Presence {
  onlineAmong(userIds: readonly number[]): Promise<Set<number>>;
  /** Users online and sockets bound, over every process. */
  totals(): Promise<{ users: number; sockets: number }>;
}

/** What features may ask of the sockets themselves. */
export interface Sockets {
  /** Closes the sockets of ended sessions, on every process. */
  endSessions(
    userId: number,
    sessionIds: number[],
    reason: string,
  ): Promise<void>;
  /**
   * The socket with this client id, on whatever process holds it, joins a topic when it is
   * bound to this session (or once it binds to it).
   */
  join(clientId: string, sessionId: number, topic: string): Promise<void>;
}
