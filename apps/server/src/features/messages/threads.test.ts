import type { FollowedThread, Message } from "@parley/protocol";
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
  type TestUser,
} from "../../../test/factories.js";
import { chatHelpers } from "../../../test/chat.js";
import { openSocket, type TestSocket } from "../../../test/ws-client.js";

/*
 * Issue 44 (extensions.md §6), the server's calls of threads: a thread read, followed,
 * listed and marked read, each refused for whoever cannot see the root exactly as for a
 * root that does not exist, and changing nothing when refused.
 */

let api: TestApp;

beforeAll(async () => {
  api = await startTestApp();
});
afterAll(async () => {
  await api.close();
});

const { post, sendText, shownMessage, boundSocket } = chatHelpers(() => api);

/**
 * A socket got no `threadUpdate` for a root before a barrier message sent to it afterwards
 * (frames reach one socket in order).
 */
async function noThreadUpdate(
  socket: TestSocket,
  user: TestUser,
  rootId: string,
): Promise<void> {
  const stranger = await registerAndLogin(api);
  const barrier = await sendText(stranger, user.userId, "barrier");
  await socket.next("simple", (f) => (f.data as Message).id === barrier.id);
  expect(
    socket
      .all("threadUpdate")
      .filter((f) => (f.data as { id: string }).id === rootId),
  ).toEqual([]);
}

const threadUpdateOf = (socket: TestSocket, rootId: string, count: number) =>
  socket.next("threadUpdate", (f) => {
    const data = f.data as { id: string; count: number };
    return data.id === rootId && data.count === count;
  });

interface ThreadPage {
  root: Message;
  data: Message[];
  count: number;
  following: number;
}

async function threadOf(user: TestUser, id: string): Promise<ThreadPage> {
  const res = await post(user, "im/getThread", { id });
  expect(res.code, res.msg).toBe(0);
  return res.data as ThreadPage;
}

async function followed(
  user: TestUser,
  page = 1,
  limit = 20,
): Promise<{ data: FollowedThread[]; count: number }> {
  const res = await post(user, "im/getThreads", { page, limit });
  expect(res.code, res.msg).toBe(0);
  // The page is the data, how many are followed the envelope's count.
  return { data: res.data as FollowedThread[], count: res.count };
}

