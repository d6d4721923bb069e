import { describe, expect, it } from "vitest";
import { makeContact, makeSelfChat } from "../../../test/factories";
import {
  chatsOfTab,
  directory,
  matchRank,
  needsPinyin,
  rankContacts,
  searchSections,
} from "./contact-search";
import { buildPinyinIndex } from "./contacts.pinyin";

const names = (list: readonly { displayName: string }[]) =>
  list.map((c) => c.displayName);

const bob = makeContact(2, {
  displayName: "Bob",
  realname: "Bob",
  account: "bob",
  name_py: "bob",
  index: "B",
});
const bobby = makeContact(3, {
  displayName: "Bobby Tables",
  realname: "Bobby Tables",
  account: "tables",
  name_py: "bobbytables",
  index: "B",
});
const alice = makeContact(4, {
  displayName: "Alice",
  realname: "Alice",
  account: "alice.bobson",
  name_py: "alice",
  index: "A",
  lastContent: "hi",
  lastSendTime: 1_700_000_100_000,
});
const zhang = makeContact(5, {
  displayName: "张三",
  realname: "张三",
  account: "zhangsan",
  name_py: "zhangsan",
  index: "Z",
});
const team = makeContact(6, {
  id: "group-1",
  displayName: "Bob's team",
  name_py: "bobsteam",
  index: "B",
  is_group: 1,
});

describe("matching a contact to a search (issue 15, fault 6)", () => {
  it("ranks the exact name, then its start, a word, the account, inside the name", () => {
    expect(matchRank(bob, "bob")).toBe(0);
    expect(matchRank(bobby, "bob")).toBe(1);
    expect(matchRank(bobby, "tab")).toBe(2);
    expect(matchRank(alice, "ali")).toBe(1);
    expect(matchRank(alice, "alice.bob")).toBe(3);
    expect(matchRank(bobby, "bby")).toBe(5);
    expect(matchRank(alice, "bobson")).toBe(6);
    expect(matchRank(alice, "zzz")).toBeNull();
    // A single letter matches at the start of a name or word, not anywhere inside.
    expect(matchRank(bobby, "t")).toBe(2);
    expect(matchRank(bobby, "y")).toBeNull();
    expect(matchRank(alice, "b")).toBeNull();
    expect(matchRank(alice, "   ")).toBeNull();
  });

  it("ignores case and full-width letters, and trims the search", () => {
    expect(matchRank(bob, "BOB")).toBe(0);
    expect(matchRank(bob, "ｂｏｂ")).toBe(0);
    expect(matchRank(bob, "  Bob ")).toBe(0);
  });

  it("matches a nickname or remark and the real name behind it", () => {
    const renamed = makeContact(7, {
      displayName: "Dad",
      realname: "Robert",
      account: "rob",
      name_py: "robert",
    });
    expect(matchRank(renamed, "dad")).toBe(0);
    expect(matchRank(renamed, "robert")).toBe(3);
    expect(matchRank(renamed, "rob")).toBe(3);
  });

  it("matches a Chinese name by the pinyin the server sends", () => {
    expect(matchRank(zhang, "zhang")).toBe(3);
    const bySpelling = makeContact(8, {
      displayName: "李四",
      realname: "李四",
      account: "ls2024",
      name_py: "lisi",
    });
    expect(matchRank(bySpelling, "lisi")).toBe(4);
    expect(matchRank(bySpelling, "si")).toBe(6);
    expect(matchRank(bySpelling, "张")).toBeNull();
    expect(matchRank(zhang, "张")).toBe(1);
    expect(matchRank(zhang, "三")).toBe(5);
  });

  it("matches initials and the pinyin of a remark once the pinyin is loaded", async () => {
    const remark = makeContact(9, {
      displayName: "老王",
      realname: "Wang Wei",
      account: "ww",
      name_py: "wang wei",
    });
    const index = await buildPinyinIndex([zhang, remark]);
    expect(index.get("张三")).toEqual({ full: "zhangsan", initials: "zs" });
    expect(index.get("老王")).toEqual({ full: "laowang", initials: "lw" });
    expect(index.has("Wang Wei")).toBe(false);
    expect(matchRank(zhang, "zs")).toBeNull();
    expect(matchRank(zhang, "zs", index)).toBe(4);
    expect(matchRank(remark, "laowang")).toBeNull();
    expect(matchRank(remark, "lao wang", index)).toBe(4);
  });

  it("asks for the pinyin only for a Latin search over a list with Chinese names", () => {
    expect(needsPinyin([zhang, bob], "zs")).toBe(true);
    expect(needsPinyin([zhang, bob], "Lao Wang")).toBe(true);
    expect(needsPinyin([bob, bobby], "zs")).toBe(false);
    expect(needsPinyin([zhang], "张")).toBe(false);
    expect(needsPinyin([zhang], "bob1")).toBe(false);
    expect(needsPinyin([zhang], "")).toBe(false);
  });

  it("orders matches best first, ties in the list's order", () => {
    expect(names(rankContacts([alice, bobby, team, bob], "bob"))).toEqual([
      "Bob",
      "Bobby Tables",
      "Bob's team",
      "Alice",
    ]);
  });
});

