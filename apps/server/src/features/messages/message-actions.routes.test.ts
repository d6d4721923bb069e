import { randomUUID } from "node:crypto";
import {
  type Contact,
  type Favourite,
  type Message,
  MessageSchema,
  WithdrawnSchema,
} from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  countRows,
  registerAndLogin,
  registerMany,
  saveConfig,
  type TestUser,
} from "../../../test/factories.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";

/*
 * Issue 11: what users do with a message after sending it, and with a chat. Each refusal
 * is checked to change nothing; each event to reach exactly the sockets that show it.
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const EN = { "Accept-Language": "en" };

const post = (user: TestUser, path: string, body: object = {}) =>
  api.post(`/enterprise/${path}`, body, { token: user.token, headers: EN });

async function send(
  from: TestUser,
  to: number | string,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<Message> {
  const res = await post(from, "im/sendMessage", {
    id: randomUUID(),
    type: "text",
    content,
    toContactId: to,
    is_group: typeof to === "string" ? 1 : 0,
    ...extra,
  });
  expect(res.code, res.msg).toBe(0);
  return MessageSchema.parse(res.data);
}

async function page(user: TestUser, chat: number | string): Promise<Message[]> {
  const res = await post(user, "im/getMessageList", {
    toContactId: chat,
    is_group: typeof chat === "string" ? 1 : 0,
    page: 1,
    limit: 50,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data as Message[];
}

async function history(
  user: TestUser,
  chat: number | string,
  keywords: string,
): Promise<Message[]> {
  const res = await post(user, "im/getMessageList", {
    toContactId: chat,
    is_group: typeof chat === "string" ? 1 : 0,
    type: "all",
    keywords,
    page: 1,
    limit: 20,
  });
  expect(res.code, res.msg).toBe(0);
  return res.data as Message[];
}

async function contactsOf(user: TestUser): Promise<Contact[]> {
  const res = await post(user, "im/getContacts");
  expect(res.code, res.msg).toBe(0);
  return res.data as Contact[];
}

async function contact(user: TestUser, id: number | string): Promise<Contact> {
  const found = (await contactsOf(user)).find((c) => c.id === id);
  if (!found) throw new Error(`no contact ${String(id)}`);
  return found;
}

async function socketOf(user: TestUser): Promise<TestSocket> {
  const socket = await openSocket(api.url);
  await socket.bind(user.token);
  return socket;
}

async function makeGroup(
  owner: TestUser,
  members: TestUser[],
): Promise<string> {
  const res = await post(owner, "group/add", {
    name: "Team",
    user_ids: members.map((m) => m.userId),
  });
  expect(res.code, res.msg).toBe(0);
  return String((res.data as Contact).id);
}

/**
 * A socket got no frame of `type` before `barrier` (a message sent to it afterwards):
 * frames reach one socket in order, so an event meant for it would have come first.
 */
async function gotNone(
  socket: TestSocket,
  user: TestUser,
  type: string,
): Promise<void> {
  const stranger = await registerAndLogin(api);
  const barrier = await send(stranger, user.userId, "barrier");
  await socket.next("simple", (f) => (f.data as Message).id === barrier.id);
  expect(socket.all(type)).toEqual([]);
}

async function messageRow(msgId: number) {
  return api.db
    .selectFrom("messages")
    .selectAll()
    .where("msg_id", "=", msgId)
    .executeTakeFirst();
}