describe("threads", () => {
  let owner: TestUser;
  let member: TestUser;
  let third: TestUser;
  let stranger: TestUser;
  let group: string;

  beforeAll(async () => {
    [owner, member, third, stranger] = await registerMany(api, 4, "Thread");
    group = (await createGroup(api, owner, [member, third])).id;
  });

  it("reads a root without replies: the root, no replies, a count of 0", async () => {
    const root = await sendText(owner, group, "Plan for Monday?");
    expect(root.thread_id).toBe("");
    const thread = await threadOf(member, root.id);
    expect(thread.root.id).toBe(root.id);
    expect(thread.root.content).toBe("Plan for Monday?");
    expect(thread.root.thread).toBeUndefined();
    expect(thread.data).toEqual([]);
    expect(thread.count).toBe(0);
  });

  it("follows and unfollows a thread; the followed list shows it with nothing unread", async () => {
    const root = await sendText(owner, group, "Who takes the release?");
    expect((await followed(member)).data.map((t) => t.root.id)).not.toContain(
      root.id,
    );
    const follow = await post(member, "im/followThread", {
      id: root.id,
      follow: 1,
    });
    expect(follow.code, follow.msg).toBe(0);
    // Following twice changes nothing.
    expect(
      (await post(member, "im/followThread", { id: root.id, follow: "1" }))
        .code,
    ).toBe(0);
    const list = await followed(member);
    const entry = list.data.find((t) => t.root.id === root.id);
    expect(entry).toMatchObject({ count: 0, unread: 0 });
    expect((await threadOf(member, root.id)).following).toBe(1);
    expect((await threadOf(third, root.id)).following).toBe(0);
    expect(entry?.lastTime).toBe(root.sendTime);
    expect(list.count).toBe(list.data.length);
    expect((await post(member, "im/readThread", { id: root.id })).code).toBe(0);
    expect(
      (await post(member, "im/followThread", { id: root.id, follow: 0 })).code,
    ).toBe(0);
    expect((await followed(member)).data.map((t) => t.root.id)).not.toContain(
      root.id,
    );
  });

  it("pages the followed list latest activity first", async () => {
    const roots = [
      await sendText(owner, group, "first"),
      await sendText(owner, group, "second"),
      await sendText(owner, group, "third"),
    ];
    const [reader] = await registerMany(api, 1, "Pager");
    await post(owner, "group/addGroupUser", {
      id: group,
      user_ids: [reader.userId],
    });
    for (const root of roots)
      expect(
        (await post(reader, "im/followThread", { id: root.id, follow: 1 }))
          .code,
      ).toBe(0);
    const first = await followed(reader, 1, 2);
    expect(first.count).toBe(3);
    expect(first.data.map((t) => t.root.content)).toEqual(["third", "second"]);
    const second = await followed(reader, 2, 2);
    expect(second.data.map((t) => t.root.content)).toEqual(["first"]);
  });

  it("refuses whoever cannot see the root exactly as a root that does not exist", async () => {
    const root = await sendText(owner, group, "members only");
    for (const [path, body] of [
      ["im/getThread", {}],
      ["im/followThread", { follow: 1 }],
      ["im/readThread", {}],
    ] as const) {
      const foreign = await post(stranger, path, { id: root.id, ...body });
      const missing = await post(stranger, path, {
        id: "00000000-0000-4000-8000-000000000000",
        ...body,
      });
      expect(foreign.code).not.toBe(0);
      expect(foreign.msg).toBe("This thread doesn't exist");
      expect({ code: foreign.code, msg: foreign.msg }).toEqual({
        code: missing.code,
        msg: missing.msg,
      });
    }
    // The refused follow left nothing behind.
    expect((await followed(stranger)).count).toBe(0);
  });

  it("refuses bad input with a clear envelope", async () => {
    const root = await sendText(owner, group, "bad input");
    for (const body of [
      {},
      { id: "" },
      { id: "x".repeat(65) },
      { id: root.id, follow: 2 },
      { id: root.id, follow: "yes" },
      { id: root.id, limit: 51 },
      { id: root.id, last_id: -1 },
    ]) {
      const path = "follow" in body ? "im/followThread" : "im/getThread";
      const res = await post(member, path, body);
      expect(res.code, JSON.stringify(body)).not.toBe(0);
      expect(res.msg.length).toBeGreaterThan(0);
    }
    for (const body of [{ page: 0 }, { limit: 51 }, { page: "x" }]) {
      const res = await post(member, "im/getThreads", body);
      expect(res.code, JSON.stringify(body)).not.toBe(0);
    }
  });

  it("takes a reply: quoted for old clients, counted on its root, out of a threads=1 page", async () => {
    const root = await sendText(owner, group, "Release notes draft");
    const reply = await sendText(member, group, "Looks good", {
      thread_id: root.id,
    });
    expect(reply.thread_id).toBe(root.id);
    // Existing clients see a reply quoting its root.
    expect(reply.pid).toBe(root.msg_id);
    expect(reply.extends.quote).toMatchObject({
      msg_id: root.msg_id,
      user_id: owner.userId,
    });
    const thread = await threadOf(owner, root.id);
    expect(thread.data.map((m) => m.id)).toEqual([reply.id]);
    expect(thread.count).toBe(1);
    expect(thread.root.thread).toEqual({
      count: 1,
      lastTime: reply.sendTime,
      user_ids: [member.userId],
    });
    // In the chat: every reply for existing clients; only roots with threads=1.
    expect(await shownMessage(third, group, reply.id)).toMatchObject({
      thread_id: root.id,
    });
    expect(
      await shownMessage(third, group, reply.id, { threads: 1 }),
    ).toBeUndefined();
    const shownRoot = await shownMessage(third, group, root.id, { threads: 1 });
    expect(shownRoot?.thread?.count).toBe(1);
  });

  it("keeps a reply also sent to the chat beside the roots, counted in its thread", async () => {
    const root = await sendText(owner, group, "Deploy window?");
    const both = await sendText(member, group, "Friday 18:00 — everyone note", {
      thread_id: root.id,
      thread_broadcast: 1,
    });
    const only = await sendText(third, group, "ok", {
      thread_id: root.id,
      thread_broadcast: "0",
    });
    expect(both).toMatchObject({ thread_id: root.id, thread_broadcast: 1 });
    expect(only.thread_broadcast).toBe(0);
    expect(root.thread_broadcast).toBe(0);
    const thread = await threadOf(owner, root.id);
    expect(thread.data.map((m) => m.id)).toEqual([both.id, only.id]);
    expect(thread.root.thread?.count).toBe(2);
    // threads=1: the broadcast reply stays in the chat, the other does not.
    expect(
      await shownMessage(owner, group, both.id, { threads: 1 }),
    ).toMatchObject({ thread_id: root.id, thread_broadcast: 1 });
    expect(
      await shownMessage(owner, group, only.id, { threads: 1 }),
    ).toBeUndefined();
    // Without thread_id the flag means nothing: a plain message.
    const plain = await sendText(member, group, "not a reply", {
      thread_broadcast: 1,
    });
    expect(plain).toMatchObject({ thread_id: "", thread_broadcast: 0 });
  });

  it("tells followers with their own unread count, and nobody else", async () => {
    const root = await sendText(owner, group, "Standup moved?");
    const [ownerSocket, memberSocket, thirdSocket] = await Promise.all([
      boundSocket(owner),
      boundSocket(member),
      boundSocket(third),
    ]);
    try {
      const reply = await sendText(member, group, "To 10:30", {
        thread_id: root.id,
      });
      const toOwner = await threadUpdateOf(ownerSocket, root.id, 1);
      expect(toOwner.data).toEqual({
        id: root.id,
        toContactId: group,
        is_group: 1,
        count: 1,
        lastTime: reply.sendTime,
        unread: 1,
      });
      // The replier follows now, with nothing unread.
      const toMember = await threadUpdateOf(memberSocket, root.id, 1);
      expect((toMember.data as { unread: number }).unread).toBe(0);
      // A member who neither wrote the root, replied nor followed hears nothing.
      await noThreadUpdate(thirdSocket, third, root.id);

      await sendText(owner, group, "Thanks", { thread_id: root.id });
      const second = await threadUpdateOf(memberSocket, root.id, 2);
      expect((second.data as { unread: number }).unread).toBe(1);
      const list = await followed(member);
      expect(list.data.find((t) => t.root.id === root.id)).toMatchObject({
        count: 2,
        unread: 1,
      });
      // Reading the thread clears it, and my other devices hear so.
      await threadOf(member, root.id);
      const read = await memberSocket.next("threadUpdate", (f) => {
        const data = f.data as { id: string; unread: number };
        return data.id === root.id && data.unread === 0;
      });
      expect(read.data).toMatchObject({ toContactId: group, count: 2 });
      expect(
        (await followed(member)).data.find((t) => t.root.id === root.id)
          ?.unread,
      ).toBe(0);
    } finally {
      await Promise.all(
        [ownerSocket, memberSocket, thirdSocket].map((s) => s.close()),
      );
    }
  });

  it("lists only threads with unread replies when asked, counting them", async () => {
    const [reader, writer, quiet] = await registerMany(api, 3, "Unread");
    const chat = (await createGroup(api, reader, [writer, quiet])).id;
    const roots = [
      await sendText(reader, chat, "one"),
      await sendText(reader, chat, "two"),
      await sendText(reader, chat, "three"),
    ];
    for (const root of roots)
      await sendText(writer, chat, "re", { thread_id: root.id });
    await threadOf(reader, roots[1]?.id ?? "");
    const unread = async () => {
      const res = await post(reader, "im/getThreads", { unread: 1, limit: 50 });
      expect(res.code, res.msg).toBe(0);
      return {
        ids: (res.data as FollowedThread[]).map((t) => t.root.id),
        count: res.count,
      };
    };
    expect(await unread()).toEqual({
      ids: [roots[2]?.id, roots[0]?.id],
      count: 2,
    });
    // The whole list still has all three.
    expect((await followed(reader)).count).toBe(3);
    await post(reader, "im/readThread", { id: roots[2]?.id });
    expect(await unread()).toEqual({ ids: [roots[0]?.id], count: 1 });
    expect((await post(reader, "im/getThreads", { unread: 2 })).code).not.toBe(
      0,
    );
  });

  it("pages a thread's replies forward by last_id", async () => {
    const root = await sendText(owner, group, "Counting");
    const replies: Message[] = [];
    for (const n of ["one", "two", "three"])
      replies.push(await sendText(member, group, n, { thread_id: root.id }));
    const first = await post(owner, "im/getThread", { id: root.id, limit: 2 });
    expect(first.code, first.msg).toBe(0);
    const page = first.data as ThreadPage;
    expect(page.data.map((m) => m.content)).toEqual(["one", "two"]);
    expect(page.count).toBe(3);
    const next = await post(owner, "im/getThread", {
      id: root.id,
      limit: 2,
      last_id: page.data[1]?.msg_id,
    });
    expect((next.data as ThreadPage).data.map((m) => m.id)).toEqual([
      replies[2]?.id,
    ]);
  });

  it("refuses a reply to a reply, to a withdrawn root, or to a root out of the chat, storing nothing", async () => {
    const root = await sendText(owner, group, "Root");
    const reply = await sendText(member, group, "Reply", {
      thread_id: root.id,
    });
    const elsewhere = (await createGroup(api, owner, [member, third])).id;
    const other = await sendText(owner, elsewhere, "Other chat");
    const before = await threadOf(owner, root.id);
    const attempt = (threadId: string, to = group) =>
      post(member, "im/sendMessage", {
        id: crypto.randomUUID(),
        type: "text",
        content: "nope",
        toContactId: to,
        is_group: 1,
        thread_id: threadId,
      });
    const toReply = await attempt(reply.id);
    expect(toReply.code).not.toBe(0);
    expect(toReply.msg).toBe(
      "A reply in a thread can't start a thread of its own",
    );
    const missing = await attempt("00000000-0000-4000-8000-000000000000");
    const foreign = await attempt(other.id);
    expect(missing.msg).toBe("This thread doesn't exist");
    expect({ code: foreign.code, msg: foreign.msg }).toEqual({
      code: missing.code,
      msg: missing.msg,
    });
    expect((await post(owner, "im/undoMessage", { id: root.id })).code).toBe(0);
    const withdrawn = await attempt(root.id);
    expect(withdrawn.msg).toBe(
      "This message was withdrawn: its thread takes no new replies",
    );
    // A withdrawn root keeps its thread readable, and nothing refused was stored.
    const after = await threadOf(member, root.id);
    expect(after.data.map((m) => m.id)).toEqual(before.data.map((m) => m.id));
    expect(after.count).toBe(1);
  });

  it("keeps a one-to-one thread right when a reply or its root is deleted for everyone", async () => {
    const [ann, ben] = await registerMany(api, 2, "Pair");
    const root = await sendText(ann, ben.userId, "Lunch?");
    const first = await sendText(ben, ann.userId, "Yes", {
      thread_id: root.id,
    });
    const second = await sendText(ann, ben.userId, "12:30", {
      thread_id: root.id,
    });
    expect((await threadOf(ben, root.id)).count).toBe(2);
    const gone = await post(ann, "im/delMessage", { id: second.id });
    expect(gone.code, gone.msg).toBe(0);
    const after = await threadOf(ben, root.id);
    expect(after.count).toBe(1);
    expect(after.data.map((m) => m.id)).toEqual([first.id]);
    // The root deleted: its reply stays in the chat as a plain message.
    expect((await post(ann, "im/delMessage", { id: root.id })).code).toBe(0);
    const plain = await shownMessage(ben, ann.userId, first.id, {
      threads: 1,
    });
    expect(plain?.thread_id).toBe("");
    const none = await post(ben, "im/getThread", { id: root.id });
    expect(none.msg).toBe("This thread doesn't exist");
  });

  it("takes a file as a reply, sent by upload with thread_id", async () => {
    const root = await sendText(owner, group, "Send the logo here");
    const form = new FormData();
    form.append(
      "message",
      JSON.stringify({
        id: crypto.randomUUID(),
        type: "file",
        toContactId: group,
        is_group: 1,
        thread_id: root.id,
      }),
    );
    form.append(
      "file",
      new Blob([new TextEncoder().encode("logo")]),
      "logo.txt",
    );
    const res = await api.post(
      "/common/upload/uploadFile",
      {},
      { token: member.token, raw: form, headers: { "Accept-Language": "en" } },
    );
    expect(res.code, res.msg).toBe(0);
    expect((res.data as Message).thread_id).toBe(root.id);
    const thread = await threadOf(owner, root.id);
    expect(thread.data.map((m) => m.fileName)).toEqual(["logo.txt"]);
  });

  it("finds a reply by search, forwards it as a plain message, keeps it as a favourite, shows it with its root to the console", async () => {
    const root = await sendText(owner, group, "Which venue?");
    const reply = await sendText(member, group, "The kiwiharbour hall", {
      thread_id: root.id,
    });
    // The history panel's search finds the reply, marked as one.
    const searched = await post(third, "im/getMessageList", {
      toContactId: group,
      is_group: 1,
      type: "all",
      keywords: "kiwiharbour",
      page: 1,
      limit: 20,
    });
    expect(searched.code, searched.msg).toBe(0);
    expect(
      (searched.data as Message[]).map((m) => [m.id, m.thread_id]),
    ).toEqual([[reply.id, root.id]]);
    // Forwarded: a message of its own in the other chat, in no thread.
    const forwarded = await post(third, "im/forwardMessage", {
      user_ids: [owner.userId],
      msg_id: reply.msg_id,
    });
    expect(forwarded.code, forwarded.msg).toBe(0);
    const copies = await post(owner, "im/getMessageList", {
      toContactId: third.userId,
      is_group: 0,
    });
    const copy = (copies.data as Message[]).find((m) =>
      m.content.includes("kiwiharbour"),
    );
    expect(copy).toMatchObject({ thread_id: "", thread_broadcast: 0 });
    expect(copy?.thread).toBeUndefined();
    // A favourite keeps it, as a reply of its thread.
    const saved = await post(third, "collect/add", { msg_id: reply.msg_id });
    expect(saved.code, saved.msg).toBe(0);
    const favourites = await post(third, "collect/index", { page: 1 });
    const favourite = (favourites.data as Array<{ message: Message }>).find(
      (f) => f.message.id === reply.id,
    );
    expect(favourite?.message.thread_id).toBe(root.id);
    // The console's message centre lists it with the quote of its root.
    const admin = await loginAdmin(api);
    const centre = await api.post(
      "/manage/message/index",
      { is_group: 2, limit: 50 },
      { token: admin.token },
    );
    expect(centre.code, centre.msg).toBe(0);
    const row = (centre.data as Message[]).find((m) => m.id === reply.id);
    expect(row?.thread_id).toBe(root.id);
    expect(row?.extends.quote).toMatchObject({
      msg_id: root.msg_id,
      content: "Which venue?",
    });
  });

  it("counts a mention in a thread reply in the mentioned member's at-me", async () => {
    const root = await sendText(owner, group, "Who reviews?");
    const reply = await sendText(member, group, "Could you?", {
      thread_id: root.id,
      at: [String(third.userId)],
    });
    const contacts = await post(third, "im/getContacts", {});
    const chat = (contacts.data as { id: unknown; is_at: number }[]).find(
      (c) => c.id === group,
    );
    expect(chat?.is_at).toBeGreaterThanOrEqual(1);
    const mentions = await post(third, "im/getMessageList", {
      toContactId: group,
      is_group: 1,
      is_at: 1,
    });
    expect(mentions.code, mentions.msg).toBe(0);
    expect((mentions.data as Message[]).map((m) => m.id)).toContain(reply.id);
  });

  it("forgets a member's follows of a group's threads when they leave it, so no count of theirs keeps one", async () => {
    const [host, leaver, stayer] = await registerMany(api, 3, "Leaver");
    const chat = await createGroup(api, host, [leaver, stayer]);
    const root = await sendText(host, chat.id, "Offsite ideas?");
    await sendText(leaver, chat.id, "A lake", { thread_id: root.id });
    await sendText(host, chat.id, "Nice", { thread_id: root.id });
    const unread = async () =>
      (await post(leaver, "im/getThreads", { unread: 1 })).count;
    expect(await unread()).toBe(1);
    const left = await post(leaver, "group/removeUser", {
      id: chat.id,
      user_id: leaver.userId,
    });
    expect(left.code, left.msg).toBe(0);
    expect(await unread()).toBe(0);
    expect((await followed(leaver)).count).toBe(0);
    // The others keep theirs.
    expect((await followed(host)).data.some((t) => t.root.id === root.id)).toBe(
      true,
    );
  });

  it("keeps a thread in the chat with oneself, told as that chat (-1, kind 3)", async () => {
    const [me] = await registerMany(api, 1, "SelfThread");
    const socket = await boundSocket(me);
    try {
      const root = await sendText(me, -1, "Packing list");
      const reply = await sendText(me, -1, "Passport", {
        thread_id: root.id,
      });
      expect(reply.thread_id).toBe(root.id);
      const told = await threadUpdateOf(socket, root.id, 1);
      expect(told.data).toMatchObject({
        toContactId: -1,
        is_group: 3,
        unread: 0,
      });
    } finally {
      await socket.close();
    }
  });

  it("leaves a followed thread whose root I hid out of my page, not out of my count", async () => {
    const [host, reader, other] = await registerMany(api, 3, "HideRoot");
    const chat = await createGroup(api, host, [reader, other]);
    const kept = await sendText(host, chat.id, "Kept root");
    const hidden = await sendText(host, chat.id, "Hidden root");
    for (const root of [kept, hidden])
      expect(
        (await post(reader, "im/followThread", { id: root.id, follow: 1 }))
          .code,
      ).toBe(0);
    const gone = await post(reader, "im/removeMessage", { id: hidden.id });
    expect(gone.code, gone.msg).toBe(0);
    const list = await followed(reader);
    expect(list.data.map((t) => t.root.id)).toEqual([kept.id]);
    expect(list.count).toBe(2);
  });

  it("answers the same for a user who is not signed in", async () => {
    const res = await api.post("/enterprise/im/getThreads", {});
    expect(res.code).not.toBe(0);
  });
});

