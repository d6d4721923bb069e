import { describe, expect, it } from "vitest";
import { makeMessage } from "../../../../test/factories";
import { chatItems } from "./chat-items";
import { eventLine } from "../../../lib/event-line";

const me = { id: 1, avatar: "", name: "Me" };
const t = (key: string, options: Record<string, string>) =>
  `${key} ${JSON.stringify(options)}`;
const line = (event: Record<string, unknown>, content = "张三 创建了群聊") =>
  chatItems(
    [
      [
        makeMessage(1, 2, {
          type: "event",
          content,
          extends: event,
          fromUser: { ...makeMessage(1, 2).fromUser, displayName: "Ann" },
        }),
      ],
    ],
    [],
    me,
  )[0];

describe("server-written group lines", () => {
  it("translates a known line with who acted and what it names", () => {
    const item = line({ event: "added", names: ["Bob", "Cid", 3] });
    expect(item?.event?.event).toBe("added");
    expect(item && eventLine(item.event, item.name, item.content, t)).toBe(
      'messages:events.added {"actor":"Ann","displayName":"","name":"","names":"Bob, Cid"}',
    );
    const renamed = line({ event: "renamed", displayName: "Launch" });
    expect(
      renamed && eventLine(renamed.event, renamed.name, renamed.content, t),
    ).toContain('"displayName":"Launch"');
    // The server names who acted, for the contact list, which has no sender.
    expect(
      eventLine({ event: "left", actor: "Zoe" }, "", "Zoe 退出了群聊", t),
    ).toContain('"actor":"Zoe"');
  });

  it("shows the stored text of a line it does not know", () => {
    const item = line({ event: "somethingNew" }, "李四 做了新的事");
    expect(item && eventLine(item.event, item.name, item.content, t)).toBe(
      "李四 做了新的事",
    );
  });

  it("breaks a sender's run: the message after a line starts a new one", () => {
    const rows = chatItems(
      [
        [
          makeMessage(1, 2),
          makeMessage(2, 2, { type: "event", extends: { event: "renamed" } }),
          makeMessage(3, 2),
        ],
      ],
      [],
      me,
    );
    expect(rows.map((r) => r.groupStart)).toEqual([true, false, true]);
  });
});
