import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { makeMessage } from "../../../test/factories";
import type { RealtimeContext } from "../../api/socket";
import { messagesRealtime } from "./messages.realtime";
import { type MessagePages, messagesKey } from "./messages.queries";

/** User 1's chat with user 2: two of mine, one of theirs, all unread. */
function chatWith2(): RealtimeContext {
  const client = new QueryClient();
  client.setQueryData<MessagePages>(messagesKey(2), {
    pages: [[makeMessage(1, 1), makeMessage(2, 2), makeMessage(3, 1)]],
    pageParams: [0],
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