describe("threads across two processes", () => {
  it("counts replies sent through both at once exactly, and tells a follower bound to the other", async () => {
    const { one, two, close } = await startTwoProcesses();
    try {
      const [owner, a, b, watcher] = await registerMany(one, 4, "Both");
      const group = (await createGroup(one, owner, [a, b, watcher])).id;
      const via = (app: TestApp, user: TestUser, body: object) =>
        app.post(
          "/enterprise/im/sendMessage",
          {
            id: crypto.randomUUID(),
            type: "text",
            toContactId: group,
            is_group: 1,
            ...body,
          },
          { token: user.token },
        );
      const rootRes = await via(one, owner, { content: "root" });
      expect(rootRes.code, rootRes.msg).toBe(0);
      const root = rootRes.data as Message;
      const follow = await two.post(
        "/enterprise/im/followThread",
        { id: root.id, follow: 1 },
        { token: watcher.token },
      );
      expect(follow.code, follow.msg).toBe(0);
      const watching = await openSocket(two.url);
      await watching.bind(watcher.token);
      try {
        const sends = Array.from({ length: 20 }, (_, i) =>
          via(i % 2 === 0 ? one : two, i % 4 < 2 ? a : b, {
            content: `reply ${String(i)}`,
            thread_id: root.id,
          }),
        );
        for (const res of await Promise.all(sends))
          expect(res.code, res.msg).toBe(0);
        // The last count reaches the follower bound to the other process.
        const update = await watching.next("threadUpdate", (f) => {
          const data = f.data as { id: string; count: number };
          return data.id === root.id && data.count === 20;
        });
        expect((update.data as { unread: number }).unread).toBe(20);
        const list = await one.post(
          "/enterprise/im/getThreads",
          {},
          { token: watcher.token },
        );
        expect(
          (list.data as FollowedThread[]).find((t) => t.root.id === root.id),
        ).toMatchObject({ count: 20, unread: 20 });
        const thread = await two.post(
          "/enterprise/im/getThread",
          { id: root.id, limit: 50 },
          { token: owner.token },
        );
        expect((thread.data as ThreadPage).count).toBe(20);
        expect((thread.data as ThreadPage).data).toHaveLength(20);
      } finally {
        await watching.close();
      }
    } finally {
      await close();
    }
  });
});
