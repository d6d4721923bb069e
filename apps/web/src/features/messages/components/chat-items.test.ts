import { describe, expect, it } from "vitest";
import { makeMessage } from "../../../../test/factories";
import {
  chatItems,
  firstUnreadKey,
  GROUP_GAP_MS,
  senderName,
  unreadMissing,
} from "./chat-items";

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

  it("marks a group notice's line with its notice, to show in the reader's language (issue 51 item 16)", () => {
    const [row, plain] = chatItems(
      [
        [
          makeMessage(1, 2, {
            content: "群公告：@所有人 Standup",
            extends: { event: "notice", notice: "Standup" },
          }),
          makeMessage(2, 2),
        ],
      ],
      [],
      me,
    );
    expect(row).toMatchObject({ notice: "Standup" });
    expect(plain?.notice).toBeUndefined();
  });

  it("shows an outbox entry waiting for the connection as waiting, and a refusal's reason (issue 51 item 1)", () => {
    const rows = chatItems(
      [],
      [
        {
          id: "w",
          contactId: 2,
          content: "later",
          sendTime: 1,
          status: "going",
          waiting: true,
        },
        {
          id: "f",
          contactId: 2,
          content: "no",
          sendTime: 2,
          status: "failed",
          reason: "Not a member",
        },
      ],
      me,
    );
    expect(rows.map((r) => [r.status, r.statusReason])).toEqual([
      ["waiting", undefined],
      ["failed", "Not a member"],
    ]);
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

  it("groups one sender's consecutive messages and starts again at a divider or another sender", () => {
    const at = (s: number) => 1_700_000_000_000 + s * 1000;
    const rows = chatItems(
      [
        [
          makeMessage(1, 2, { sendTime: at(0) }),
          makeMessage(2, 2, { sendTime: at(20) }),
          makeMessage(3, 1, { sendTime: at(40) }),
          makeMessage(4, 1, { sendTime: at(50) }),
          // two minutes later: a time divider, so a new group
          makeMessage(5, 1, { sendTime: at(170) }),
          makeMessage(6, 2, { sendTime: at(171) }),
        ],
      ],
      [
        {
          id: "out",
          contactId: 2,
          content: "going",
          sendTime: at(172),
          status: "going",
        },
      ],
      me,
    );
    expect(rows.map((r) => r.groupStart)).toEqual([
      true,
      false,
      true,
      false,
      true,
      true,
      true,
    ]);
  });

  it("starts a new group once a run of one sender lasts longer than the group gap", () => {
    // 59 s apart: no time divider between any two, but the run is cut every five minutes.
    const rows = chatItems(
      [
        Array.from({ length: 12 }, (_, i) =>
          makeMessage(i + 1, 2, {
            sendTime: 1_700_000_000_000 + i * 59_000,
          }),
        ),
      ],
      [],
      me,
    );
    expect(rows.filter((r) => r.divider)).toHaveLength(1);
    const starts = rows.flatMap((r, i) => (r.groupStart ? [i] : []));
    expect(starts).toEqual([0, Math.floor(GROUP_GAP_MS / 59_000) + 1]);
  });

  it("puts the new-messages line above the first unread message and breaks the group there", () => {
    const pages = [
      [makeMessage(5, 2), makeMessage(6, 1), makeMessage(7, 2)],
      [makeMessage(2, 2), makeMessage(3, 2), makeMessage(4, 2)],
    ];
    // three unread from user 2: messages 7, 5 and 4 (mine, 6, does not count)
    const key = firstUnreadKey(pages, me.id, 3);
    expect(key).toBe("2:m4");
    const rows = chatItems(pages, [], me, key);
    expect(rows.map((r) => r.unreadDivider)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(rows[2]?.groupStart).toBe(true);
    expect(rows[1]?.groupStart).toBe(false);
  });

  it("knows when the loaded pages do not reach the first unread message yet", () => {
    const pages = [[makeMessage(9, 2), makeMessage(10, 2)]];
    expect(firstUnreadKey(pages, me.id, 0)).toBeNull();
    expect(unreadMissing(pages, me.id, 0)).toBe(0);
    expect(unreadMissing(pages, me.id, 2)).toBe(0);
    expect(unreadMissing(pages, me.id, 120)).toBe(118);
    // fewer held than unread (the start of the history): the oldest held one
    expect(firstUnreadKey(pages, me.id, 3)).toBe("2:m9");
    expect(firstUnreadKey([[makeMessage(1, 1)]], me.id, 3)).toBeNull();
  });

  it("counts the replies in threads a page leaves out (gaps in the sequence) among the unread", () => {
    // 2, 4 and 7 are roots; 3, 5 and 6 replies in threads, not in the page.
    const pages = [[makeMessage(2, 2), makeMessage(4, 2), makeMessage(7, 2)]];
    // Three unread: 7, then the replies 6 and 5: the line goes above 7.
    expect(firstUnreadKey(pages, me.id, 3)).toBe("2:m7");
    // Four unread: 7, 6, 5 and 4.
    expect(firstUnreadKey(pages, me.id, 4)).toBe("2:m4");
    expect(unreadMissing(pages, me.id, 6)).toBe(0);
    expect(unreadMissing(pages, me.id, 9)).toBe(3);
    // Replies after the newest message (its root's thread says so) take the first places.
    const busy = [
      [
        makeMessage(2, 2),
        makeMessage(4, 2, {
          thread: {
            count: 2,
            lastTime: makeMessage(9, 2).sendTime,
            user_ids: [2],
          },
        }),
      ],
    ];
    expect(firstUnreadKey(busy, me.id, 1)).toBeNull();
    expect(firstUnreadKey(busy, me.id, 2)).toBe("2:m4");
  });
});

describe("senderName", () => {
  const from = (patch: object) => ({
    ...makeMessage(1, 2).fromUser,
    displayName: "CI",
    ...patch,
  });
  it("shows a webhook bot's given name, and a person's own name whatever extends says", () => {
    expect(
      senderName(
        makeMessage(1, 2, {
          fromUser: from({ is_bot: 1 }),
          extends: { hookName: "jenkins" },
        }),
      ),
    ).toBe("jenkins");
    expect(
      senderName(
        makeMessage(1, 2, {
          fromUser: from({}),
          extends: { hookName: "Admin" },
        }),
      ),
    ).toBe("CI");
    expect(
      senderName(
        makeMessage(1, 2, { fromUser: from({ is_bot: 1 }), extends: {} }),
      ),
    ).toBe("CI");
  });
});
