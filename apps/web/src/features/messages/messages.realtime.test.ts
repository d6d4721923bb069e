import type { Contact, ContactId } from "@parley/protocol";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { makeContact, makeMessage } from "../../../test/factories";
import type { RealtimeContext } from "../../api/socket";
import { contactsKey } from "../contacts";
import { useChatUiStore } from "../../stores/chat-ui.store";
import { chatOf, messagesRealtime } from "./messages.realtime";
import {
  type MessagePages,
  messagesKey,
  upsertMessage,
} from "./messages.queries";

/** User 1's chat with user 2: two of mine, one of theirs, all unread. */
function chatWith2(): RealtimeContext {
  const client = new QueryClient();
  client.setQueryData<MessagePages>(messagesKey(2), {
    pages: [[makeMessage(1, 1), makeMessage(2, 2), makeMessage(3, 1)]],
    pageParams: [{ lastId: 0, limit: 10 }],
  });
  return { client, me: 1, navigate: vi.fn() };
}

const readMarks = (ctx: RealtimeContext) =>
  ctx.client
    .getQueryData<MessagePages>(messagesKey(2))
    ?.pages.flat()
    .map((m) => [m.id, m.is_read]);

describe("read marks from the socket (wire-contract.md §3.6)", () => {
  it("isRead marks the named messages of mine read, in the reader's chat", () => {
    const ctx = chatWith2();
    messagesRealtime.events?.isRead?.(
      [
        { id: "m1", msg_id: 1, is_read: 1, toContactId: 2 },
        // Not mine: a read mark only ever concerns the sender's own messages.
        { id: "m2", msg_id: 2, is_read: 1, toContactId: 2 },
      ],
      ctx,
    );
    expect(readMarks(ctx)).toEqual([
      ["m1", 1],
      ["m2", 0],
      ["m3", 0],
    ]);
  });

  it("keeps my message read when its send's answer (unread) comes after the read mark", () => {
    const ctx = chatWith2();
    // Read before its stored copy reached the chat (the send's answer on its way)…
    messagesRealtime.events?.isRead?.(
      [{ id: "m4", msg_id: 4, is_read: 1, toContactId: 2 }],
      ctx,
    );
    upsertMessage(ctx.client, 2, { ...makeMessage(4, 1), is_read: 0 });
    // …and read already, when a later copy says unread.
    messagesRealtime.events?.isRead?.(
      [{ id: "m1", msg_id: 1, is_read: 1, toContactId: 2 }],
      ctx,
    );
    upsertMessage(ctx.client, 2, { ...makeMessage(1, 1), is_read: 0 });
    expect(readMarks(ctx)).toEqual([
      ["m1", 1],
      ["m2", 0],
      ["m3", 0],
      ["m4", 1],
    ]);
  });

  it("readAll marks every message of mine in that chat read", () => {
    const ctx = chatWith2();
    messagesRealtime.events?.readAll?.({ toContactId: 2 }, ctx);
    expect(readMarks(ctx)).toEqual([
      ["m1", 1],
      ["m2", 0],
      ["m3", 1],
    ]);
  });
});

describe("group messages and group events from the socket", () => {
  const GROUP = "group-4";
  function withGroup(open: ContactId | null) {
    const client = new QueryClient();
    client.setQueryData<Contact[]>(contactsKey, [
      makeContact(4, {
        id: GROUP,
        is_group: 1,
        unread: 0,
        is_at: 0,
        displayName: "Team",
      }),
    ]);
    client.setQueryData<MessagePages>(messagesKey(GROUP), {
      pages: [[]],
      pageParams: [{ lastId: 0, limit: 10 }],
    });
    useChatUiStore.getState().open(open);
    const ctx: RealtimeContext = { client, me: 1, navigate: vi.fn() };
    const group = () =>
      client.getQueryData<Contact[]>(contactsKey)?.find((c) => c.id === GROUP);
    return { ctx, group };
  }
  const groupMessage = (seq: number, at: string[] = []) =>
    makeMessage(seq, 2, {
      is_group: 1,
      toContactId: GROUP,
      toUser: GROUP,
      at,
    });

  it("files a group message under the group, counts it unread and raises at-me when I am named", () => {
    const { ctx, group } = withGroup(null);
    messagesRealtime.events?.group?.(groupMessage(1), ctx);
    messagesRealtime.events?.group?.(groupMessage(2, ["1"]), ctx);
    messagesRealtime.events?.group?.(groupMessage(3, ["0"]), ctx);
    messagesRealtime.events?.group?.(groupMessage(4, ["9"]), ctx);
    expect(group()).toMatchObject({ unread: 4, is_at: 2 });
    expect(
      ctx.client
        .getQueryData<MessagePages>(messagesKey(GROUP))
        ?.pages.flat()
        .map((m) => m.seq),
    ).toEqual([1, 2, 3, 4]);
    expect(chatOf(groupMessage(1), 1)).toBe(GROUP);
  });

  it("files a note from another device of mine under the chat with myself", () => {
    const note = makeMessage(5, 1, {
      toContactId: -1,
      toUser: -1,
      is_group: 3,
    });
    expect(chatOf(note, 1)).toBe(-1);
  });

  it("clears the count and at-me when I read the chat on another device", () => {
    const { ctx, group } = withGroup(null);
    messagesRealtime.events?.group?.(groupMessage(1, ["1"]), ctx);
    messagesRealtime.events?.group?.(groupMessage(2), ctx);
    expect(group()).toMatchObject({ unread: 2, is_at: 1 });
    messagesRealtime.events?.chatRead?.({ toContactId: GROUP }, ctx);
    expect(group()).toMatchObject({ unread: 0, is_at: 0 });
  });

  it("closes the open group's chat when I am removed or it is disbanded", () => {
    const { ctx } = withGroup(GROUP);
    messagesRealtime.events?.removeUser?.(
      { group_id: GROUP, user_id: 7, avatar: "" },
      ctx,
    );
    expect(useChatUiStore.getState().openContactId).toBe(GROUP);
    messagesRealtime.events?.removeUser?.(
      { group_id: GROUP, user_id: 1, avatar: "" },
      ctx,
    );
    expect(useChatUiStore.getState().openContactId).toBeNull();
    useChatUiStore.getState().open(GROUP);
    messagesRealtime.events?.removeGroup?.({ group_id: GROUP }, ctx);
    expect(useChatUiStore.getState().openContactId).toBeNull();
  });
});