describe("search results in sections", () => {
  const everyone = [bobby, alice, zhang, team, bob];

  it("finds people with no chat yet, not only open chats", () => {
    const found = searchSections(everyone, "bob");
    expect(names(found.chats)).toEqual(["Alice"]);
    expect(names(found.people)).toEqual(["Bob", "Bobby Tables"]);
    expect(names(found.groups)).toEqual(["Bob's team"]);
  });

  it("puts a person or group with a chat under Chats only, most recent first among equals", () => {
    const bobChat = { ...bob, unread: 2 };
    const teamChat = {
      ...team,
      lastContent: "see you",
      lastSendTime: 1_700_000_200_000,
    };
    const found = searchSections([bobby, alice, teamChat, bobChat, bob], "bo");
    expect(names(found.chats)).toEqual(["Bob's team", "Bob", "Alice"]);
    expect(found.chats.map((c) => c.id)).toEqual(["group-1", 2, 4]);
    expect(names(found.people)).toEqual(["Bob", "Bobby Tables"]);
    expect(found.groups).toEqual([]);
  });

  it("lists everyone for an empty search: chats by recency, the rest A to Z", () => {
    const found = searchSections(everyone, " ");
    expect(names(found.chats)).toEqual(["Alice"]);
    expect(names(found.people)).toEqual(["Bob", "Bobby Tables", "张三"]);
    expect(names(found.groups)).toEqual(["Bob's team"]);
  });

  it("answers empty sections when nothing matches", () => {
    expect(searchSections(everyone, "nobody")).toEqual({
      chats: [],
      people: [],
      groups: [],
    });
  });
});

describe("the lists without a search", () => {
  it("shows chats by tab: pinned first, then the latest", () => {
    const pinned = makeContact(10, {
      displayName: "Pinned",
      lastContent: "old",
      lastSendTime: 1,
      is_top: 1,
    });
    const unread = makeContact(11, {
      displayName: "Unread",
      unread: 3,
      lastSendTime: 5,
    });
    const at = makeContact(12, {
      displayName: "At",
      lastContent: "@me",
      is_at: 1,
      lastSendTime: 9,
    });
    const list = [bob, unread, at, pinned];
    expect(names(chatsOfTab(list, "all"))).toEqual(["Pinned", "At", "Unread"]);
    expect(names(chatsOfTab(list, "unread"))).toEqual(["Unread"]);
    expect(names(chatsOfTab(list, "at"))).toEqual(["At"]);
  });

  it("lists the chat with myself among the chats once it has a message, not for its standing line", () => {
    const self = makeSelfChat();
    expect(names(chatsOfTab([self, alice], "all"))).toEqual(["Alice"]);
    const used = { ...self, type: "file", lastSendTime: 1_700_000_200_000 };
    expect(names(chatsOfTab([used, alice], "all"))).toEqual([
      "File transfer",
      "Alice",
    ]);
  });

  it("shows the directory A to Z by letter group and pinyin", () => {
    expect(names(directory([zhang, bobby, alice, bob]))).toEqual([
      "Alice",
      "Bob",
      "Bobby Tables",
      "张三",
    ]);
  });
});