describe("undoMessage", () => {
  it("turns my one-to-one message into an event line for both sides, content gone everywhere", async () => {
    const [alice, bob] = await registerMany(api, 2, "Undo");
    const [bobSocket, aliceOther] = await Promise.all([
      socketOf(bob),
      socketOf(alice),
    ]);
    const sent = await send(alice, bob.userId, "a secret plan");

    const res = await post(alice, "im/undoMessage", { id: sent.id });
    expect(res.code, res.msg).toBe(0);

    const toBob = await bobSocket.next("undoMessage");
    const forBob = WithdrawnSchema.parse(toBob.data);
    expect(forBob).toMatchObject({
      id: sent.id,
      msg_id: sent.msg_id,
      type: "event",
      content: "对方撤回了一条消息",
      toContactId: alice.userId,
      is_last: 1,
      extends: { event: "undo", user_id: alice.userId },
    });
    const toMe = WithdrawnSchema.parse(
      (await aliceOther.next("undoMessage")).data,
    );
    expect(toMe).toMatchObject({
      content: "你撤回了一条消息",
      toContactId: bob.userId,
    });

    const [mine, theirs] = await Promise.all([
      page(alice, bob.userId),
      page(bob, alice.userId),
    ]);
    expect(mine.map((m) => [m.type, m.content])).toEqual([
      ["event", "你撤回了一条消息"],
    ]);
    expect(theirs.map((m) => m.content)).toEqual(["对方撤回了一条消息"]);
    expect(await history(bob, alice.userId, "secret")).toEqual([]);
    const listed = await contact(bob, alice.userId);
    expect(listed.lastContent).toBe("对方撤回了一条消息");
    expect(listed.lastEvent).toMatchObject({ event: "undo" });
    expect(JSON.stringify(await messageRow(sent.msg_id))).not.toContain(
      "secret",
    );
    await Promise.all([bobSocket.close(), aliceOther.close()]);
  });

  it("refuses the receiver, a stranger, a late sender and a second withdrawal, changing nothing", async () => {
    const [alice, bob, eve] = await registerMany(api, 3, "Refuse");
    const sent = await send(alice, bob.userId, "stays");
    const before = await messageRow(sent.msg_id);

    // The receiver may not withdraw the sender's message (wire-contract.md §7 hole 5).
    const byBob = await post(bob, "im/undoMessage", { id: sent.id });
    expect(byBob.code).not.toBe(0);
    expect(byBob.msg).toBe("You can't withdraw this message");
    // A stranger knowing the id is told it does not exist, as for a made-up id.
    const byEve = await post(eve, "im/undoMessage", { id: sent.id });
    const madeUp = await post(eve, "im/undoMessage", { id: randomUUID() });
    expect(byEve.msg).toBe("This message doesn't exist");
    expect(madeUp).toMatchObject({ code: byEve.code, msg: byEve.msg });

    api.clock.advance(120_001);
    const late = await post(alice, "im/undoMessage", { id: sent.id });
    expect(late.code).not.toBe(0);
    expect(late.msg).toBe(
      "Messages can only be withdrawn within 2 minutes of sending",
    );
    expect(await messageRow(sent.msg_id)).toEqual(before);

    const fresh = await send(alice, bob.userId, "twice");
    expect((await post(alice, "im/undoMessage", { id: fresh.id })).code).toBe(
      0,
    );
    const again = await post(alice, "im/undoMessage", { id: fresh.id });
    expect(again.msg).toBe("This message has already been withdrawn");
  });

  it("lets group managers withdraw at any time within their rank, to the whole room", async () => {
    const [owner, admin, member, other] = await registerMany(api, 4, "Rank");
    const group = await makeGroup(owner, [admin, member, other]);
    expect(
      (
        await post(owner, "group/setManager", {
          id: group,
          user_id: admin.userId,
          role: 2,
        })
      ).code,
    ).toBe(0);
    const ownerLine = await send(owner, group, "from the owner");
    const memberLine = await send(member, group, `hi @all`, {
      at: [String(other.userId)],
    });
    const adminLine = await send(admin, group, "from the admin");
    expect((await contact(other, group)).is_at).toBe(1);
    api.clock.advance(86_400_000);

    // A member: not someone else's, and not their own after redoTime.
    expect(
      (await post(other, "im/undoMessage", { id: memberLine.id })).msg,
    ).toBe("You can't withdraw this message");
    expect(
      (await post(member, "im/undoMessage", { id: memberLine.id })).msg,
    ).toMatch(/within 2 minutes/);
    // An administrator: not the owner's.
    expect(
      (await post(admin, "im/undoMessage", { id: ownerLine.id })).msg,
    ).toBe("You can't withdraw this message");

    const otherSocket = await socketOf(other);
    const byAdmin = await post(admin, "im/undoMessage", { id: memberLine.id });
    expect(byAdmin.code, byAdmin.msg).toBe(0);
    const pushed = WithdrawnSchema.parse(
      (await otherSocket.next("undoMessage")).data,
    );
    expect(pushed).toMatchObject({
      toContactId: group,
      content: "Rank 3的一条消息被管理员撤回了",
      extends: { manager: 1, managerRole: 2, by: admin.userId },
    });
    // The mention went with the content.
    expect((await contact(other, group)).is_at).toBe(0);
    expect(
      (await post(owner, "im/undoMessage", { id: adminLine.id })).code,
    ).toBe(0);
    // The owner's withdrawal says so, not "an administrator".
    expect(
      (await page(admin, group)).find((m) => m.id === adminLine.id),
    ).toMatchObject({
      content: "你的一条消息被群主撤回了",
      extends: { manager: 1, managerRole: 1, by: owner.userId },
    });
    const seen = await page(member, group);
    expect(
      seen.filter((m) => m.type === "event" && m.extends.event === "undo"),
    ).toHaveLength(2);
    expect(seen.find((m) => m.id === memberLine.id)?.content).toBe(
      "你的一条消息被管理员撤回了",
    );
    await otherSocket.close();
  });
});

