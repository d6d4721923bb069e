import type { ServerEventMap, ServerEventType } from "@parley/protocol";
import type { Changes, Presence, Publish, Sockets } from "./ports.js";
import type { Clock } from "../lib/clock.js";
import type { Change, Hub } from "./hub.js";

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
  hub.onEvent((event) => {
    if (event.kind === "changed") notify(event.change);
    // Sessions that ended (logout, eviction, disabling) are news of their user.
    else if (event.kind === "sessionsEnded")
      notify({ what: "user", userId: event.userId });
  });
  return {
    publish: {
      toUsers: (userIds, type, data, options = {}) =>
        hub.publish({
          kind: "users",
          userIds: [...new Set(userIds)],
          frame: eventFrame(type, data, clock.now()),
          exceptClientId: options.exceptClientId,
        }),
      toEach: (parts) => {
        const now = clock.now();
        return hub.publish({
          kind: "each",
          parts: parts.map((part) => ({
            userIds: [...new Set(part.userIds)],
            frame: eventFrame(part.type, part.data, now),
          })),
        });
      },
      toAll: (type, data) =>
        hub.publish({
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
        return hub.publish({ kind: "changed", change });
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
