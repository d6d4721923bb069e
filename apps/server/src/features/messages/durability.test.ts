import { randomUUID } from "node:crypto";
import type { Message } from "@parley/protocol";
import { afterEach, describe, expect, it } from "vitest";
import {
  createProcessDatabase,
  type ProcessDatabase,
  type ServerProcess,
  startServerProcess,
  userOn,
} from "../../../test/server-process.js";
import { openSocket } from "../../../test/ws-client.js";

/*
 * A real server process killed with SIGKILL in the middle of a burst of sends: after a
 * restart every acknowledged message is there exactly once, in a gapless sequence, and
 * retrying every send with its client id duplicates nothing.
 */
let database: ProcessDatabase;
let cleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function history(
  on: ServerProcess,
  token: string,
  peer: number,
): Promise<Message[]> {
  const all: Message[] = [];
  let lastId = 0;
  for (;;) {
    const res = await on.post(
      "/enterprise/im/getMessageList",
      { toContactId: peer, limit: 100, last_id: lastId },
      token,
    );
    const batch = res.data as Message[];
    all.unshift(...batch);
    if (batch.length < 100) return all;
    lastId = batch[0]?.msg_id ?? 0;
  }
}

/** On SQLite, whoever syncs the WAL (SQLITE_SYNC); PostgreSQL ignores it. */
const SYNCS = process.env.TEST_DATABASE_URL ? ["sqlite"] : ["sqlite", "driver"];

describe("a server killed in the middle of a burst", () => {
  it.each(SYNCS)(
    "keeps every acknowledged message exactly once, and retries duplicate nothing (SQLITE_SYNC=%s)",
    async (sync) => {
      ({ database, cleanup } = createProcessDatabase());
      // One user's burst of 300: the send rate is a limit tested elsewhere (send-pace.test).
      const env = { SQLITE_SYNC: sync, RATE_SEND_USER: "0" };
      const first = await startServerProcess(database, env);
      const alice = await userOn(first, "alice");
      const bob = await userOn(first, "bob");
      const total = 300;
      const ids = Array.from({ length: total }, () => randomUUID());
      const acked = new Set<string>();
      let next = 0;
      let killed: Promise<number | null> | undefined;
      // The burst's message number `index`, always with the same client id.
      const send = (on: ServerProcess, index: number) =>
        on.post(
          "/enterprise/im/sendMessage",
          {
            id: ids[index] ?? "",
            type: "text",
            content: `burst ${index}`,
            toContactId: bob.userId,
          },
          alice.token,
        );

      const worker = async () => {
        while (next < total) {
          const index = next++;
          const id = ids[index] ?? "";
          try {
            const res = await send(first, index);
            if (res.code === 0) acked.add(id);
          } catch {
            // The connection died with the process: not acknowledged.
          }
          if (acked.size >= total / 3 && !killed)
            killed = first.kill("SIGKILL");
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      expect(await killed).toBeNull();
      expect(acked.size).toBeGreaterThanOrEqual(total / 3);
      expect(acked.size).toBeLessThan(total);

      const second = await startServerProcess(database, env);
      try {
        const afterRestart = await history(second, bob.token, alice.userId);
        const stored = afterRestart.map((m) => m.id);
        for (const id of acked)
          expect(stored.filter((s) => s === id)).toHaveLength(1);
        expect(new Set(stored).size).toBe(stored.length);
        expect(afterRestart.map((m) => m.seq)).toEqual(
          afterRestart.map((_, i) => i + 1),
        );

        // The client retries everything it sent, with the same ids.
        const socket = await openSocket(second.url);
        await socket.bind(bob.token);
        for (const index of ids.keys()) {
          const res = await send(second, index);
          expect(res.code, res.msg).toBe(0);
        }
        const final = await history(second, bob.token, alice.userId);
        expect(final).toHaveLength(total);
        expect(new Set(final.map((m) => m.id))).toEqual(new Set(ids));
        expect(final.map((m) => m.seq)).toEqual(final.map((_, i) => i + 1));
        const contacts = await second.post(
          "/enterprise/im/getContacts",
          {},
          bob.token,
        );
        const entry = (
          contacts.data as Array<{ id: number; unread: number }>
        ).find((c) => c.id === alice.userId);
        expect(entry?.unread).toBe(0);
        await socket.close();
        // SIGTERM stops the server cleanly: it closes its sockets and database and exits 0.
        expect(await second.kill("SIGTERM")).toBe(0);
      } finally {
        await second.kill();
      }
    },
    120_000,
  );
});
