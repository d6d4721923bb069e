import { randomUUID } from "node:crypto";
import {
  type Contact,
  type Favourite,
  type Message,
  type MessageEdit,
  MessageSchema,
} from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestApp,
  startTwoProcesses,
  type TestApp,
} from "../../../test/build-test-app.js";
import {
  createGroup,
  loginAdmin,
  registerAndLogin,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { chatHelpers } from "../../../test/chat.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";

/*
 * Issue 43 item 2, the server (extensions.md §2): editing a sent message. Every refusal
 * is checked to change nothing; every edit to reach exactly the sockets that show the
 * message; the new text to be what the chat list, favourites and search see, while a
 * reply keeps what it quoted; a mention an edit adds to count once.
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const {
  post,
  sendText: send,
  shownMessage: shown,
  boundSocket: socketOf,
} = chatHelpers(() => api);

const edit = (user: TestUser, id: string, content: string, at?: number[]) =>
  post(user, "im/editMessage", {
    id,
    content,
    ...(at ? { at: at.map(String) } : {}),
  });

async function versions(user: TestUser, id: string): Promise<MessageEdit[]> {
  const res = await post(user, "im/messageEdits", { id });
  expect(res.code, res.msg).toBe(0);
  return res.data as MessageEdit[];
}

/** The stored content and edit time of a message, and its stored versions. */
async function stored(msgId: number) {
  const row = await api.db
    .selectFrom("messages")
    .select(["content", "edit_time", "at"])
    .where("msg_id", "=", msgId)
    .executeTakeFirstOrThrow();
  const edits = await api.db
    .selectFrom("message_edits")
    .select("content")
    .where("msg_id", "=", msgId)
    .execute();
  return { ...row, edits: edits.map((e) => e.content) };
}

/**
 * A socket got no `updateMessage` before a barrier message sent to it afterwards: frames
 * reach one socket in order, so an update meant for it would have come first.
 */
async function noUpdate(socket: TestSocket, user: TestUser): Promise<void> {
  const stranger = await registerAndLogin(api);
  const barrier = await send(stranger, user.userId, "barrier");
  await socket.next("simple", (f) => (f.data as Message).id === barrier.id);
  expect(socket.all("updateMessage")).toEqual([]);
}

async function chatEntry(user: TestUser, chat: number | string) {
  const res = await post(user, "im/getContacts");
  expect(res.code, res.msg).toBe(0);
  return (res.data as Contact[]).find((c) => c.id === chat);
}

describe("editing in a one-to-one chat", () => {
  it("replaces the text for both parties, pushes updateMessage and keeps the history", async () => {
    const [alice, bob] = await registerMany(api, 2, "Edit");
    const line = await send(alice, bob.userId, "helo wrold");
    expect(line.editTime).toBe(0);
    const bobSocket = await socketOf(bob);
    const aliceOther = await socketOf(alice);
    api.clock.advance(5_000);

    const res = await edit(alice, line.id, "hello world");
    expect(res.code, res.msg).toBe(0);
    const edited = MessageSchema.parse(res.data);
    expect(edited).toMatchObject({
      id: line.id,
      msg_id: line.msg_id,
      content: "hello world",
      editTime: api.clock.now(),
      sendTime: line.sendTime,
      toContactId: bob.userId,
    });
    const event = {
      id: line.id,
      type: "text",
      content: "hello world",
      editTime: api.clock.now(),
      extends: {},
    };
    expect((await bobSocket.next("updateMessage")).data).toEqual(event);
    expect((await aliceOther.next("updateMessage")).data).toEqual(event);

    const seenByBob = await shown(bob, alice.userId, line.id);
    expect(seenByBob).toMatchObject({
      content: "hello world",
      editTime: event.editTime,
    });
    expect(await versions(bob, line.id)).toEqual([
      { content: "helo wrold", editTime: line.sendTime, user_id: alice.userId },
    ]);

    api.clock.advance(1_000);
    expect((await edit(alice, line.id, "hello, world")).code).toBe(0);
    expect(await versions(alice, line.id)).toEqual([
      { content: "helo wrold", editTime: line.sendTime, user_id: alice.userId },
      {
        content: "hello world",
        editTime: event.editTime,
        user_id: alice.userId,
      },
    ]);
    // The chat list's last line is the text as it reads now.
    expect((await chatEntry(bob, alice.userId))?.lastContent).toBe(
      "hello, world",
    );
    await bobSocket.close();
    await aliceOther.close();
  });

  it("makes the text safe as a send does, and refuses empty or too long text, changing nothing", async () => {
    const [alice, bob] = await registerMany(api, 2, "Safe");
    const line = await send(alice, bob.userId, "plain");
    const res = await edit(
      alice,
      line.id,
      'see <script>alert(1)</script><img src=x onerror="alert(2)"> https://example.com',
    );
    expect(res.code, res.msg).toBe(0);
    const content = (res.data as Message).content;
    expect(content).not.toMatch(/<script|onerror/i);
    // The same text sent fresh is stored the same way.
    const sent = await send(
      alice,
      bob.userId,
      'see <script>alert(1)</script><img src=x onerror="alert(2)"> https://example.com',
    );
    expect(content).toBe(sent.content);

    const before = await stored(line.msg_id);
    for (const [text, msg] of [
      ["", "You can't send an empty message"],
      ["   ", "You can't send an empty message"],
      ["x".repeat(2049), "This message is too long to send"],
    ] as const) {
      const bad = await edit(alice, line.id, text);
      expect(bad.code, text).not.toBe(0);
      expect(bad.msg, text).toBe(msg);
    }
    const malformed = await post(alice, "im/editMessage", {
      id: line.id,
      content: ["a", "b"],
    });
    expect(malformed.code).not.toBe(0);
    expect(await stored(line.msg_id)).toEqual(before);
  });

  it("an edit to the same text changes nothing and tells nobody", async () => {
    const [alice, bob] = await registerMany(api, 2, "Same");
    const line = await send(alice, bob.userId, "unchanged");
    const bobSocket = await socketOf(bob);
    const res = await edit(alice, line.id, "unchanged");
    expect(res.code, res.msg).toBe(0);
    expect((res.data as Message).editTime).toBe(0);
    expect(await stored(line.msg_id)).toMatchObject({
      edit_time: 0,
      edits: [],
    });
    await noUpdate(bobSocket, bob);
    await bobSocket.close();
  });

  it("keeps what a reply quoted, finds the message by its new words only, and favourites show it", async () => {
    const [alice, bob] = await registerMany(api, 2, "Where");
    const line = await send(alice, bob.userId, "meet at the marmalade shop");
    const reply = await send(bob, alice.userId, "ok", { pid: line.msg_id });
    const saved = await post(bob, "collect/add", { msg_id: line.msg_id });
    expect(saved.code, saved.msg).toBe(0);

    expect(
      (await edit(alice, line.id, "meet at the pineapple cafe")).code,
    ).toBe(0);

    const quoting = await shown(bob, alice.userId, reply.id);
    expect(quoting?.extends.content).toBe("meet at the marmalade shop");
    const search = async (keywords: string) =>
      (
        (
          await post(bob, "im/getMessageList", {
            toContactId: alice.userId,
            is_group: 0,
            type: "all",
            keywords,
            page: 1,
            limit: 20,
          })
        ).data as Message[]
      ).map((m) => m.id);
    expect(await search("pineapple")).toEqual([line.id]);
    expect(await search("marmalade")).toEqual([]);
    // One and two characters go through the other index.
    expect(await search("pi")).toEqual([line.id]);

    const favourites = await post(bob, "collect/index", { page: 1, limit: 20 });
    expect(
      (favourites.data as Favourite[]).map((f) => f.message.content),
    ).toEqual(["meet at the pineapple cafe"]);
  });
});

describe("who may edit", () => {
  it("only the sender: the other party is refused, a stranger and a foreign id answer like a missing one", async () => {
    const [alice, bob, eve] = await registerMany(api, 3, "WhoEdit");
    const line = await send(alice, bob.userId, "mine");
    const before = await stored(line.msg_id);

    const other = await edit(bob, line.id, "theirs now");
    expect(other.code).not.toBe(0);
    expect(other.msg).toBe("You can't edit this message");

    const stranger = await edit(eve, line.id, "hijack");
    const missing = await edit(eve, randomUUID(), "hijack");
    expect(stranger.code).not.toBe(0);
    expect(stranger.msg).toBe("This message doesn't exist");
    expect(missing).toMatchObject({ code: stranger.code, msg: stranger.msg });
    const admin = await loginAdmin(api);
    expect((await edit(admin, line.id, "moderated")).msg).toBe(stranger.msg);

    // Its history, too, is for those who see the message.
    const history = await post(eve, "im/messageEdits", { id: line.id });
    expect(history.code).not.toBe(0);
    expect(history.msg).toBe(stranger.msg);
    expect(await stored(line.msg_id)).toEqual(before);
  });

  it("refuses a withdrawn message, and a withdrawal takes the history with it", async () => {
    const [alice, bob] = await registerMany(api, 2, "Undo");
    const line = await send(alice, bob.userId, "first");
    expect((await edit(alice, line.id, "second")).code).toBe(0);
    expect((await post(alice, "im/undoMessage", { id: line.id })).code).toBe(0);
    const res = await edit(alice, line.id, "third");
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe("This message has already been withdrawn");
    expect(await versions(bob, line.id)).toEqual([]);
    expect((await stored(line.msg_id)).edits).toEqual([]);
  });

  it("refuses a message that is not text", async () => {
    const [alice, bob] = await registerMany(api, 2, "File");
    const form = new FormData();
    const id = randomUUID();
    form.append(
      "message",
      JSON.stringify({ id, type: "file", toContactId: bob.userId }),
    );
    form.append("file", new Blob([new Uint8Array([1, 2, 3])]), "notes.txt");
    const up = await api.post(
      "/common/upload/uploadFile",
      {},
      { token: alice.token, raw: form },
    );
    expect(up.code, up.msg).toBe(0);
    const res = await edit(alice, id, "now text");
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe("You can't edit this message");
  });

  it("keeps to chatInfo.editTime: within it an edit passes, after it it is refused saying how long", async () => {
    const [alice, bob] = await registerMany(api, 2, "Window");
    await saveConfig(api, "chatInfo", { editTime: 120 });
    try {
      const line = await send(alice, bob.userId, "quick");
      api.clock.advance(119_000);
      expect((await edit(alice, line.id, "quick fix")).code).toBe(0);
      api.clock.advance(2_000);
      const late = await edit(alice, line.id, "too late");
      expect(late.code).not.toBe(0);
      expect(late.msg).toBe(
        "Messages can only be edited within 2 minutes of sending",
      );
      expect((await stored(line.msg_id)).content).toBe("quick fix");
    } finally {
      await saveConfig(api, "chatInfo", { editTime: 0 });
    }
  });

  it("refuses where the sender may no longer send: single chat switched off", async () => {
    const [alice, bob] = await registerMany(api, 2, "Off");
    const line = await send(alice, bob.userId, "before");
    await saveConfig(api, "chatInfo", { simpleChat: 0 });
    try {
      const res = await edit(alice, line.id, "after");
      expect(res.code).not.toBe(0);
      expect((await stored(line.msg_id)).content).toBe("before");
    } finally {
      await saveConfig(api, "chatInfo", { simpleChat: 1 });
    }
  });

  it("is judged again when two edits meet: both land, one after the other, and no version is lost", async () => {
    const [alice, bob] = await registerMany(api, 2, "Race");
    const line = await send(alice, bob.userId, "v0");
    const results = await Promise.all(
      ["v1", "v2", "v3", "v4"].map((text) => edit(alice, line.id, text)),
    );
    for (const res of results) expect(res.code, res.msg).toBe(0);
    const after = await stored(line.msg_id);
    // Each version replaced exactly one other: the original and three of the four.
    expect(after.edits).toHaveLength(4);
    expect(new Set([...after.edits, after.content])).toEqual(
      new Set(["v0", "v1", "v2", "v3", "v4"]),
    );
    expect(after.edits[0]).toBe("v0");
  });
});

describe("editing in a group", () => {
  it("tells every member who sees it, not one the group's history hides it from", async () => {
    const [owner, ann, late] = await registerMany(api, 3, "GEdit");
    const { id } = await createGroup(api, owner, [
      ann,
      (await registerMany(api, 1, "GThird"))[0],
    ]);
    expect(
      (
        await post(owner, "group/groupSetting", {
          id,
          setting: { history: "0" },
        })
      ).code,
    ).toBe(0);
    const line = await send(owner, id, "draft agenda");
    const added = await post(owner, "group/addGroupUser", {
      id,
      user_ids: [late.userId],
    });
    expect(added.code, added.msg).toBe(0);
    const annSocket = await socketOf(ann);
    const lateSocket = await socketOf(late);

    expect((await edit(owner, line.id, "final agenda")).code).toBe(0);
    expect((await annSocket.next("updateMessage")).data).toMatchObject({
      id: line.id,
      content: "final agenda",
    });
    await noUpdate(lateSocket, late);
    expect((await post(late, "im/messageEdits", { id: line.id })).msg).toBe(
      "This message doesn't exist",
    );
    expect(await versions(ann, line.id)).toHaveLength(1);
    await annSocket.close();
    await lateSocket.close();
  });

  it("a mention added by an edit counts once for the newly mentioned, never for the sender", async () => {
    const [owner, ann, ben] = await registerMany(api, 3, "GMention");
    const { id } = await createGroup(api, owner, [ann, ben]);
    const line = await send(owner, id, "hello team", {
      at: [String(ann.userId)],
    });
    const isAt = async (user: TestUser) => (await chatEntry(user, id))?.is_at;
    expect(await isAt(ann)).toBe(1);
    expect(await isAt(ben)).toBe(0);

    expect(
      (
        await edit(owner, line.id, "hello team, @ben too", [
          ann.userId,
          ben.userId,
          owner.userId,
        ])
      ).code,
    ).toBe(0);
    expect(await isAt(ann)).toBe(1);
    expect(await isAt(ben)).toBe(1);
    expect(await isAt(owner)).toBe(0);
    // Again, with the same names: nobody counts twice.
    expect(
      (
        await edit(owner, line.id, "hello team, @ben too!", [
          ann.userId,
          ben.userId,
        ])
      ).code,
    ).toBe(0);
    expect(await isAt(ben)).toBe(1);
    const list = await post(ben, "im/getMessageList", {
      toContactId: id,
      is_group: 1,
      is_at: 1,
      type: "all",
    });
    expect((list.data as Message[]).map((m) => m.id)).toEqual([line.id]);
    expect((await stored(line.msg_id)).at).toBe(
      `${String(ann.userId)},${String(ben.userId)}`,
    );
  });

  it("an ordinary member cannot mention everyone by an edit; a muted member cannot edit", async () => {
    const [owner, ann, ben] = await registerMany(api, 3, "GMute");
    const { id } = await createGroup(api, owner, [ann, ben]);
    const line = await send(ann, id, "hi all");
    expect((await edit(ann, line.id, "hi @all", [0])).code).toBe(0);
    expect((await chatEntry(ben, id))?.is_at).toBe(0);

    const mute = await post(owner, "group/setNoSpeak", {
      id,
      user_id: ann.userId,
      noSpeakTimer: 1,
    });
    expect(mute.code, mute.msg).toBe(0);
    const muted = await edit(ann, line.id, "sneaky");
    expect(muted.code).not.toBe(0);
    expect(muted.msg).toMatch(/^You are muted in this group until /);
    expect((await stored(line.msg_id)).content).toBe("hi @all");
  });
});

describe.runIf(process.env.TEST_REDIS_URL)(
  "editing across two processes",
  () => {
    it("reaches the other party's socket on the other process", async () => {
      const { one, two, close } = await startTwoProcesses();
      try {
        const alice = await registerAndLogin(one, { realname: "Alice" });
        const bob = await registerAndLogin(one, { realname: "Bob" });
        const sent = await one.post(
          "/enterprise/im/sendMessage",
          {
            id: randomUUID(),
            type: "text",
            content: "tpyo",
            toContactId: bob.userId,
          },
          { token: alice.token },
        );
        expect(sent.code, sent.msg).toBe(0);
        const line = MessageSchema.parse(sent.data);
        const bobOnTwo = await openSocket(two.url);
        await bobOnTwo.bind(bob.token);
        const res = await one.post(
          "/enterprise/im/editMessage",
          { id: line.id, content: "typo" },
          { token: alice.token },
        );
        expect(res.code, res.msg).toBe(0);
        expect((await bobOnTwo.next("updateMessage")).data).toMatchObject({
          id: line.id,
          type: "text",
          content: "typo",
        });
        const history = await two.post(
          "/enterprise/im/messageEdits",
          { id: line.id },
          { token: bob.token },
        );
        expect(history.data).toEqual([
          { content: "tpyo", editTime: line.sendTime, user_id: alice.userId },
        ]);
        await bobOnTwo.close();
      } finally {
        await close();
      }
    });
  },
);
