import type { FollowedThread, Message } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { makeMessage } from "../../../test/factories";
import {
  applyThreadUnread,
  followedKey,
  putReply,
  setFollowing,
  summaryChange,
  THREAD_PAGE,
  threadKey,
  type ThreadPages,
  type UnreadThreads,
  unreadThreadsKey,
  updateThreadMessages,
} from "./threads.queries";

/*
 * The thread caches (extensions.md §6) with a real QueryClient. Reply ids are kept
 * unique across the suite: the web project shares one module graph per worker, and
 * `putReply` remembers the replies it has counted for the life of the module.
 */

let serial = 0;
/** A name no other test (of this file or another) has used. */
const fresh = (name: string) => `tq-${name}-${++serial}`;

/** A root in chat 2 (from user 2), with a summary when given. */
function makeRoot(id: string, thread?: Message["thread"]): Message {
  return makeMessage(1, 2, { id, ...(thread ? { thread } : {}) });
}

/** A reply in the thread of `rootId`, `seq` seconds after the fixed instant. */
function makeReply(
  rootId: string,
  seq: number,
  from = 2,
  patch: Partial<Message> = {},
): Message {
  return makeMessage(seq, from, {
    id: fresh(`reply${seq}`),
    thread_id: rootId,
    ...patch,
  });
}

/** A loaded thread: one page per list of replies, all of the same root. */
function thread(root: Message, ...pages: Message[][]): ThreadPages {
  return {
    pages: pages.map((data) => ({
      root,
      data,
      count: pages.flat().length,
      following: 0,
    })),
    pageParams: pages.map((_, i) => pages[i - 1]?.at(-1)?.msg_id ?? 0),
  };
}

const held = (client: QueryClient, chat: 2 | 3, rootId: string) =>
  client.getQueryData<ThreadPages>(threadKey(chat, rootId));

const replyIds = (client: QueryClient, chat: 2 | 3, rootId: string) =>
  held(client, chat, rootId)?.pages.map((page) => page.data.map((m) => m.id));

describe("a reply put into its thread", () => {
  it("is appended in msg_id order when the thread's last page is not full", () => {
    const client = new QueryClient();
    const root = makeRoot(fresh("root"));
    const first = makeReply(root.id, 10);
    const third = makeReply(root.id, 30);
    client.setQueryData(threadKey(2, root.id), thread(root, [first, third]));
    // Arrives after the reply stored after it (a push overtaken by a page read).
    const second = makeReply(root.id, 20);
    putReply(client, 2, second);
    expect(replyIds(client, 2, root.id)).toEqual([
      [first.id, second.id, third.id],
    ]);
    const newest = makeReply(root.id, 40);
    putReply(client, 2, newest);
    expect(replyIds(client, 2, root.id)).toEqual([
      [first.id, second.id, third.id, newest.id],
    ]);
  });

  it("is not appended when the last page is full: the next page read brings it", () => {
    const client = new QueryClient();
    const root = makeRoot(fresh("root"));
    const full = Array.from({ length: THREAD_PAGE }, (_, i) =>
      makeReply(root.id, 10 + i),
    );
    client.setQueryData(threadKey(2, root.id), thread(root, full));
    const before = replyIds(client, 2, root.id);
    putReply(client, 2, makeReply(root.id, 500));
    expect(replyIds(client, 2, root.id)).toEqual(before);
    expect(held(client, 2, root.id)?.pages[0]?.data).toHaveLength(THREAD_PAGE);
  });

  it("goes only to the last page of a thread read in several pages", () => {
    const client = new QueryClient();
    const root = makeRoot(fresh("root"));
    const full = Array.from({ length: THREAD_PAGE }, (_, i) =>
      makeReply(root.id, 10 + i),
    );
    const tail = makeReply(root.id, 100);
    client.setQueryData(threadKey(2, root.id), thread(root, full, [tail]));
    const reply = makeReply(root.id, 101);
    putReply(client, 2, reply);
    const pages = replyIds(client, 2, root.id);
    expect(pages?.[0]).toHaveLength(THREAD_PAGE);
    expect(pages?.[1]).toEqual([tail.id, reply.id]);
  });

  it("replaces its own copy rather than adding a second one", () => {
    const client = new QueryClient();
    const root = makeRoot(fresh("root"));
    const reply = makeReply(root.id, 10);
    client.setQueryData(threadKey(2, root.id), thread(root, [reply]));
    putReply(client, 2, { ...reply, content: "stored" });
    expect(held(client, 2, root.id)?.pages[0]?.data).toEqual([
      { ...reply, content: "stored" },
    ]);
  });
});

