import { randomUUID } from "node:crypto";
import { type Contact, type Message, MessageSchema } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  disableUser,
  registerAndLogin,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket } from "../../../test/ws-client.js";

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

function send(
  from: TestUser,
  to: number,
  content: string,
  id: string = randomUUID(),
) {
  return api.post(
    "/enterprise/im/sendMessage",
    { id, type: "text", content, toContactId: to, is_group: 0 },
    { token: from.token },
  );
}

async function page(
  user: TestUser,
  peer: number,
  lastId = 0,
): Promise<Message[]> {
  const res = await api.post(
    "/enterprise/im/getMessageList",
    { toContactId: peer, is_group: 0, page: 1, limit: 10, last_id: lastId },
    { token: user.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data as Message[];
}

/** The stored messages under a client id. */
function storedUnder(clientId: string) {
  return api.db
    .selectFrom("messages")
    .select("msg_id")
    .where("client_msg_id", "=", clientId)
    .execute();
}

async function contactsOf(user: TestUser): Promise<Contact[]> {
  const res = await api.post(
    "/enterprise/im/getContacts",
    {},
    { token: user.token },
  );
  expect(res.code).toBe(0);
  return res.data as Contact[];
}

describe("one-to-one chat", () => {
  it("delivers live: simple to the receiver filed under the sender, and to the sender's other sockets", async () => {
    const alice = await registerAndLogin(api, { realname: "Alice" });
    const bob = await registerAndLogin(api, { realname: "Bob" });
    const bobSocket = await openSocket(api.url);
    await bobSocket.bind(bob.token);
    const aliceOther = await openSocket(api.url);
    await aliceOther.bind(alice.token);

    const res = await send(alice, bob.userId, "hello bob");
    expect(res.code, res.msg).toBe(0);
    const sent = MessageSchema.parse(res.data);
    expect(sent).toMatchObject({
      content: "hello bob",
      status: "succeed",
      toContactId: bob.userId,
      seq: 1,
    });

    const pushed = await bobSocket.next("simple");
    expect(pushed.data).toMatchObject({
      id: sent.id,
      msg_id: sent.msg_id,
      toContactId: alice.userId,
      toUser: bob.userId,
    });
    expect(MessageSchema.safeParse(pushed.data).success).toBe(true);
    expect(typeof pushed.time).toBe("number");
    const echoed = await aliceOther.next("simple");
    expect(echoed.data).toMatchObject({ id: sent.id, toContactId: bob.userId });
    await Promise.all([bobSocket.close(), aliceOther.close()]);
  });

  it("answers a retried client id with the stored message and stores it once", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const id = randomUUID();
    const first = await send(alice, bob.userId, "once", id);
    const results = await Promise.all([
      send(alice, bob.userId, "once", id),
      send(alice, bob.userId, "once", id),
    ]);
    for (const again of results)
      expect((again.data as Message).msg_id).toBe(
        (first.data as Message).msg_id,
      );
    expect(await storedUnder(id)).toHaveLength(1);
    const bobContacts = await contactsOf(bob);
    expect(bobContacts.find((c) => c.id === alice.userId)?.unread).toBe(1);
  });

  it("answers a retry with what was stored even once the send would be refused, and a retry takes no sequence number", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const carol = await registerAndLogin(api);
    const id = randomUUID();
    const first = await send(alice, bob.userId, "before", id);
    expect(first.code, first.msg).toBe(0);
    // Retried while the chat still works: the stored message, and the next send is seq 2.
    expect((await send(alice, bob.userId, "before", id)).data).toMatchObject({
      msg_id: (first.data as Message).msg_id,
      seq: 1,
    });
    const next = await send(alice, bob.userId, "next");
    expect((next.data as Message).seq).toBe(2);
    // Bob disabled: a new message to him is refused, the retry still answers what was stored.
    await disableUser(api, bob.userId);
    expect((await send(alice, bob.userId, "new")).code).not.toBe(0);
    const retry = await send(alice, bob.userId, "before", id);
    expect(retry.code, retry.msg).toBe(0);
    expect((retry.data as Message).msg_id).toBe((first.data as Message).msg_id);
    // The same id to someone else is refused, never answered as the stored one.
    const elsewhere = await send(alice, carol.userId, "before", id);
    expect(elsewhere.code).not.toBe(0);
    expect(await storedUnder(id)).toHaveLength(1);
  });

  it("answers a message that failed after its commit as stored, once: what is durable is never refused", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(bob.token);
    // What follows the commit and the push breaks once (here the Web Push hand-off).
    const broken = vi
      .spyOn(api.services.push, "messageSent")
      .mockImplementationOnce(() => {
        throw new Error("the hand-off broke");
      });
    try {
      const id = randomUUID();
      const first = await send(alice, bob.userId, "stored anyway", id);
      expect(broken).toHaveBeenCalledTimes(1);
      expect(first.code, first.msg).toBe(0);
      expect(first.data).toMatchObject({ content: "stored anyway", seq: 1 });
      // Bob's socket had the message: the push came before what broke.
      const frame = await socket.next("simple");
      expect(frame.data).toMatchObject({
        msg_id: (first.data as Message).msg_id,
      });
      const retry = await send(alice, bob.userId, "stored anyway", id);
      expect((retry.data as Message).msg_id).toBe(
        (first.data as Message).msg_id,
      );
      expect(await storedUnder(id)).toHaveLength(1);
    } finally {
      broken.mockRestore();
      await socket.close();
    }
  });

  it("keeps another sender's client id apart from mine", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const id = randomUUID();
    const a = await send(alice, bob.userId, "from alice", id);
    const b = await send(bob, alice.userId, "from bob", id);
    expect(b.code).toBe(0);
    expect((b.data as Message).msg_id).not.toBe((a.data as Message).msg_id);
    expect((b.data as Message).content).toBe("from bob");
  });

  it("pages with no gap and no repeat under concurrent sends, oldest first within a page", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const total = 37;
    await Promise.all(
      Array.from({ length: total }, (_, i) =>
        i % 2 === 0
          ? send(alice, bob.userId, `m${i}`)
          : send(bob, alice.userId, `m${i}`),
      ),
    );
    const seen: Message[] = [];
    let lastId = 0;
    for (;;) {
      const batch = await page(alice, bob.userId, lastId);
      const ids = batch.map((m) => m.msg_id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      seen.unshift(...batch);
      if (batch.length < 10) break;
      lastId = ids[0] ?? 0;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((m) => m.msg_id)).size).toBe(total);
    expect(seen.map((m) => m.seq)).toEqual(
      Array.from({ length: total }, (_, i) => i + 1),
    );
    const first = await page(alice, bob.userId);
    expect(first.map((m) => m.seq)).toEqual([
      28, 29, 30, 31, 32, 33, 34, 35, 36, 37,
    ]);
    // A cursor forces page 1, and the answer says page 1 (wire-contract.md §5.4).
    const cursored = await api.post(
      "/enterprise/im/getMessageList",
      {
        toContactId: bob.userId,
        page: 3,
        limit: 10,
        last_id: first[0]?.msg_id,
      },
      { token: alice.token },
    );
    expect(cursored.page).toBe(1);
    expect((cursored.data as Message[]).map((m) => m.seq)).toEqual([
      18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
    ]);
  });

  it("pushes one conversation's messages in seq order, however many are sent at once", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const bobSocket = await openSocket(api.url);
    await bobSocket.bind(bob.token);
    const total = 30;
    const answers = await Promise.all(
      Array.from({ length: total }, (_, i) => send(alice, bob.userId, `o${i}`)),
    );
    expect(answers.every((res) => res.code === 0)).toBe(true);
    await expect.poll(() => bobSocket.all("simple").length).toBe(total);
    const seqs = bobSocket
      .all("simple")
      .map((frame) => (frame.data as { seq: number }).seq);
    expect(seqs).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    await bobSocket.close();
  });

  it("pushes a group's messages in seq order, from many senders at once", async () => {
    const [owner, ann, ben] = await registerMany(api, 3, "Order");
    const created = await api.post(
      "/enterprise/group/add",
      { name: "Order", user_ids: [ann.userId, ben.userId] },
      { token: owner.token },
    );
    expect(created.code, created.msg).toBe(0);
    const groupId = (created.data as Contact).id;
    const benSocket = await openSocket(api.url);
    await benSocket.bind(ben.token);
    const total = 30;
    const answers = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        api.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "text",
            content: `g${i}`,
            toContactId: groupId,
            is_group: 1,
          },
          { token: (i % 2 === 0 ? owner : ann).token },
        ),
      ),
    );
    expect(answers.every((res) => res.code === 0)).toBe(true);
    await expect.poll(() => benSocket.all("group").length).toBe(total);
    const seqs = benSocket
      .all("group")
      .map((frame) => (frame.data as { seq: number }).seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(total);
    await benSocket.close();
  });

  it("keeps unread counts, clears them on read, and tells the sender", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const aliceSocket = await openSocket(api.url);
    await aliceSocket.bind(alice.token);
    for (let i = 0; i < 3; i += 1) await send(alice, bob.userId, `unread ${i}`);
    let entry = (await contactsOf(bob)).find((c) => c.id === alice.userId);
    expect(entry).toMatchObject({ unread: 3, lastContent: "unread 2" });
    expect(
      (await contactsOf(alice)).find((c) => c.id === bob.userId)?.unread,
    ).toBe(0);

    const read = await api.post(
      "/enterprise/im/setMsgIsRead",
      {
        is_group: 0,
        toContactId: alice.userId,
        fromUser: alice.userId,
        messages: [{ id: "x" }],
      },
      { token: bob.token },
    );
    expect(read.code).toBe(0);
    const receipt = await aliceSocket.next("isRead");
    expect((receipt.data as unknown[]).length).toBe(3);
    expect(await aliceSocket.next("readAll")).toMatchObject({
      data: { toContactId: bob.userId },
    });
    entry = (await contactsOf(bob)).find((c) => c.id === alice.userId);
    expect(entry?.unread).toBe(0);
    const history = await page(alice, bob.userId);
    expect(history.every((m) => m.is_read === 1)).toBe(true);
    await aliceSocket.close();
  });

  it("marks the chat read when its first page is opened", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    await send(alice, bob.userId, "open me");
    await page(bob, alice.userId);
    expect(
      (await contactsOf(bob)).find((c) => c.id === alice.userId)?.unread,
    ).toBe(0);
  });

  it("sorts contacts pinned first, then by last send time", async () => {
    const me = await registerAndLogin(api);
    const a = await registerAndLogin(api);
    const b = await registerAndLogin(api);
    const c = await registerAndLogin(api);
    await send(a, me.userId, "from a");
    api.clock.advance(1000);
    await send(b, me.userId, "from b");
    api.clock.advance(1000);
    await send(c, me.userId, "from c");
    await api.db
      .updateTable("user_conversations")
      .set({ is_top: 1 })
      .where("user_id", "=", me.userId)
      .where("peer_id", "=", String(a.userId))
      .execute();
    const order = (await contactsOf(me)).map((x) => x.id);
    expect(order.slice(0, 3)).toEqual([a.userId, c.userId, b.userId]);
    const listed = (await contactsOf(me)).find((x) => x.id === c.userId);
    expect(listed).toMatchObject({
      is_group: 0,
      is_top: 0,
      is_notice: 1,
      lastContent: "from c",
      type: "text",
    });
  });

  it("lists every other active user, never the caller or a disabled user", async () => {
    const me = await registerAndLogin(api);
    const gone = await registerAndLogin(api);
    await disableUser(api, gone.userId);
    const listed = (await contactsOf(me)).map((c) => c.id);
    // The chat with oneself and the notices entry are always appended (wire-contract.md
    // §5.2).
    expect(listed.slice(-2)).toEqual([-1, "admin_notice"]);
    const ids = listed.slice(0, -2);
    expect(ids).not.toContain(me.userId);
    expect(ids).not.toContain(gone.userId);
    const total = await api.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", 1)
      .executeTakeFirstOrThrow();
    expect(ids).toHaveLength(total.n - 1);
  });

  it.each([
    ["a missing user", 999_999, "contact.notFound"],
    ["myself", "self", "contact.notFound"],
    ["an empty text", "", "message.empty"],
    ["text over 2048 characters", "x".repeat(2049), "message.tooLong"],
  ])("refuses sending to %s and stores nothing", async (_name, target, key) => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const to =
      target === "self"
        ? alice.userId
        : typeof target === "number"
          ? target
          : bob.userId;
    const content =
      typeof target === "string" && target !== "self" ? target : "hi";
    const before = await countRows(api, "messages");
    const res = await send(alice, to, content);
    expect(res.code).toBe(400);
    expect(res.key).toBe(key);
    const after = await countRows(api, "messages");
    expect(after).toBe(before);
  });

  it("accepts exactly 2048 characters", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    expect((await send(alice, bob.userId, "y".repeat(2048))).code).toBe(0);
  });

  it("answers a disabled user's id exactly like a missing one", async () => {
    const alice = await registerAndLogin(api);
    const gone = await registerAndLogin(api);
    await disableUser(api, gone.userId);
    const toGone = await send(alice, gone.userId, "hi");
    const toNobody = await send(alice, 987_654, "hi");
    expect(toGone).toEqual(toNobody);
  });

  it("refuses one-to-one chat when simpleChat is off", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const chatInfo = (await api.services.system.config()).chatInfo;
    await api.db
      .updateTable("config")
      .set({ value: JSON.stringify({ ...chatInfo, simpleChat: "0" }) })
      .where("name", "=", "chatInfo")
      .execute();
    // Written behind the service's back: it must read the rows again.
    api.services.system.forgetConfig();
    try {
      expect((await send(alice, bob.userId, "hi")).key).toBe(
        "chat.singleDisabled",
      );
    } finally {
      await api.db
        .updateTable("config")
        .set({ value: JSON.stringify(chatInfo) })
        .where("name", "=", "chatInfo")
        .execute();
      api.services.system.forgetConfig();
    }
  });

  it("lets a client that dropped its socket catch up on exactly what it missed", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    const socket = await openSocket(api.url);
    await socket.bind(bob.token);
    await send(alice, bob.userId, "live one");
    const live = await socket.next("simple");
    await socket.close();
    for (let i = 0; i < 4; i += 1) await send(alice, bob.userId, `missed ${i}`);
    const again = await openSocket(api.url);
    await again.bind(bob.token);
    const contact = (await contactsOf(bob)).find((c) => c.id === alice.userId);
    expect(contact).toMatchObject({ unread: 5, lastContent: "missed 3" });
    const history = await page(bob, alice.userId);
    const known = (live.data as Message).msg_id;
    const missed = history
      .filter((m) => m.msg_id > known)
      .map((m) => m.content);
    expect(missed).toEqual(["missed 0", "missed 1", "missed 2", "missed 3"]);
    await again.close();
  });

  it("keeps the history panel newest first with a total and literal keyword matching", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    for (const text of [
      "100% sure",
      "plain",
      "under_score",
      "another 100% case",
    ])
      await send(alice, bob.userId, text);
    const res = await api.post(
      "/enterprise/im/getMessageList",
      {
        toContactId: bob.userId,
        is_group: 0,
        type: "text",
        keywords: "100%",
        page: 1,
        limit: 20,
      },
      { token: alice.token },
    );
    expect(res.count).toBe(2);
    expect((res.data as Message[]).map((m) => m.content)).toEqual([
      "another 100% case",
      "100% sure",
    ]);
    const underscore = await api.post(
      "/enterprise/im/getMessageList",
      { toContactId: bob.userId, type: "all", keywords: "_" },
      { token: alice.token },
    );
    expect((underscore.data as Message[]).map((m) => m.content)).toEqual([
      "under_score",
    ]);
  });
});

