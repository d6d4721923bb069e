import type { Message } from "@parley/protocol";
import { pino } from "pino";
import { createFeatures } from "../../context.js";
import { describe, expect, it } from "vitest";
import { useTestDb } from "../../../test/test-db.js";
import type { Presence } from "../../context.js";
import { systemClock } from "../../lib/clock.js";
import { JobQueue } from "../../lib/jobs.js";
import { pushRepository } from "./push.repository.js";
import { PushService, type SentMessage } from "./push.service.js";

/*
 * Issue 14 (W8): whether a message's recipients are away is asked for the messages of a
 * moment together, not once per message; only messages with someone away go on to read
 * devices.
 */

const testDb = useTestDb();

/** Presence with these users online, answering when `release` is called (or at once). */
function presence(online: ReadonlySet<number>, held = false) {
  const asked: number[][] = [];
  const waiting: (() => void)[] = [];
  const port: Presence = {
    onlineAmong: async (userIds) => {
      asked.push([...userIds]);
      if (held) await new Promise<void>((resolve) => waiting.push(resolve));
      return new Set(userIds.filter((id) => online.has(id)));
    },
    totals: () => Promise.resolve({ users: online.size, sockets: online.size }),
  };
  return {
    port,
    asked,
    release: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

function service(
  port: Presence,
  options: { maxUnchecked?: number; warnings?: unknown[] } = {},
) {
  const repo = pushRepository(testDb().db);
  /** The users whose devices were read: one per message that went on to them. */
  const devicesRead: number[] = [];
  const jobs = new JobQueue({
    concurrency: 1,
    maxWaiting: 10_000,
    onError: (key, error) => {
      throw new Error(`job ${key} failed`, { cause: error });
    },
  });
  const push = new PushService({
    // The key pair is not asked for here: no message reaches a device's push service.
    system: createFeatures().features.system,
    repo: {
      ...repo,
      listSubscriptions: (userId: number) => {
        devicesRead.push(userId);
        return repo.listSubscriptions(userId);
      },
    },
    clock: systemClock,
    presence: port,
    jobs,
    logger: options.warnings
      ? pino(
          { level: "warn" },
          {
            write: (line: string) => options.warnings?.push(JSON.parse(line)),
          },
        )
      : pino({ level: "silent" }),
    ...(options.maxUnchecked === undefined
      ? {}
      : { maxUnchecked: options.maxUnchecked }),
    subject: "mailto:ops@example.com",
    allowHosts: [],
  });
  return { push, jobs, devicesRead };
}

let nextId = 1;
function sentTo(userId: number, from = 1000): SentMessage {
  const msgId = nextId++;
  return {
    message: {
      msg_id: msgId,
      type: "text",
      content: `hello ${String(msgId)}`,
      from_user: from,
      at: [],
      fromUser: { avatar: "" },
    } as unknown as Message,
    conversationId: `${String(Math.min(userId, from))}-${String(Math.max(userId, from))}`,
    to: { userId },
    chatOf: () => from,
    title: "Sender",
  };
}

describe("push presence, asked together", () => {
  it("asks once for a burst of messages, and goes on only with those whose receiver is away", async () => {
    const online = new Set(Array.from({ length: 100 }, (_, i) => i + 1));
    online.delete(7);
    online.delete(42);
    const p = presence(online);
    const { push, jobs, devicesRead } = service(p.port);
    for (let user = 1; user <= 100; user += 1) push.messageSent(sentTo(user));
    await jobs.whenIdle();
    expect(p.asked).toHaveLength(1);
    expect(new Set(p.asked[0])).toEqual(
      new Set(Array.from({ length: 100 }, (_, i) => i + 1)),
    );
    expect(devicesRead.sort((a, b) => a - b)).toEqual([7, 42]);
  });

  it("gathers what is sent while a check waits into one next check", async () => {
    const p = presence(new Set([1, 2, 3]), true);
    const { push, jobs, devicesRead } = service(p.port);
    push.messageSent(sentTo(1));
    await expect.poll(() => p.asked.length).toBe(1);
    // The first check waits for presence; these three wait for the next one, together.
    push.messageSent(sentTo(2));
    push.messageSent(sentTo(3));
    push.messageSent(sentTo(9));
    p.release();
    await expect.poll(() => p.asked.length).toBe(2);
    p.release();
    await jobs.whenIdle();
    expect(p.asked).toEqual([[1], [2, 3, 9]]);
    expect(devicesRead).toEqual([9]);
  });

  it("asks a group's members but the sender, and leaves a large group to its devices", async () => {
    const p = presence(new Set([2, 3]));
    const { push, jobs } = service(p.port);
    const group = (memberIds: number[]): SentMessage => ({
      ...sentTo(0, 1),
      conversationId: "group-5",
      to: { groupId: 5, memberIds },
      chatOf: () => "group-5",
    });
    push.messageSent(group([1, 2, 3]));
    push.messageSent(group(Array.from({ length: 501 }, (_, i) => i + 1)));
    await jobs.whenIdle();
    // The small group's check; the large group read its devices (none) and asked nothing.
    expect(p.asked).toEqual([[2, 3]]);
  });

  it("drops what is past its allowance while presence does not answer, and says so once", async () => {
    const p = presence(new Set<number>(), true);
    const warnings: unknown[] = [];
    const { push, jobs, devicesRead } = service(p.port, {
      maxUnchecked: 3,
      warnings,
    });
    push.messageSent(sentTo(1));
    await expect.poll(() => p.asked.length).toBe(1);
    // The check under way holds 1; the next may gather 3; the other 2 are dropped.
    for (const user of [2, 3, 4, 5, 6]) push.messageSent(sentTo(user));
    p.release();
    await expect.poll(() => p.asked.length).toBe(2);
    p.release();
    await jobs.whenIdle();
    expect(p.asked).toEqual([[1], [2, 3, 4]]);
    expect(devicesRead.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(warnings).toEqual([
      expect.objectContaining({
        dropped: 2,
        msg: "push notifications dropped: too many messages waited for presence",
      }),
    ]);
  });
});