describe("quotes", () => {
  it("are made by the server from the quoted message, and say so when it is withdrawn", async () => {
    const [alice, bob] = await registerMany(api, 2, "Quote");
    // Typed text: "<b>" is what the user typed, not markup.
    const original = await send(alice, bob.userId, "<b>the</b> original");
    const reply = await send(bob, alice.userId, "my answer", {
      pid: original.msg_id,
      // A client's own copy is never trusted.
      "extends[content]": "forged",
      "extends[user_id]": 1,
    });
    expect(reply.pid).toBe(original.msg_id);
    expect(reply.extends.quote).toEqual({
      msg_id: original.msg_id,
      content: "&lt;b&gt;the&lt;/b&gt; original",
      user_id: alice.userId,
      realname: "Quote 1",
      type: "text",
    });
    // And in the contract's flat keys, which existing clients read (wire-contract.md §2.9).
    expect(reply.extends).toMatchObject({
      msg_id: original.msg_id,
      content: "&lt;b&gt;the&lt;/b&gt; original",
      user_id: alice.userId,
      realname: "Quote 1",
    });

    expect(
      (await post(alice, "im/undoMessage", { id: original.id })).code,
    ).toBe(0);
    const after = (await page(bob, alice.userId)).find(
      (m) => m.id === reply.id,
    );
    expect(after?.extends.quote).toMatchObject({
      msg_id: original.msg_id,
      content: "",
      undone: 1,
    });
    expect(after?.extends).toMatchObject({
      msg_id: original.msg_id,
      content: "",
    });
  });

  it("refuses a quote of another chat's message and stores nothing", async () => {
    const [alice, bob, carol] = await registerMany(api, 3, "Foreign");
    const elsewhere = await send(alice, carol.userId, "not yours");
    const before = await countRows(api, "messages");
    const res = await post(bob, "im/sendMessage", {
      id: randomUUID(),
      type: "text",
      content: "quoting",
      toContactId: alice.userId,
      pid: elsewhere.msg_id,
    });
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe("This message doesn't exist");
    expect(await countRows(api, "messages")).toBe(before);
  });
});

