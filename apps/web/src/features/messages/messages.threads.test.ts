import type { ContactId, FollowedThread, Message } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeMessage } from "../../../test/factories";
import type { RealtimeContext } from "../../api/socket";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { messagesRealtime } from "./messages.realtime";
import {
  type MessagePages,
  messagesKey,
  upsertMessage,
} from "./messages.queries";
import {
  threadKey,
  type ThreadPages,
  type UnreadThreads,
  unreadThreadsKey,
} from "./threads.queries";

/*
 * Thread replies and threadUpdate as the chat receives them (extensions.md §6): a reply
 * lives in its thread and is counted on its root in the chat; only a broadcast one is also
 * a line of the chat. Ids are unique across the suite (one module graph per worker: the
 * replies counted are remembered by the module).
 */

let serial = 0;
const fresh = (name: string) => `mt-${name}-${++serial}`;

/** The server's calls seen at `fetch`, by path and body; every one answered with code 0. */
let calls: Array<{ path: string; body: unknown }>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((path: string, init?: RequestInit) => {
      calls.push({
        path,
        body: JSON.parse(typeof init?.body === "string" ? init.body : "{}"),
      });
      return Promise.resolve(
        new Response(
          JSON.stringify({ code: 0, msg: "", data: "", count: 0, page: 1 }),
        ),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  useChatUiStore.getState().closeThread();
  useChatUiStore.getState().open(null);
});

/** User 1's chat with user 2: a root of user 2's between two plain messages. */
function chatWithRoot(thread?: Message["thread"]) {
  const client = new QueryClient();
  const root = makeMessage(2, 2, {
    id: fresh("root"),
    ...(thread ? { thread } : {}),
  });
  const before = makeMessage(1, 1, { id: fresh("plain") });
  const after = makeMessage(3, 1, { id: fresh("plain") });
  client.setQueryData<MessagePages>(messagesKey(2), {
    pages: [[before, root, after]],
    pageParams: [{ lastId: 0, limit: 10 }],
  });
  const ctx: RealtimeContext = { client, me: 1, navigate: vi.fn() };
  const chatIds = () =>
    client
      .getQueryData<MessagePages>(messagesKey(2))
      ?.pages.flat()
      .map((m) => m.id);
  const rootInChat = () =>
    client
      .getQueryData<MessagePages>(messagesKey(2))
      ?.pages.flat()
      .find((m) => m.id === root.id);
  return { client, ctx, root, before, after, chatIds, rootInChat };
}

/** A reply to `rootId` from user 2 in the chat with user 2. */
const replyTo = (rootId: string, seq: number, patch: Partial<Message> = {}) =>
  makeMessage(seq, 2, { id: fresh("reply"), thread_id: rootId, ...patch });

/** The thread of `root` loaded, with its replies so far, not followed. */
function loadThread(client: QueryClient, chat: ContactId, root: Message) {
  client.setQueryData<ThreadPages>(threadKey(chat, root.id), {
    pages: [{ root, data: [], count: 0, following: 0 }],
    pageParams: [0],
  });
  return () => client.getQueryData<ThreadPages>(threadKey(chat, root.id));
}

describe("a reply reaching the chat (upsertMessage)", () => {
  it("stays out of the chat's lines without broadcast, and its root counts it", () => {
    const { client, root, before, after, chatIds, rootInChat } = chatWithRoot();
    const inThread = loadThread(client, 2, root);
    const reply = replyTo(root.id, 10);
    upsertMessage(client, 2, reply);
    expect(chatIds()).toEqual([before.id, root.id, after.id]);
    expect(rootInChat()?.thread).toEqual({
      count: 1,
      lastTime: reply.sendTime,
      user_ids: [2],
    });
    // The thread has it, and its root there says the same.
    expect(inThread()?.pages[0]?.data.map((m) => m.id)).toEqual([reply.id]);
    expect(inThread()?.pages[0]?.root.thread?.count).toBe(1);
  });

  it("counts a pushed reply once when the send's answer brings it again", () => {
    const { client, root, chatIds, rootInChat } = chatWithRoot({
      count: 2,
      lastTime: makeMessage(5, 2).sendTime,
      user_ids: [2],
    });
    const reply = replyTo(root.id, 10, { from_user: 1 });
    upsertMessage(client, 2, reply);
    upsertMessage(client, 2, { ...reply });
    expect(rootInChat()?.thread).toEqual({
      count: 3,
      lastTime: reply.sendTime,
      user_ids: [2, 1],
    });
    expect(chatIds()).not.toContain(reply.id);
  });

  it("is both a chat line and in its thread when broadcast", () => {
    const { client, root, before, after, chatIds, rootInChat } = chatWithRoot();
    const inThread = loadThread(client, 2, root);
    const reply = replyTo(root.id, 10, { thread_broadcast: 1 });
    upsertMessage(client, 2, reply);
    expect(chatIds()).toEqual([before.id, root.id, after.id, reply.id]);
    expect(rootInChat()?.thread?.count).toBe(1);
    expect(inThread()?.pages[0]?.data.map((m) => m.id)).toEqual([reply.id]);
  });
});

describe("threadUpdate from the socket", () => {
  function listUnread(client: QueryClient, threads: FollowedThread[]) {
    client.setQueryData<UnreadThreads>(unreadThreadsKey, {
      threads,
      count: threads.length,
    });
    return () => client.getQueryData<UnreadThreads>(unreadThreadsKey);
  }

  it("puts the server's summary on the root in the chat and follows a loaded thread", () => {
    const { client, ctx, root, rootInChat } = chatWithRoot({
      count: 1,
      lastTime: 10,
      user_ids: [3],
    });
    const inThread = loadThread(client, 2, root);
    messagesRealtime.events?.threadUpdate?.(
      {
        id: root.id,
        toContactId: 2,
        is_group: 0,
        count: 4,
        lastTime: 99,
        unread: 2,
      },
      ctx,
    );
    expect(rootInChat()?.thread).toEqual({
      count: 4,
      lastTime: 99,
      user_ids: [3],
    });
    expect(inThread()?.pages.map((page) => page.following)).toEqual([1]);
    expect(inThread()?.pages[0]?.root.thread?.count).toBe(4);
    // The thread is not shown: nothing is read on its behalf.
    expect(calls).toEqual([]);
  });

  it("reads the thread shown while the page is visible, and takes it off the unread list", async () => {
    const { client, ctx, root } = chatWithRoot();
    expect(document.visibilityState).toBe("visible");
    const other: FollowedThread = {
      root: makeMessage(4, 2, { id: fresh("root") }),
      count: 1,
      lastTime: 5,
      unread: 1,
    };
    const unread = listUnread(client, [
      { root, count: 3, lastTime: 10, unread: 2 },
      other,
    ]);
    useChatUiStore.getState().openThread(2, root.id);
    messagesRealtime.events?.threadUpdate?.(
      {
        id: root.id,
        toContactId: 2,
        is_group: 0,
        count: 4,
        lastTime: 20,
        unread: 3,
      },
      ctx,
    );
    expect(unread()).toEqual({ threads: [other], count: 1 });
    await vi.waitFor(() => {
      expect(calls).toEqual([
        { path: "/enterprise/im/readThread", body: { id: root.id } },
      ]);
    });
  });

  it("leaves a thread that is not shown unread, first in the list", async () => {
    const { client, ctx, root } = chatWithRoot();
    const shown = makeMessage(4, 2, { id: fresh("root") });
    const first: FollowedThread = {
      root: shown,
      count: 1,
      lastTime: 5,
      unread: 1,
    };
    const unread = listUnread(client, [
      first,
      { root, count: 3, lastTime: 10, unread: 2 },
    ]);
    useChatUiStore.getState().openThread(2, shown.id);
    messagesRealtime.events?.threadUpdate?.(
      {
        id: root.id,
        toContactId: 2,
        is_group: 0,
        count: 4,
        lastTime: 20,
        unread: 3,
      },
      ctx,
    );
    expect(unread()?.count).toBe(2);
    expect(unread()?.threads.map((t) => [t.root.id, t.unread])).toEqual([
      [root.id, 3],
      [shown.id, 1],
    ]);
    // Nothing read on the server, once the tasks under way have run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });
});