describe("a reply counted on its root", () => {
  it("is counted once when it comes twice (a push, then the send's answer)", () => {
    const client = new QueryClient();
    const root = makeRoot(fresh("root"));
    client.setQueryData(threadKey(2, root.id), thread(root, []));
    const reply = makeReply(root.id, 10, 3);
    const fromPush = putReply(client, 2, reply);
    expect(fromPush).not.toBeNull();
    if (fromPush) updateThreadMessages(client, 2, fromPush);
    // The send's answer: the same reply, stored.
    const fromAnswer = putReply(client, 2, { ...reply, status: "succeed" });
    expect(fromAnswer).toBeNull();
    if (fromAnswer) updateThreadMessages(client, 2, fromAnswer);
    expect(held(client, 2, root.id)?.pages[0]?.root.thread).toEqual({
      count: 1,
      lastTime: reply.sendTime,
      user_ids: [3],
    });
    // Held once in the thread too.
    expect(replyIds(client, 2, root.id)).toEqual([[reply.id]]);
  });

  it("starts a summary on a root that had none, and leaves other messages alone", () => {
    const client = new QueryClient();
    const root = makeRoot(fresh("root"));
    const other = makeMessage(2, 1, { id: fresh("other") });
    const reply = makeReply(root.id, 10, 3);
    const change = putReply(client, 2, reply);
    expect(change?.(root).thread).toEqual({
      count: 1,
      lastTime: reply.sendTime,
      user_ids: [3],
    });
    expect(change?.(other)).toBe(other);
  });

  it("does not bump a summary whose last reply is newer (a page read counted it)", () => {
    const client = new QueryClient();
    const summary = {
      count: 5,
      lastTime: makeMessage(50, 2).sendTime,
      user_ids: [2],
    };
    const root = makeRoot(fresh("root"), summary);
    // Counted already: the count stays; its replier, new to the list, joins it.
    const older = makeReply(root.id, 40, 3);
    expect(putReply(client, 2, older)?.(root).thread).toEqual({
      ...summary,
      user_ids: [2, 3],
    });
    // As old as the last one: the same reply as far as the summary can tell.
    const same = makeReply(root.id, 50, 2);
    expect(putReply(client, 2, same)?.(root)).toBe(root);
    const newer = makeReply(root.id, 60, 3);
    expect(putReply(client, 2, newer)?.(root).thread).toEqual({
      count: 6,
      lastTime: newer.sendTime,
      user_ids: [2, 3],
    });
  });

  it("adds a new replier to user_ids once, and no more than ten", () => {
    const client = new QueryClient();
    const root = makeRoot(fresh("root"), {
      count: 1,
      lastTime: makeMessage(5, 2).sendTime,
      user_ids: [2],
    });
    const byNewcomer = putReply(client, 2, makeReply(root.id, 10, 3))?.(root);
    expect(byNewcomer?.thread?.user_ids).toEqual([2, 3]);
    const again = byNewcomer
      ? putReply(client, 2, makeReply(root.id, 11, 3))?.(byNewcomer)
      : undefined;
    expect(again?.thread).toMatchObject({ count: 3, user_ids: [2, 3] });

    const ten = Array.from({ length: 10 }, (_, i) => 20 + i);
    const crowded = makeRoot(fresh("root"), {
      count: 10,
      lastTime: makeMessage(5, 2).sendTime,
      user_ids: ten,
    });
    const eleventh = makeReply(crowded.id, 12, 99);
    expect(putReply(client, 2, eleventh)?.(crowded).thread).toEqual({
      count: 11,
      lastTime: eleventh.sendTime,
      user_ids: ten,
    });
  });
});

describe("summaryChange (threadUpdate)", () => {
  it("puts the server's count and last time on the root and keeps its repliers", () => {
    const root = makeRoot(fresh("root"), {
      count: 2,
      lastTime: 100,
      user_ids: [2, 5],
    });
    const change = summaryChange({ id: root.id, count: 7, lastTime: 90 });
    // The server's word wins, even over a later last time held here.
    expect(change(root).thread).toEqual({
      count: 7,
      lastTime: 90,
      user_ids: [2, 5],
    });
    expect(change(root).content).toBe(root.content);
    const other = makeMessage(3, 1, { id: fresh("other") });
    expect(change(other)).toBe(other);
    // A root with no summary yet gets one, with no repliers known.
    const bare = makeRoot(fresh("root"));
    expect(
      summaryChange({ id: bare.id, count: 1, lastTime: 5 })(bare).thread,
    ).toEqual({ count: 1, lastTime: 5, user_ids: [] });
  });
});

