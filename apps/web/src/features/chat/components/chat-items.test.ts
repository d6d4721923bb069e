import type { Message } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { chatItems } from "./chat-items";

const me = { id: 1, avatar: "/me.png", name: "Me" };

function message(
  seq: number,
  from: number,
  patch: Partial<Message> = {},
): Message {
  return {
    msg_id: seq,
    id: `m${seq}`,
    seq,
    status: "succeed",
    type: "text",
    content: `text ${seq}`,
    sendTime: 1_700_000_000_000 + seq * 1000,
    is_read: 0,
    is_group: 0,
    at: [],
    toContactId: from === 1 ? 2 : 1,
    toUser: from === 1 ? 2 : 1,
    from_user: from,
    fromUser: {
      id: from,
      user_id: from,
      realname: "X",
      displayName: "X",
      account: "x",
      avatar: "",
      name_py: "",
    },
    file_id: 0,
    fileName: "",
    fileSize: 0,
    preview: "",
    download: "",
    pid: 0,
    extends: {},
    ...patch,
  };
}

describe("the message list's rows", () => {
  it("orders pages oldest first, then unacknowledged sends", () => {
    const rows = chatItems(
      [
        [message(3, 1), message(4, 2)],
        [message(1, 2), message(2, 1)],
      ],
      [
        {
          id: "out",
          contactId: 2,
          content: "going",
          sendTime: 1_700_000_010_000,
          status: "going",
        },
      ],
      me,
    );
    expect(rows.map((r) => r.content)).toEqual([
      "text 1",
      "text 2",
      "text 3",
      "text 4",
      "going",
    ]);
    expect(rows.at(-1)).toMatchObject({ status: "going", mine: true });
  });

  it("replaces an outbox entry once its stored copy arrives", () => {
    const rows = chatItems(
      [[message(1, 1, { id: "same" })]],
      [
        {
          id: "same",
          contactId: 2,
          content: "text 1",
          sendTime: 0,
          status: "failed",
        },
      ],
      me,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("succeed");
    expect(rows[0]?.pending).toBeUndefined();
  });

  it("shows read marks only on my stored one-to-one messages", () => {
    const rows = chatItems(
      [[message(1, 1, { is_read: 1 }), message(2, 2), message(3, 1)]],
      [],
      me,
    );
    expect(rows.map((r) => r.read)).toEqual([true, undefined, false]);
  });

  it("puts a time divider after a gap of more than a minute", () => {
    const rows = chatItems(
      [
        [
          message(1, 1),
          message(2, 1, { sendTime: 1_700_000_000_000 + 2000 + 61_000 }),
          message(3, 1, { sendTime: 1_700_000_000_000 + 64_000 }),
        ],
      ],
      [],
      me,
    );
    expect(rows.map((r) => r.divider)).toEqual([true, true, false]);
  });
});