describe("message content", () => {
  it.each([
    // A tag that is not allowed stays visible as text (issue 15): escaped, never run.
    [
      "<script>fetch('/hit')</script>hi",
      "&lt;script&gt;fetch('/hit')&lt;/script&gt;hi",
    ],
    // A web address becomes a link (wire-contract.md §2.4), even in escaped text.
    [
      "<script>fetch('http://127.0.0.1:9/hit')</script>",
      `&lt;script&gt;fetch('<a href="http://127.0.0.1:9/hit" target="_blank" rel="noopener noreferrer">http://127.0.0.1:9/hit</a>')&lt;/script&gt;`,
    ],
    [
      "plan: https://example.com/p?a=1&b=2",
      'plan: <a href="https://example.com/p?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">https://example.com/p?a=1&amp;b=2</a>',
    ],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    [
      '<a href="javascript:alert(1)">x</a>',
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    ],
    [
      '<iframe src="http://evil.example"></iframe>ok',
      "&lt;iframe&gt;&lt;/iframe&gt;ok",
    ],
    ["a < b & c", "a &lt; b &amp; c"],
  ])(
    "stores %j as %j, safe for clients that render HTML",
    async (posted, stored) => {
      const alice = await registerAndLogin(api);
      const bob = await registerAndLogin(api);
      const res = await send(alice, bob.userId, posted);
      expect(res.code, res.msg).toBe(0);
      expect((res.data as Message).content).toBe(stored);
      const row = await api.db
        .selectFrom("messages")
        .select("content")
        .where("client_msg_id", "=", (res.data as Message).id)
        .executeTakeFirstOrThrow();
      expect(row.content).toBe(stored);
    },
  );

  it("refuses a message that is empty once cleaned", async () => {
    const alice = await registerAndLogin(api);
    const bob = await registerAndLogin(api);
    expect((await send(alice, bob.userId, " <br/> <br> ")).key).toBe(
      "message.empty",
    );
  });
});
