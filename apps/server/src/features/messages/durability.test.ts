import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Message } from "@parley/protocol";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ProcessDatabase,
  type ServerProcess,
  startServerProcess,
} from "../../../test/server-process.js";
import { openSocket } from "../../../test/ws-client.js";

/*
 * A real server process killed with SIGKILL in the middle of a burst of sends: after a
 * restart every acknowledged message is there exactly once, in a gapless sequence, and
 * retrying every send with its client id duplicates nothing.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
let database: ProcessDatabase;
let cleanup: () => Promise<void>;

beforeAll(() => {
  if (pgUrl) {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    database = { url: pgUrl, schema };
    cleanup = async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-kill-"));
    database = { dataDir };
    cleanup = () =>
      Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true }));
  }
});
afterAll(async () => {
  await cleanup();
});

async function user(on: ServerProcess, name: string) {
  const account = `${name}${randomBytes(4).toString("hex")}`;
  expect(
    (
      await on.post("/common/pub/register", {
        account,
        realname: name,
        password: "secret12",
      })
    ).code,
  ).toBe(0);
  const login = await on.post("/common/pub/login", {
    account,
    password: "secret12",
  });
  const data = login.data as {
    authToken: string;
    userInfo: { user_id: number };
  };
  return { token: data.authToken, userId: data.userInfo.user_id };
}

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

describe("a server killed in the middle of a burst", () => {
  it("keeps every acknowledged message exactly once, and retries duplicate nothing", async () => {
    const first = await startServerProcess(database);
    const alice = await user(first, "alice");
    const bob = await user(first, "bob");
    const total = 300;
    const ids = Array.from({ length: total }, () => randomUUID());
    const acked = new Set<string>();
    let next = 0;
    let killed: Promise<number | null> | undefined;

    const worker = async () => {
      while (next < total) {
        const index = next++;
        const id = ids[index] ?? "";
        try {
          const res = await first.post(
            "/enterprise/im/sendMessage",
            {
              id,
              type: "text",
              content: `burst ${index}`,
              toContactId: bob.userId,
            },
            alice.token,
          );
          if (res.code === 0) acked.add(id);
        } catch {
          // The connection died with the process: not acknowledged.
        }
        if (acked.size >= total / 3 && !killed) killed = first.kill("SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(await killed).toBeNull();
    expect(acked.size).toBeGreaterThanOrEqual(total / 3);
    expect(acked.size).toBeLessThan(total);

    const second = await startServerProcess(database);
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
      for (const [index, id] of ids.entries()) {
        const res = await second.post(
          "/enterprise/im/sendMessage",
          {
            id,
            type: "text",
            content: `burst ${index}`,
            toContactId: bob.userId,
          },
          alice.token,
        );
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
    } finally {
      await second.kill();
    }
  }, 120_000);
});
