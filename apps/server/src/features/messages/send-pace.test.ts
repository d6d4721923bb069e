import { randomUUID } from "node:crypto";
import type { Message } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  createGroup,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";

/*
 * Issue 51 item 5: `chatInfo.sendInterval` spaces each user's sends to each chat, and
 * RATE_SEND_USER caps one account's sends across every chat and process; a retried send
 * of a stored message is answered whatever the pace; forwards are exempt (wire-contract.md
 * §5.3).
 */

let api: TestApp;
const EN = { "Accept-Language": "en" };

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

function send(
  app: TestApp,
  from: TestUser,
  to: number | string,
  content: string,
  id: string = randomUUID(),
) {
  return app.post(
    "/enterprise/im/sendMessage",
    {
      id,
      type: "text",
      content,
      toContactId: to,
      is_group: typeof to === "string" ? 1 : 0,
    },
    { token: from.token, headers: EN },
  );
}

async function messagesFrom(app: TestApp, user: TestUser): Promise<number> {
  const rows = await app.db
    .selectFrom("messages")
    .select("msg_id")
    .where("from_user", "=", user.userId)
    .execute();
  return rows.length;
}

describe("chatInfo.sendInterval", () => {
  it("refuses a second message to the same chat sooner than the interval, changing nothing, and says when", async () => {
    const [ann, bob, cat] = await registerMany(api, 3, "Pace");
    await saveConfig(api, "chatInfo", { sendInterval: "30" });
    try {
      const first = await send(api, ann, bob.userId, "one");
      expect(first.code, first.msg).toBe(0);
      const second = await send(api, ann, bob.userId, "two");
      expect(second.code).not.toBe(0);
      expect(second.msg).toMatch(/spaced out.*send again in 30 seconds/i);
      expect(await messagesFrom(api, ann)).toBe(1);

      // Another chat, another person: each has a pace of its own.
      expect((await send(api, ann, cat.userId, "elsewhere")).code).toBe(0);
      expect((await send(api, bob, ann.userId, "reply")).code).toBe(0);

      // A retry of the stored message answers it, not the refusal.
      const retried = await send(
        api,
        ann,
        bob.userId,
        "one",
        (first.data as Message).id,
      );
      expect(retried.code, retried.msg).toBe(0);
      expect((retried.data as Message).msg_id).toBe(
        (first.data as Message).msg_id,
      );

      // A forward is not a typed send: it goes at once.
      const forwarded = await api.post(
        "/enterprise/im/forwardMessage",
        { user_ids: [bob.userId], msg_id: (first.data as Message).msg_id },
        { token: ann.token, headers: EN },
      );
      expect(forwarded.code, forwarded.msg).toBe(0);

      // Time passes (the shared keys are Redis's own clock when Redis is in use).
      api.clock.advance(31_000);
      await saveConfig(api, "chatInfo", { sendInterval: "1" });
      await vi.waitFor(
        async () => {
          const later = await send(api, ann, bob.userId, "three");
          expect(later.code, later.msg).toBe(0);
        },
        { timeout: 31_000, interval: 250 },
      );
    } finally {
      await saveConfig(api, "chatInfo", { sendInterval: "0" });
    }
  });

  it("spaces group messages per member, not per group", async () => {
    const [owner, member, extra] = await registerMany(api, 3, "GroupPace");
    const { id: group } = await createGroup(api, owner, [member, extra]);
    await saveConfig(api, "chatInfo", { sendInterval: "30" });
    try {
      expect((await send(api, owner, group, "hello")).code).toBe(0);
      expect((await send(api, member, group, "hi")).code).toBe(0);
      const again = await send(api, owner, group, "again");
      expect(again.code).not.toBe(0);
      expect(again.msg).toMatch(/spaced out/i);
    } finally {
      await saveConfig(api, "chatInfo", { sendInterval: "0" });
    }
  });

  it("never spaces notes to oneself (the chat -1 skips every check)", async () => {
    const [ann] = await registerMany(api, 1, "SelfPace");
    await saveConfig(api, "chatInfo", { sendInterval: "30" });
    try {
      expect((await send(api, ann, -1, "note 1")).code).toBe(0);
      expect((await send(api, ann, -1, "note 2")).code).toBe(0);
    } finally {
      await saveConfig(api, "chatInfo", { sendInterval: "0" });
    }
  });
});

describe("RATE_SEND_USER", () => {
  it("refuses one account past its rate across chats, storing nothing, while others send", async () => {
    const own = await startTestApp({ RATE_SEND_USER: "6" });
    try {
      await ratePast(own);
    } finally {
      await own.close();
    }
  });
});

async function ratePast(api: TestApp): Promise<void> {
  {
    const [ann, bob, cat] = await registerMany(api, 3, "Rate");
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const id = randomUUID();
      ids.push(id);
      const res = await send(
        api,
        ann,
        i % 2 ? bob.userId : cat.userId,
        `m${i}`,
        id,
      );
      expect(res.code, res.msg).toBe(0);
    }
    const before = await countRows(api, "messages");
    const seventh = await send(api, ann, bob.userId, "too many");
    expect(seventh.code).not.toBe(0);
    expect(seventh.msg).toMatch(/sending messages too fast.*try again in/i);
    expect(await countRows(api, "messages")).toBe(before);
    // A retry of a stored message is still answered: the client's outbox can finish.
    const retried = await send(api, ann, cat.userId, "m0", ids[0]);
    expect(retried.code, retried.msg).toBe(0);
    expect(await countRows(api, "messages")).toBe(before);
    expect((await send(api, bob, ann.userId, "fine")).code).toBe(0);
  }
}