describe("updateThreadMessages", () => {
  it("changes the root and replies of that chat's threads only", () => {
    const client = new QueryClient();
    const rootA = makeRoot(fresh("root"));
    const rootB = makeRoot(fresh("root"));
    const elsewhere = makeRoot(fresh("root"));
    client.setQueryData(
      threadKey(2, rootA.id),
      thread(rootA, [makeReply(rootA.id, 10)], [makeReply(rootA.id, 11)]),
    );
    client.setQueryData(
      threadKey(2, rootB.id),
      thread(rootB, [makeReply(rootB.id, 12)]),
    );
    client.setQueryData(
      threadKey(3, elsewhere.id),
      thread(elsewhere, [makeReply(elsewhere.id, 13)]),
    );
    updateThreadMessages(client, 2, (m) => ({ ...m, content: "changed" }));
    const contents = (chat: 2 | 3, rootId: string) =>
      held(client, chat, rootId)?.pages.map((page) => [
        page.root.content,
        ...page.data.map((m) => m.content),
      ]);
    expect(contents(2, rootA.id)).toEqual([
      ["changed", "changed"],
      ["changed", "changed"],
    ]);
    expect(contents(2, rootB.id)).toEqual([["changed", "changed"]]);
    expect(contents(3, elsewhere.id)).toEqual([["text 1", "text 13"]]);
  });
});

describe("applyThreadUnread (the badge's list)", () => {
  /** A followed thread with unread replies, as getThreads answers it. */
  function followed(unread: number): FollowedThread {
    const root = makeRoot(fresh("root"));
    return { root, count: 4, lastTime: 100, unread };
  }

  function withUnread(threads: FollowedThread[], count = threads.length) {
    const client = new QueryClient();
    client.setQueryData<UnreadThreads>(unreadThreadsKey, { threads, count });
    client.setQueryData(followedKey, { pages: [], pageParams: [] });
    const state = () => client.getQueryData<UnreadThreads>(unreadThreadsKey);
    const invalidated = () =>
      client.getQueryState(unreadThreadsKey)?.isInvalidated;
    return { client, state, invalidated };
  }

  it("takes a thread read (unread 0) out of the list and counts one fewer", () => {
    const [a, b, c] = [followed(1), followed(2), followed(3)];
    const { client, state, invalidated } = withUnread([a, b, c], 7);
    applyThreadUnread(client, {
      id: b.root.id,
      count: 4,
      lastTime: 100,
      unread: 0,
    });
    expect(state()).toEqual({ threads: [a, c], count: 6 });
    expect(invalidated()).toBe(false);
    // The Threads view's list reads again.
    expect(client.getQueryState(followedKey)?.isInvalidated).toBe(true);
  });

  it("moves a listed thread with more unread replies first and keeps the count", () => {
    const [a, b, c] = [followed(1), followed(2), followed(3)];
    const { client, state, invalidated } = withUnread([a, b, c]);
    applyThreadUnread(client, {
      id: c.root.id,
      count: 6,
      lastTime: 200,
      unread: 5,
    });
    expect(state()?.count).toBe(3);
    expect(state()?.threads.map((t) => t.root.id)).toEqual([
      c.root.id,
      a.root.id,
      b.root.id,
    ]);
    expect(state()?.threads[0]).toMatchObject({
      root: c.root,
      count: 6,
      lastTime: 200,
      unread: 5,
    });
    expect(invalidated()).toBe(false);
  });

  it("reads the list afresh for a thread newly unread (its root is not known here)", () => {
    const a = followed(1);
    const { client, state, invalidated } = withUnread([a]);
    expect(invalidated()).toBe(false);
    applyThreadUnread(client, {
      id: fresh("unlisted"),
      count: 1,
      lastTime: 300,
      unread: 1,
    });
    expect(invalidated()).toBe(true);
    // Nothing guessed meanwhile.
    expect(state()).toEqual({ threads: [a], count: 1 });
  });

  it("leaves the list alone when a thread not in it is read", () => {
    const a = followed(1);
    const { client, state, invalidated } = withUnread([a]);
    applyThreadUnread(client, {
      id: fresh("unlisted"),
      count: 1,
      lastTime: 300,
      unread: 0,
    });
    expect(invalidated()).toBe(false);
    expect(state()).toEqual({ threads: [a], count: 1 });
  });
});

describe("setFollowing", () => {
  it("sets following on every page of that thread only", () => {
    const client = new QueryClient();
    const root = makeRoot(fresh("root"));
    const other = makeRoot(fresh("root"));
    client.setQueryData(
      threadKey(2, root.id),
      thread(root, [makeReply(root.id, 10)], [makeReply(root.id, 11)]),
    );
    client.setQueryData(threadKey(2, other.id), thread(other, []));
    const following = (rootId: string) =>
      held(client, 2, rootId)?.pages.map((page) => page.following);
    setFollowing(client, 2, root.id, true);
    expect(following(root.id)).toEqual([1, 1]);
    expect(following(other.id)).toEqual([0]);
    setFollowing(client, 2, root.id, false);
    expect(following(root.id)).toEqual([0, 0]);
    // A thread not loaded stays not loaded.
    setFollowing(client, 2, fresh("unloaded"), true);
    expect(
      client.getQueryCache().findAll({ queryKey: ["thread"] }),
    ).toHaveLength(2);
  });
});