describe("delMessage", () => {
  it("is refused while dbDelMsg is off, then deletes my message for both sides", async () => {
    const [alice, bob] = await registerMany(api, 2, "Delete");
    const first = await send(alice, bob.userId, "first");
    const second = await send(alice, bob.userId, "second");
    await saveConfig(api, "chatInfo", { dbDelMsg: "0" });
    const off = await post(alice, "im/delMessage", { id: second.id });
    expect(off.msg).toBe("Deleting messages is switched off on this server");
    await saveConfig(api, "chatInfo", { dbDelMsg: "1" });
    expect((await post(bob, "im/delMessage", { id: second.id })).msg).toBe(
      "You can only delete your own messages in one-to-one chats",
    );
    expect(await messageRow(second.msg_id)).toBeDefined();
    expect((await contact(bob, alice.userId)).unread).toBe(2);

    const [bobSocket, aliceOther] = await Promise.all([
      socketOf(bob),
      socketOf(alice),
    ]);
    expect((await post(alice, "im/delMessage", { id: second.id })).code).toBe(
      0,
    );
    expect((await bobSocket.next("delMessage")).data).toEqual({
      id: second.id,
      msg_id: second.msg_id,
      from_user: alice.userId,
      toContactId: alice.userId,
    });
    expect((await aliceOther.next("delMessage")).data).toMatchObject({
      toContactId: bob.userId,
    });
    expect(await messageRow(second.msg_id)).toBeUndefined();
    const listed = await contact(bob, alice.userId);
    expect(listed.lastContent).toBe("first");
    expect(listed.unread).toBe(1);
    expect((await page(bob, alice.userId)).map((m) => m.id)).toEqual([
      first.id,
    ]);
    await Promise.all([bobSocket.close(), aliceOther.close()]);
  });

  it("never deletes a group message", async () => {
    const [owner, a, b] = await registerMany(api, 3, "NoGroupDelete");
    const group = await makeGroup(owner, [a, b]);
    await saveConfig(api, "chatInfo", { dbDelMsg: "1" });
    const line = await send(owner, group, "stays");
    expect((await post(owner, "im/delMessage", { id: line.id })).msg).toBe(
      "You can only delete your own messages in one-to-one chats",
    );
    expect(await messageRow(line.msg_id)).toBeDefined();
  });
});

describe("removeMessage", () => {
  it("hides a message for me on each of my devices only; when both sides hid it, it is gone", async () => {
    const [alice, bob] = await registerMany(api, 2, "Hide");
    const sent = await send(alice, bob.userId, "hide me");
    const [aliceOther, bobSocket] = await Promise.all([
      socketOf(alice),
      socketOf(bob),
    ]);
    expect((await post(alice, "im/removeMessage", { id: sent.id })).code).toBe(
      0,
    );
    expect((await aliceOther.next("removeMessage")).data).toMatchObject({
      id: sent.id,
      toContactId: bob.userId,
    });
    await gotNone(bobSocket, bob, "removeMessage");
    expect(await page(alice, bob.userId)).toEqual([]);
    expect((await page(bob, alice.userId)).map((m) => m.id)).toContain(sent.id);
    // Hidden for me: my actions answer as for a missing message.
    expect((await post(alice, "im/undoMessage", { id: sent.id })).msg).toBe(
      "This message doesn't exist",
    );

    expect((await post(bob, "im/removeMessage", { id: sent.id })).code).toBe(0);
    expect(await messageRow(sent.msg_id)).toBeUndefined();
    await Promise.all([aliceOther.close(), bobSocket.close()]);
  });
});

