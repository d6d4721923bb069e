import type { FollowedThread, Message } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/build-test-app.js";
import {
  createGroup,
  registerMany,
  type TestUser,
} from "../../../test/factories.js";
import { chatHelpers } from "../../../test/chat.js";

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

const { post, sendText } = chatHelpers(() => api);

interface ThreadPage {
  root: Message;
  data: Message[];
  count: number;
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
  return res.data as { data: FollowedThread[]; count: number };
}

describe("threads", () => {
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let group: string;

  beforeAll(async () => {
    let third: TestUser;
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

  it("answers the same for a user who is not signed in", async () => {
    const res = await api.post("/enterprise/im/getThreads", {});
    expect(res.code).not.toBe(0);
  });
});
