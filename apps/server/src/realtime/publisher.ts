import type { ServerEventMap, ServerEventType } from "@parley/protocol";
import type { Changes, Presence, Publish, Sockets } from "./ports.js";
import type { Clock } from "../lib/clock.js";
import type { Change, Hub, HubEvent } from "./hub.js";

/** A business event as it travels: `{type, time (Unix s), data}` (wire-contract.md §3.4). */
export function eventFrame<T extends ServerEventType>(
  type: T,
  data: ServerEventMap[T],
  nowMs: number,
): string {
  return JSON.stringify({ type, time: Math.floor(nowMs / 1000), data });
}

/**
 * What features see of the realtime layer, backed by the hub: typed events out, presence,
 * socket binding, the end of sessions and the news of changed data. No feature touches
 * the gateway.
 */
export function createRealtimePorts(
  hub: Hub,
  clock: Clock,
): {
  publish: Publish;
  presence: Presence;
  sockets: Sockets;
  changes: Changes;
} {
  const listeners = new Map<Change["what"], Array<(change: Change) => void>>();
  const notify = (change: Change) => {
    for (const handler of listeners.get(change.what) ?? []) handler(change);
  };
  const reachedHandlers: Array<(userIds: readonly number[] | null) => void> =
    [];
  const reached = (userIds: readonly number[] | null) => {
    for (const handler of reachedHandlers) handler(userIds);
  };
  hub.onEvent((event) => {
    switch (event.kind) {
      case "users":
        reached(event.userIds);
        break;
      case "each":
        for (const part of event.parts) reached(part.userIds);
        break;
      case "all":
        reached(null);
        break;
      case "changed":
        notify(event.change);
        reached(event.change.what === "contacts" ? event.change.userIds : null);
        break;
      // Sessions that ended (logout, eviction, disabling) are news of their user.
      case "sessionsEnded":
        notify({ what: "user", userId: event.userId });
        break;
      case "join":
      case "topic":
        break;
    }
  });
  /**
   * An event leaves here after its commit: what this process holds of its users is
   * dropped at once, before a call that follows it here could read it (the hub brings it
   * back later, and to the other processes).
   */
  const sent = (event: HubEvent) => {
    if (event.kind === "users") reached(event.userIds);
    else if (event.kind === "each")
      for (const part of event.parts) reached(part.userIds);
    else if (event.kind === "all") reached(null);
    return hub.publish(event);
  };
  return {
    publish: {
      toUsers: (userIds, type, data, options = {}) =>
        sent({
          kind: "users",
          userIds: [...new Set(userIds)],
          frame: eventFrame(type, data, clock.now()),
          exceptClientId: options.exceptClientId,
        }),
      toEach: (parts) => {
        const now = clock.now();
        return sent({
          kind: "each",
          parts: parts.map((part) => ({
            userIds: [...new Set(part.userIds)],
            frame: eventFrame(part.type, part.data, now),
          })),
        });
      },
      toAll: (type, data) =>
        sent({
          kind: "all",
          frame: eventFrame(type, data, clock.now()),
        }),
      toTopic: (topic, type, data) =>
        hub.publish({
          kind: "topic",
          topic,
          frame: eventFrame(type, data, clock.now()),
        }),
    },
    presence: {
      onlineAmong: (userIds) => hub.onlineAmong(userIds),
      totals: () => hub.onlineTotals(),
    },
    sockets: {
      endSessions: (userId, sessionIds, reason) =>
        hub.publish({ kind: "sessionsEnded", userId, sessionIds, reason }),
      join: (clientId, sessionId, topic) =>
        hub.publish({ kind: "join", clientId, sessionId, topic }),
    },
    changes: {
      announce: (change) => {
        // This process forgets at once; the others when the hub brings the news.
        notify(change);
        reached(change.what === "contacts" ? change.userIds : null);
        return hub.publish({ kind: "changed", change });
      },
      onReached: (handler) => {
        reachedHandlers.push(handler);
      },
      on: (what, handler) => {
        listeners.set(what, [
          ...(listeners.get(what) ?? []),
          // Only changes of this kind reach the handler (listeners are kept by kind).
          handler as (change: Change) => void,
        ]);
      },
    },
  };
}
