import { describe, expect, it } from "vitest";
import { makeMessage } from "../../../../test/factories";
import { chatItems } from "./chat-items";

const me = { id: 1, avatar: "/me.png", name: "Me" };

describe("the message list's rows", () => {
  it("orders pages oldest first, then unacknowledged sends", () => {
    const rows = chatItems(
      [
        [makeMessage(3, 1), makeMessage(4, 2)],
        [makeMessage(1, 2), makeMessage(2, 1)],
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
      [[makeMessage(1, 1, { id: "same" })]],
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
      [
        [
          makeMessage(1, 1, { is_read: 1 }),
          makeMessage(2, 2),
          makeMessage(3, 1),
        ],
      ],
      [],
      me,
    );
    expect(rows.map((r) => r.read)).toEqual([true, undefined, false]);
  });

  it("puts a time divider after a gap of more than a minute", () => {
    const rows = chatItems(
      [
        [
          makeMessage(1, 1),
          makeMessage(2, 1, { sendTime: 1_700_000_000_000 + 2000 + 61_000 }),
          makeMessage(3, 1, { sendTime: 1_700_000_000_000 + 64_000 }),
        ],
      ],
      [],
      me,
    );
    expect(rows.map((r) => r.divider)).toEqual([true, true, false]);
  });
});