describe("group read receipts from the socket (issue 8)", () => {
  const GROUP = "group-9";
  function groupChat(messages: ReturnType<typeof makeMessage>[]) {
    const client = new QueryClient();
    client.setQueryData<MessagePages>(messagesKey(GROUP), {
      pages: [messages],
      pageParams: [{ lastId: 0, limit: 10 }],
    });
    return { client, me: 1, navigate: vi.fn() } satisfies RealtimeContext;
  }
  const counts = (ctx: RealtimeContext) =>
    ctx.client
      .getQueryData<MessagePages>(messagesKey(GROUP))
      ?.pages.flat()
      .map((m) => [m.id, m.readCount ?? null]);
  const at = (id: number, from: number, seq: number, read?: number) => ({
    ...makeMessage(id, from),
    seq,
    ...(read === undefined ? {} : { readCount: read, readTotal: 3 }),
  });

  it("counts a reader once per message read, up to the total, not the reader's own", () => {
    const ctx = groupChat([
      at(1, 1, 1, 0),
      at(2, 1, 2, 3),
      at(3, 5, 3, 1),
      at(4, 1, 4, 0),
    ]);
    messagesRealtime.events?.groupRead?.(
      { group_id: GROUP, user_id: 5, from_seq: 0, to_seq: 3 },
      ctx,
    );
    expect(counts(ctx)).toEqual([
      ["m1", 1],
      ["m2", 3],
      ["m3", 1],
      ["m4", 0],
    ]);
  });

  it("starts my message at one read when the read comes before my send's answer", () => {
    const ctx = groupChat([at(1, 1, 1)]);
    messagesRealtime.events?.groupRead?.(
      { group_id: GROUP, user_id: 5, from_seq: 0, to_seq: 1 },
      ctx,
    );
    expect(counts(ctx)).toEqual([["m1", 1]]);
    // The answer, counted before that read, never lowers the count.
    upsertMessage(ctx.client, GROUP, at(1, 1, 1, 0));
    expect(counts(ctx)).toEqual([["m1", 1]]);
  });
});

describe("edits from the socket (extensions.md §2)", () => {
  const held = (ctx: RealtimeContext) =>
    ctx.client
      .getQueryData<MessagePages>(messagesKey(2))
      ?.pages.flat()
      .map((m) => [m.id, m.content, m.editTime]);

  it("updateMessage replaces the text and edit time, and the list's last line when it is the newest", () => {
    const ctx = chatWith2();
    ctx.client.setQueryData<Contact[]>(contactsKey, [
      makeContact(2, { lastContent: "text 3" }),
    ]);
    messagesRealtime.events?.updateMessage?.(
      { id: "m2", type: "text", content: "fixed", editTime: 5 },
      ctx,
    );
    expect(held(ctx)).toEqual([
      ["m1", "text 1", 0],
      ["m2", "fixed", 5],
      ["m3", "text 3", 0],
    ]);
    // Not the newest: the list keeps its last line.
    const lastLine = () =>
      ctx.client.getQueryData<Contact[]>(contactsKey)?.[0]?.lastContent;
    expect(lastLine()).toBe("text 3");
    messagesRealtime.events?.updateMessage?.(
      { id: "m3", type: "text", content: "newest, fixed", editTime: 6 },
      ctx,
    );
    expect(lastLine()).toBe("newest, fixed");
  });

  it("never puts an older version over a later edit, whichever arrives last", () => {
    const ctx = chatWith2();
    messagesRealtime.events?.updateMessage?.(
      { id: "m1", type: "text", content: "second", editTime: 20 },
      ctx,
    );
    messagesRealtime.events?.updateMessage?.(
      { id: "m1", type: "text", content: "first", editTime: 10 },
      ctx,
    );
    // A page read before the edit, arriving after it.
    upsertMessage(ctx.client, 2, makeMessage(1, 1));
    expect(held(ctx)?.[0]).toEqual(["m1", "second", 20]);
  });
});