describe("forwardMessage", () => {
  it("copies a message to users and groups, each copy pushed like a send", async () => {
    const [alice, bob, carol, dave] = await registerMany(api, 4, "Forward");
    const group = await makeGroup(alice, [carol, dave]);
    const original = await send(bob, alice.userId, "worth sharing");
    const [carolSocket, daveSocket] = await Promise.all([
      socketOf(carol),
      socketOf(dave),
    ]);
    const res = await post(alice, "im/forwardMessage", {
      user_ids: [carol.userId, group],
      msg_id: original.msg_id,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe("Sent successfully");
    const direct = await carolSocket.next(
      "simple",
      (f) => (f.data as Message).toContactId === alice.userId,
    );
    expect(direct.data).toMatchObject({
      content: "worth sharing",
      from_user: alice.userId,
    });
    const inGroup = await daveSocket.next("group");
    expect(inGroup.data).toMatchObject({
      content: "worth sharing",
      toContactId: group,
    });
    await Promise.all([carolSocket.close(), daveSocket.close()]);
  });

  it("refuses a sixth target, none, a chat I may not send to, and a message I cannot see — storing nothing", async () => {
    const people = await registerMany(api, 7, "Limit");
    const [alice, bob, ...others] = people;
    const [outsider, strangerOwner, strangerMember] = await registerMany(
      api,
      3,
      "Outside",
    );
    const foreignGroup = await makeGroup(strangerOwner, [
      strangerMember,
      outsider,
    ]);
    const original = await send(bob, alice.userId, "forward me");
    const notMine = await send(strangerOwner, outsider.userId, "private");
    const before = await countRows(api, "messages");

    const six = await post(alice, "im/forwardMessage", {
      user_ids: others.map((u) => u.userId).concat(bob.userId),
      msg_id: original.msg_id,
    });
    expect(six.msg).toBe("The number of people forwarded cannot exceed 5!");
    const none = await post(alice, "im/forwardMessage", {
      msg_id: original.msg_id,
    });
    expect(none.code).not.toBe(0);
    // The first target is fine, the second is not: nothing is sent at all.
    const foreign = await post(alice, "im/forwardMessage", {
      user_ids: [bob.userId, foreignGroup],
      msg_id: original.msg_id,
    });
    expect(foreign.code).not.toBe(0);
    const unseen = await post(alice, "im/forwardMessage", {
      user_ids: [bob.userId],
      msg_id: notMine.msg_id,
    });
    expect(unseen.msg).toBe("This message doesn't exist");
    expect(await countRows(api, "messages")).toBe(before);

    expect((await post(bob, "im/undoMessage", { id: original.id })).code).toBe(
      0,
    );
    const withdrawn = await post(alice, "im/forwardMessage", {
      user_ids: [bob.userId],
      msg_id: original.msg_id,
    });
    expect(withdrawn.msg).toBe("This message can't be forwarded");
  });
});

describe("files", () => {
  async function upload(from: TestUser, to: number, text: string) {
    const form = new FormData();
    form.append(
      "message",
      JSON.stringify({ id: randomUUID(), type: "file", toContactId: to }),
    );
    form.append("file", new Blob([text]), "notes.txt");
    const res = await api.post(
      "/common/upload/uploadFile",
      {},
      { token: from.token, raw: form, headers: EN },
    );
    expect(res.code, res.msg).toBe(0);
    return MessageSchema.parse(res.data);
  }

  it("forwards a file without copying its bytes; withdrawing every message that carries it frees it", async () => {
    const [alice, bob, carol] = await registerMany(api, 3, "FileAct");
    const sent = await upload(alice, bob.userId, `notes ${randomUUID()}`);
    const blobs = await countRows(api, "blobs");
    const res = await post(alice, "im/forwardMessage", {
      user_ids: [carol.userId],
      msg_id: sent.msg_id,
    });
    expect(res.code, res.msg).toBe(0);
    const copy = (await page(carol, alice.userId))[0];
    expect(copy).toMatchObject({ type: "file", file_id: sent.file_id });
    expect(await countRows(api, "blobs")).toBe(blobs);

    expect((await post(alice, "im/undoMessage", { id: sent.id })).code).toBe(0);
    // Still carried by the forwarded copy: kept, and readable by its receiver.
    expect(await countRows(api, "blobs")).toBe(blobs);
    expect((await post(alice, "im/undoMessage", { id: copy?.id })).code).toBe(
      0,
    );
    expect(await countRows(api, "blobs")).toBe(blobs - 1);
    const row = await messageRow(sent.msg_id);
    expect(row?.file_id).toBeNull();
  });
});

describe("bad input", () => {
  it.each([
    ["im/undoMessage", { id: ["a", "b"] }],
    ["im/delMessage", {}],
    ["im/removeMessage", { id: { nested: 1 } }],
    ["im/forwardMessage", { user_ids: ["not-a-contact"], msg_id: 1 }],
    ["im/forwardMessage", { user_ids: [2], msg_id: "x" }],
    ["im/setChatTop", { id: 2, is_top: 7 }],
    ["im/isNotice", { id: "group-x", is_notice: 1 }],
    ["im/setDraft", { toContactId: 2, draft: "x".repeat(20_000) }],
    ["collect/add", { msg_id: -3 }],
    ["collect/del", { id: "all" }],
  ])("%s %j answers a clear refusal", async (path, body) => {
    const user = await registerAndLogin(api);
    const res = await post(user, path, body);
    expect(res.status).toBe(200);
    expect(res.code).not.toBe(0);
    expect(res.msg.length).toBeGreaterThan(0);
  });

  it("refuses every action without a session", async () => {
    for (const path of [
      "im/undoMessage",
      "im/forwardMessage",
      "im/setChatTop",
      "collect/index",
    ]) {
      const res = await api.post(`/enterprise/${path}`, { id: "x" });
      expect(res.code).not.toBe(0);
    }
  });
});

describe("chat settings", () => {
  it("pins and mutes a chat for me, on my other devices, never for anyone else", async () => {
    const [alice, bob] = await registerMany(api, 2, "Pin");
    const [aliceOther, bobSocket] = await Promise.all([
      socketOf(alice),
      socketOf(bob),
    ]);
    // A chat with no message yet can be pinned.
    const top = await post(alice, "im/setChatTop", {
      id: bob.userId,
      is_top: 1,
      is_group: 0,
    });
    expect(top.code, top.msg).toBe(0);
    expect((await aliceOther.next("setChatTop")).data).toEqual({
      id: bob.userId,
      is_top: 1,
      is_group: 0,
    });
    const mute = await post(alice, "im/isNotice", {
      id: bob.userId,
      is_notice: 0,
      is_group: 0,
    });
    expect(mute.code, mute.msg).toBe(0);
    // The user branch is pushed too (wire-contract.md §7 quirk 10 fixed).
    expect((await aliceOther.next("setIsNotice")).data).toEqual({
      id: bob.userId,
      is_notice: 0,
      is_group: 0,
    });
    const mine = await contactsOf(alice);
    expect(mine[0]).toMatchObject({ id: bob.userId, is_top: 1, is_notice: 0 });
    expect(await contact(bob, alice.userId)).toMatchObject({
      is_top: 0,
      is_notice: 1,
    });
    await gotNone(bobSocket, bob, "setChatTop");
    await Promise.all([aliceOther.close(), bobSocket.close()]);
  });

  it("pins a group of mine, and refuses the system entry, a foreign group and a missing user", async () => {
    const [alice, bob, carol, eve] = await registerMany(api, 4, "PinGroup");
    const group = await makeGroup(alice, [bob, carol]);
    const foreign = await makeGroup(eve, [bob, carol]);
    expect(
      (await post(bob, "im/setChatTop", { id: group, is_top: 1, is_group: 1 }))
        .code,
    ).toBe(0);
    expect((await contact(bob, group)).is_top).toBe(1);
    expect((await contact(alice, group)).is_top).toBe(0);

    for (const id of ["system", "admin_notice"])
      expect(
        (await post(alice, "im/setChatTop", { id, is_top: 1, is_group: 2 }))
          .msg,
      ).toBe("The system entry can't be pinned or muted");
    const outsider = await post(alice, "im/isNotice", {
      id: foreign,
      is_notice: 0,
      is_group: 1,
    });
    const missing = await post(alice, "im/isNotice", {
      id: "group-999999",
      is_notice: 0,
      is_group: 1,
    });
    expect(outsider.code).not.toBe(0);
    expect(outsider).toMatchObject({ code: missing.code, msg: missing.msg });
    expect(
      (
        await post(alice, "im/setChatTop", {
          id: 999_999,
          is_top: 1,
          is_group: 0,
        })
      ).msg,
    ).toBe("This contact doesn't exist");
    const rows = await api.db
      .selectFrom("user_conversations")
      .select("conversation_id")
      .where("user_id", "=", alice.userId)
      .execute();
    expect(rows.map((r) => r.conversation_id)).toEqual([group]);
  });

  it("keeps a draft on the server and hands it to my other devices", async () => {
    const [alice, bob] = await registerMany(api, 2, "Draft");
    const aliceOther = await socketOf(alice);
    const res = await post(alice, "im/setDraft", {
      toContactId: bob.userId,
      draft: "see you at 10",
    });
    expect(res.code, res.msg).toBe(0);
    expect((await aliceOther.next("draft")).data).toEqual({
      toContactId: bob.userId,
      draft: "see you at 10",
    });
    expect((await contact(alice, bob.userId)).draft).toBe("see you at 10");
    expect((await contact(bob, alice.userId)).draft).toBeUndefined();
    await post(alice, "im/setDraft", { toContactId: bob.userId, draft: "" });
    expect((await contact(alice, bob.userId)).draft).toBeUndefined();
    await aliceOther.close();
  });

  it("tells my other devices when I read a chat, one-to-one or group, and nobody else", async () => {
    const [alice, bob, carol] = await registerMany(api, 3, "ReadSync");
    const group = await makeGroup(bob, [alice, carol]);
    const aliceOther = await socketOf(alice);
    const bobSocket = await socketOf(bob);
    await send(bob, alice.userId, "one to one");
    await send(bob, group, "in the group");
    expect((await contact(alice, bob.userId)).unread).toBe(1);

    // Opening the chat (its first page) reads it.
    await post(alice, "im/getMessageList", { toContactId: bob.userId });
    expect((await aliceOther.next("chatRead")).data).toEqual({
      toContactId: bob.userId,
    });
    expect((await contact(alice, bob.userId)).unread).toBe(0);
    await post(alice, "im/getMessageList", { toContactId: group });
    expect((await aliceOther.next("chatRead")).data).toEqual({
      toContactId: group,
    });
    expect((await contact(alice, group)).unread).toBe(0);

    // Read again with nothing new: nothing to tell (the barrier's own read comes after).
    const told = aliceOther.all("chatRead").length;
    await post(alice, "im/getMessageList", { toContactId: bob.userId });
    const stranger = await registerAndLogin(api);
    const barrier = await send(stranger, alice.userId, "barrier");
    await aliceOther.next(
      "simple",
      (f) => (f.data as Message).id === barrier.id,
    );
    expect(aliceOther.all("chatRead")).toHaveLength(told);
    await gotNone(bobSocket, bob, "chatRead");
    await Promise.all([aliceOther.close(), bobSocket.close()]);
  });
});

describe("favourites", () => {
  it("saves, lists and removes my favourites; a withdrawn message takes its favourite away", async () => {
    const [alice, bob, eve] = await registerMany(api, 3, "Fav");
    const kept = await send(bob, alice.userId, "keep this");
    const gone = await send(bob, alice.userId, "soon gone");
    const saved = await api.post(
      "/enterprise/collect/add",
      { msg_id: kept.msg_id },
      { token: alice.token, headers: EN },
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.msg).toBe("Added to favourites");
    await api.post(
      "/enterprise/collect/add",
      { msg_id: gone.msg_id },
      { token: alice.token },
    );
    const twice = await api.post(
      "/enterprise/collect/add",
      { msg_id: kept.msg_id },
      { token: alice.token },
    );
    expect((twice.data as Favourite).id).toBe((saved.data as Favourite).id);

    const list = async (user: TestUser) => {
      const res = await api.post(
        "/enterprise/collect/index",
        { page: 1, limit: 20 },
        { token: user.token },
      );
      expect(res.code, res.msg).toBe(0);
      return { items: res.data as Favourite[], count: res.count };
    };
    const mine = await list(alice);
    expect(mine.count).toBe(2);
    expect(mine.items.map((f) => f.message.content)).toEqual([
      "soon gone",
      "keep this",
    ]);
    expect(mine.items[0]?.message.toContactId).toBe(bob.userId);
    expect((await list(eve)).count).toBe(0);

    // Someone else's favourite, or a message they cannot see: as missing.
    const foreign = await api.post(
      "/enterprise/collect/del",
      { id: (saved.data as Favourite).id },
      { token: eve.token, headers: EN },
    );
    expect(foreign.msg).toBe("This favourite doesn't exist");
    const unseen = await api.post(
      "/enterprise/collect/add",
      { msg_id: kept.msg_id },
      { token: eve.token, headers: EN },
    );
    expect(unseen.msg).toBe("This message doesn't exist");

    expect((await post(bob, "im/undoMessage", { id: gone.id })).code).toBe(0);
    expect((await list(alice)).items.map((f) => f.message.id)).toEqual([
      kept.id,
    ]);
    const removed = await api.post(
      "/enterprise/collect/del",
      { id: (saved.data as Favourite).id },
      { token: alice.token },
    );
    expect(removed.code).toBe(0);
    expect((await list(alice)).count).toBe(0);
  });
});
