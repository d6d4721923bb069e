import { describe, expect, it } from "vitest";
import { makeContact } from "../../../test/factories";
import {
  isBuiltInEntry,
  isNoticesEntry,
  shownContacts,
  systemEntry,
} from "./system-entry";

const words = {
  name: "Friend requests",
  noticesName: "System notices",
  selfName: "File transfer",
  selfIdle: "Send files and notes to yourself",
  idle: "See your requests",
  waiting: (count: number) => `${count} waiting`,
  addedYou: (name: string) => `${name} wants to be your friend`,
};

describe("the chat with myself (wire-contract.md §4.4)", () => {
  it("is named in the reader's words, and says what it is for until its first message", () => {
    const server = makeContact(0, {
      id: -1,
      is_group: 3,
      displayName: "文件传输",
      lastContent: "传输你的文件",
    });
    const [idle] = shownContacts([server], "1", words);
    expect(idle).toMatchObject({
      displayName: "File transfer",
      lastContent: "Send files and notes to yourself",
    });
    expect(isBuiltInEntry(server)).toBe(true);
    const [used] = shownContacts(
      [{ ...server, type: "text", lastContent: "milk" }],
      "1",
      words,
    );
    expect(used).toMatchObject({
      displayName: "File transfer",
      lastContent: "milk",
    });
  });
});

describe("the friend-request entry (wire-contract.md §5.2)", () => {
  it("is seeded by getContacts' envelope: count as its badge, page as its time", () => {
    const entry = systemEntry(3, 1_700_000_000_000);
    expect(entry).toMatchObject({
      id: "system",
      is_group: 2,
      unread: 3,
      lastSendTime: 1_700_000_000_000,
      is_notice: 1,
    });
  });

  it("is shown in run mode 2 only, in the reader's words", () => {
    const list = [makeContact(2), systemEntry(0, 0)];
    expect(shownContacts(list, "1", words).map((c) => c.id)).toEqual([2]);
    expect(shownContacts(list, undefined, words).map((c) => c.id)).toEqual([2]);
    const shown = shownContacts(list, "2", words);
    expect(shown.map((c) => c.id)).toEqual([2, "system"]);
    expect(shown[1]).toMatchObject({
      displayName: "Friend requests",
      lastContent: "See your requests",
    });
  });

  it("says how many wait, or who asked last when a request came live", () => {
    const waiting = shownContacts([systemEntry(2, 5)], "2", words)[0];
    expect(waiting?.lastContent).toBe("2 waiting");
    const live = shownContacts(
      [
        {
          ...systemEntry(3, 5),
          lastEvent: { key: "friend.addedYou", user_id: 9, realname: "张三丰" },
        },
      ],
      "2",
      words,
    )[0];
    expect(live?.lastContent).toBe("张三丰 wants to be your friend");
  });

  it("never has a negative badge", () => {
    expect(systemEntry(-1, 0).unread).toBe(0);
  });
});

describe("the system notices entry (issue 12)", () => {
  const notices = {
    ...makeContact(0),
    id: "admin_notice",
    is_group: 2,
    displayName: "系统公告",
    avatar: "https://chat.example.com/static/img/avatar.png",
    lastContent: "Maintenance tonight",
  };

  it("is shown in every run mode, in the reader's words, with its own icon", () => {
    for (const runMode of ["1", "2"]) {
      const [shown] = shownContacts([notices], runMode, words);
      expect(shown).toMatchObject({
        id: "admin_notice",
        displayName: "System notices",
        avatar: "",
        lastContent: "Maintenance tonight",
      });
    }
  });

  it("is told apart from people, groups and the friend-request entry", () => {
    expect(isNoticesEntry(notices)).toBe(true);
    expect(isBuiltInEntry(notices)).toBe(true);
    expect(isBuiltInEntry(systemEntry(0, 0))).toBe(true);
    expect(isNoticesEntry(systemEntry(0, 0))).toBe(false);
    expect(isBuiltInEntry(makeContact(2))).toBe(false);
  });
});
